import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  chatDeleteSchema,
  chatHistorySchema,
  chatJoinSchema,
  chatSendSchema,
  chatSyncSchema,
} from '@shared/schemas/chat';
import type { AckedEvent, Metrics } from '../metrics';
import { ackedOnSocket } from '../realtime/ack';
import { fromStore } from '../storage/from-store';
import type { AppSocket } from '../realtime';
import { joinGameRoom } from '../realtime/limits';
import { gameRoom } from '../realtime/rooms';
import type { ChatFeed } from './feed';
import type { ChatRoom } from './room';
import type { ChatService } from './service';

const identity = (socket: AppSocket) => ({
  login: socket.data.login,
  name: socket.data.name,
  role: socket.data.role,
});

/**
 * Socket events of a game's chat. Identity is the socket's session, never the payload. The handlers
 * are built once and shared by every socket (the socket is an argument, not a closure), so an idle
 * connection costs no closures of its own. Answers the function that registers them on a socket.
 */
export function createChatSocketHandlers(
  chat: ChatService,
  room: Pick<ChatRoom, 'joinAnswer' | 'moderation'>,
  feed: Pick<ChatFeed, 'listening'>,
  logger: Logger,
  metrics: Pick<Metrics, 'ackTimer'>,
): (socket: AppSocket) => void {
  const on = <S extends Parameters<typeof ackedOnSocket>[1], R>(
    event: AckedEvent,
    schema: S,
    handler: (socket: AppSocket, input: z.infer<S>) => Promise<R>,
  ) => ackedOnSocket(logger, schema, handler, metrics.ackTimer(event));
  const join = on('chat:join', chatJoinSchema, async (socket, { gameId }) => {
    // In the room, and this instance hearing the game's feed, first: whatever is stored after the
    // page is read then reaches this socket.
    await joinGameRoom(socket, gameId);
    await fromStore(() => feed.listening(gameId));
    return room.joinAnswer(socket.data.login, gameId, chat.latestPage(socket.data.login, gameId));
  });
  const leave = on('chat:leave', chatJoinSchema, async (socket, { gameId }) => {
    await socket.leave(gameRoom(gameId));
    return null;
  });
  const send = on('chat:send', chatSendSchema, (socket, input) => chat.send(identity(socket), input));
  const history = on('chat:history', chatHistorySchema, (socket, { gameId, before, limit }) =>
    chat.page(socket.data.login, gameId, limit, before),
  );
  const sync = on('chat:sync', chatSyncSchema, (socket, { gameId, after }) =>
    chat.since(socket.data.login, gameId, after),
  );
  const remove = on('chat:delete', chatDeleteSchema, async (socket, { gameId, messageId }) => {
    // Recorded in the room's moderation log, with the message's author.
    const moderator = identity(socket);
    await room.moderation.deleteMessage(moderator, gameId, messageId, () =>
      chat.remove(moderator, gameId, messageId),
    );
    return null;
  });

  return (socket) => {
    socket.on('chat:join', join);
    socket.on('chat:leave', leave);
    socket.on('chat:send', send);
    socket.on('chat:history', history);
    socket.on('chat:sync', sync);
    socket.on('chat:delete', remove);
  };
}
