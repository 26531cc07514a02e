import { Router } from 'express';
import { chatListQuerySchema, chatPostBodySchema, gameIdSchema } from '@shared/schemas/chat';
import { requireUser } from '../auth/require-user';
import { parseInput } from '../http/validate';
import { teamNameFor, type ChatService } from './service';

/** SPEC.md section 7's REST chat, on the same store and broadcast as the socket. */
export function createChatRouter(chat: ChatService): Router {
  const router = Router();

  router.get('/games/:gameId/messages', requireUser, async (req, res) => {
    const gameId = parseInput(gameIdSchema, req.params.gameId);
    const query = parseInput(chatListQuerySchema, req.query);
    const page = await chat.page(gameId, query.limit, query.before);
    res.json({ ...page, fallback: false });
  });

  router.post('/games/:gameId/messages', requireUser, async (req, res) => {
    const gameId = parseInput(gameIdSchema, req.params.gameId);
    const body = parseInput(chatPostBodySchema, req.body);
    const user = req.session.user!;
    const message = await chat.send(
      { login: user.login, name: user.name, role: req.session.role ?? 'user' },
      {
        gameId,
        message: body.message,
        team: body.team,
        teamName: teamNameFor(body.team, body.awayTeam, body.homeTeam),
      },
    );
    res.status(201).json({ message });
  });

  return router;
}
