import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  chatDeleteSchema,
  chatHistorySchema,
  chatJoinSchema,
  chatModerationLogSchema,
  chatReactSchema,
  chatSeenSchema,
  chatSendSchema,
  chatSlowModeSchema,
  chatSpeakersSchema,
  chatSyncSchema,
  chatTimeoutSchema,
  chatUnreadSchema,
} from '@shared/schemas/chat';
import type { AckedEvent, Metrics } from '../metrics';
import { ackedOnSocket, type AnsweredEvent, type AnswerOf } from '../realtime/ack';
import { fromStore } from '../storage/from-store';
import type { AppSocket } from '../realtime';
import { chargeSocketWork, joinGameRoom, MESSAGES_READ_PER_TOKEN } from '../realtime/limits';
import { gameRoom, moderationRoom, unreadRoom } from '../realtime/rooms';
import type { ChatFeed } from './feed';
import { identityOf } from './identity';
import { recentSpeakers } from './mentions';
import type { ChatMessages } from './messages';
import type { ChatModeration } from './moderation';
import type { ChatReactions } from './reactions';
import type { ChatRoomAccess } from './room-access';
import type { ChatStorage } from './storage';
import type { ChatUnreadService } from './unread';

/** What the chat's socket events act on. */
export interface ChatHandlerParts {
  messages: ChatMessages;
  reactions: ChatReactions;
  moderation: ChatModeration;
  unread: ChatUnreadService;
  storage: ChatStorage;
  feed: Pick<ChatFeed, 'listening'>;
  /** Who may act in a room, and as what (a league's draft room is its members' only). */
  access: ChatRoomAccess;
}

/**
 * Socket events of a game's chat: messages, reactions, mentions, unread state and moderation.
 * Identity is the socket's session, never the payload. The handlers are built once and shared by
 * every socket (the socket is an argument, not a closure), so an idle connection costs no closures
 * of its own. Answers the function that registers them on a socket.
 */
export function createChatSocketHandlers(
  parts: ChatHandlerParts,
  logger: Logger,
  metrics: Pick<Metrics, 'ackTimer'>,
): (socket: AppSocket) => void {
  const { messages, reactions, moderation, unread, storage, feed, access } = parts;
  // Every event that names a room is checked first: a league room refuses non-members with not_found.
  const actorIn = (socket: AppSocket, roomId: string) => access.identityIn(identityOf(socket), roomId);
  /**
   * After a socket joined `rooms` for league rooms: membership checked again, and the rooms left when
   * it is gone. A removal from the league between the first check and the join sends its leave to
   * the sockets already in; this takes out one that joined just after that leave.
   */
  async function stillAllowed(socket: AppSocket, roomIds: readonly string[], rooms: readonly string[]) {
    if (!roomIds.some(access.isLeagueRoom)) return;
    try {
      await access.assertAllowed(socket.data.login, roomIds);
    } catch (error) {
      for (const room of rooms) await socket.leave(room);
      throw error;
    }
  }
  // The answer's type is the one the shared event map gives the event.
  const on = <E extends AnsweredEvent & AckedEvent, S extends Parameters<typeof ackedOnSocket>[1]>(
    event: E,
    schema: S,
    handler: (socket: AppSocket, input: z.infer<S>) => Promise<AnswerOf<E>>,
  ) => ackedOnSocket(logger, schema, handler, metrics.ackTimer(event));

  const join = on('chat:join', chatJoinSchema, async (socket, { gameId }) => {
    const { login } = socket.data;
    // A league room is checked first. A game room is joined without waiting on anything, so a leave
    // sent right after the join is always handled after it.
    if (access.isLeagueRoom(gameId)) await actorIn(socket, gameId);
    // In the room, and this instance hearing the game's feed, first: whatever is stored after the
    // page is read then reaches this socket.
    await joinGameRoom(socket, gameId);
    await stillAllowed(socket, [gameId], [gameRoom(gameId)]);
    await fromStore(() => feed.listening(gameId));
    const [latest, room, mutedUntil] = await Promise.all([
      messages.latestPage(login, gameId),
      moderation.roomState(gameId),
      moderation.mutedUntil(gameId, login),
    ]);
    return { ...latest, room, mutedUntil };
  });
  const leave = on('chat:leave', chatJoinSchema, async (socket, { gameId }) => {
    // A league room's leave waits on the same store look-up as its join, answered in order, so a
    // leave sent right after a join still comes after it (leaving never needs membership).
    if (access.isLeagueRoom(gameId)) await actorIn(socket, gameId).catch(() => undefined);
    await socket.leave(gameRoom(gameId));
    return null;
  });
  const send = on('chat:send', chatSendSchema, async (socket, input) =>
    messages.send(await actorIn(socket, input.gameId), input),
  );
  const history = on('chat:history', chatHistorySchema, async (socket, { gameId, before, limit }) =>
    messages.page((await actorIn(socket, gameId)).login, gameId, limit, before),
  );
  const sync = on('chat:sync', chatSyncSchema, async (socket, { gameId, after }) =>
    messages.since((await actorIn(socket, gameId)).login, gameId, after),
  );
  const remove = on('chat:delete', chatDeleteSchema, async (socket, { gameId, messageId }) => {
    // Recorded in the room's moderation log, with the message's author.
    const moderator = await actorIn(socket, gameId);
    await moderation.deleteMessage(moderator, gameId, messageId, () =>
      messages.remove(moderator, gameId, messageId),
    );
    return null;
  });
  const react = on('chat:react', chatReactSchema, async (socket, input) =>
    reactions.react(await actorIn(socket, input.gameId), input),
  );
  const speakers = on('chat:speakers', chatSpeakersSchema, async (socket, { gameId }) =>
    recentSpeakers(storage, (await actorIn(socket, gameId)).login, gameId),
  );
  const seen = on('chat:seen', chatSeenSchema, async (socket, { gameId, messageId }) => {
    unread.seen((await actorIn(socket, gameId)).login, gameId, messageId);
    return null;
  });
  const unreadState = on('chat:unread', chatUnreadSchema, async (socket, { gameIds }) => {
    await access.assertAllowed(socket.data.login, gameIds);
    await unread.follow(socket, gameIds);
    await stillAllowed(socket, gameIds, gameIds.filter(access.isLeagueRoom).map(unreadRoom));
    const { answer, messagesRead } = await unread.state(socket.data.login, gameIds);
    // Counting reads stored messages, from none (seen up to the newest) to a hundred per game: the
    // socket pays for what was read, as for pages of history, by waiting before its next events.
    chargeSocketWork(socket, Math.ceil(messagesRead / MESSAGES_READ_PER_TOKEN));
    return answer;
  });
  const slowMode = on('chat:slow-mode', chatSlowModeSchema, async (socket, { gameId, seconds }) =>
    moderation.setSlowMode(await actorIn(socket, gameId), gameId, seconds),
  );
  const timeout = on('chat:timeout', chatTimeoutSchema, async (socket, { gameId, login, minutes }) =>
    moderation.timeout(await actorIn(socket, gameId), gameId, login, minutes),
  );
  const log = on('chat:moderation-log', chatModerationLogSchema, async (socket, { gameId }) => {
    const entries = await moderation.log(await actorIn(socket, gameId), gameId);
    // Refused for anyone but moderators and admins (above); from now on they get each new entry live.
    await socket.join(moderationRoom(gameId));
    await stillAllowed(socket, [gameId], [moderationRoom(gameId)]);
    return entries;
  });

  return (socket) => {
    socket.on('chat:join', join);
    socket.on('chat:leave', leave);
    socket.on('chat:send', send);
    socket.on('chat:history', history);
    socket.on('chat:sync', sync);
    socket.on('chat:delete', remove);
    socket.on('chat:react', react);
    socket.on('chat:speakers', speakers);
    socket.on('chat:seen', seen);
    socket.on('chat:unread', unreadState);
    socket.on('chat:slow-mode', slowMode);
    socket.on('chat:timeout', timeout);
    socket.on('chat:moderation-log', log);
  };
}
