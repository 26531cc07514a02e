import { Router } from 'express';
import { chatListQuerySchema, chatPostBodySchema, chatRoomIdSchema } from '@shared/schemas/chat';
import { requireUser } from '../auth/require-user';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { teamNameFor, type ChatMessages } from './messages';
import type { ChatRoomAccess } from './room-access';

/**
 * The REST chat, on the same store and broadcast as the socket. Reading a page is limited per user
 * like the other API reads (`readRule`); posting shares the chat's own limit with the socket.
 */
export function createChatRouter(
  chat: ChatMessages,
  access: ChatRoomAccess,
  limiter: RateLimiter,
  readRule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  const limitedRead = rateLimit(limiter, { ...readRule, bucket: 'chat-read' });

  router.get('/games/:gameId/messages', requireUser, limitedRead, async (req, res) => {
    const gameId = parseInput(chatRoomIdSchema, req.params.gameId);
    const query = parseInput(chatListQuerySchema, req.query);
    const user = req.session.user!;
    const { login } = await access.identityIn({ login: user.login, name: user.name, role: 'user' }, gameId);
    const page = await chat.page(login, gameId, query.limit, query.before);
    res.json({ ...page, fallback: false });
  });

  router.post('/games/:gameId/messages', requireUser, async (req, res) => {
    const gameId = parseInput(chatRoomIdSchema, req.params.gameId);
    const body = parseInput(chatPostBodySchema, req.body);
    const user = req.session.user!;
    const sender = await access.identityIn(
      { login: user.login, name: user.name, role: req.session.role ?? 'user' },
      gameId,
    );
    const message = await chat.send(sender, {
      gameId,
      message: body.message,
      team: body.team,
      teamName: teamNameFor(body.team, body.awayTeam, body.homeTeam),
    });
    res.status(201).json({ message });
  });

  return router;
}
