import type { Logger } from 'pino';
import {
  chatDeleteSchema,
  chatHistorySchema,
  chatJoinSchema,
  chatSendSchema,
  chatSyncSchema,
  CHAT_PAGE_SIZE,
} from '@shared/schemas/chat';
import { acked } from '../realtime/ack';
import type { AppServer, AppSocket } from '../realtime';
import type { ChatBroadcaster, ChatService } from './service';

export const gameRoom = (gameId: string) => `game:${gameId}`;

/** Broadcasts through the Socket.IO adapter, so every instance's clients in the room receive it. */
export function createChatBroadcaster(io: AppServer): ChatBroadcaster {
  return {
    messageCreated: (message) => io.to(gameRoom(message.gameId)).emit('chat:message-created', message),
    messageDeleted: (gameId, messageId) =>
      io.to(gameRoom(gameId)).emit('chat:message-deleted', { gameId, messageId }),
  };
}

/** Socket events of a game's chat. Identity is the socket's session, never the payload. */
export function registerChatHandlers(socket: AppSocket, chat: ChatService, logger: Logger): void {
  const identity = () => ({ login: socket.data.login, name: socket.data.name, role: socket.data.role });

  socket.on(
    'chat:join',
    acked(logger, chatJoinSchema, async ({ gameId }) => {
      await socket.join(gameRoom(gameId));
      return chat.page(gameId, CHAT_PAGE_SIZE);
    }),
  );
  socket.on(
    'chat:leave',
    acked(logger, chatJoinSchema, async ({ gameId }) => {
      await socket.leave(gameRoom(gameId));
      return null;
    }),
  );
  socket.on(
    'chat:send',
    acked(logger, chatSendSchema, (input) => chat.send(identity(), input)),
  );
  socket.on(
    'chat:history',
    acked(logger, chatHistorySchema, ({ gameId, before, limit }) => chat.page(gameId, limit, before)),
  );
  socket.on(
    'chat:sync',
    acked(logger, chatSyncSchema, ({ gameId, after }) => chat.since(gameId, after)),
  );
  socket.on(
    'chat:delete',
    acked(logger, chatDeleteSchema, async ({ gameId, messageId }) => {
      await chat.remove(identity(), gameId, messageId);
      return null;
    }),
  );
}
