import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  chatDeleteSchema,
  chatHistorySchema,
  chatJoinSchema,
  chatSendSchema,
  chatSyncSchema,
  CHAT_PAGE_SIZE,
} from '@shared/schemas/chat';
import { ackedOnSocket } from '../realtime/ack';
import type { AppServer, AppSocket } from '../realtime';
import { gameRoom, joinGameRoom } from '../realtime/limits';
import type { ChatBroadcaster, ChatService } from './service';

/** Broadcasts through the Socket.IO adapter, so every instance's clients in the room receive it. */
export function createChatBroadcaster(io: AppServer): ChatBroadcaster {
  return {
    messageCreated: (message) => io.to(gameRoom(message.gameId)).emit('chat:message-created', message),
    messageDeleted: (gameId, messageId) =>
      io.to(gameRoom(gameId)).emit('chat:message-deleted', { gameId, messageId }),
  };
}

const identity = (socket: AppSocket) => ({
  login: socket.data.login,
  name: socket.data.name,
  role: socket.data.role,
});

/** The chat's socket handlers, built once per chat service: the socket is an argument, not a closure. */
function chatHandlers(chat: ChatService, logger: Logger) {
  const on = <S extends Parameters<typeof ackedOnSocket>[1], R>(
    schema: S,
    handler: (socket: AppSocket, input: z.infer<S>) => Promise<R>,
  ) => ackedOnSocket(logger, schema, handler);
  return {
    join: on(chatJoinSchema, async (socket, { gameId }) => {
      await joinGameRoom(socket, gameId);
      return chat.page(gameId, CHAT_PAGE_SIZE);
    }),
    leave: on(chatJoinSchema, async (socket, { gameId }) => {
      await socket.leave(gameRoom(gameId));
      return null;
    }),
    send: on(chatSendSchema, (socket, input) => chat.send(identity(socket), input)),
    history: on(chatHistorySchema, (_socket, { gameId, before, limit }) => chat.page(gameId, limit, before)),
    sync: on(chatSyncSchema, (_socket, { gameId, after }) => chat.since(gameId, after)),
    delete: on(chatDeleteSchema, async (socket, { gameId, messageId }) => {
      await chat.remove(identity(socket), gameId, messageId);
      return null;
    }),
  };
}

const handlersByService = new WeakMap<ChatService, ReturnType<typeof chatHandlers>>();

/**
 * Socket events of a game's chat. Identity is the socket's session, never the payload. Every
 * socket shares one set of handlers (an idle connection costs no closures of its own).
 */
export function registerChatHandlers(socket: AppSocket, chat: ChatService, logger: Logger): void {
  let handlers = handlersByService.get(chat);
  if (!handlers) handlersByService.set(chat, (handlers = chatHandlers(chat, logger)));
  socket.on('chat:join', handlers.join);
  socket.on('chat:leave', handlers.leave);
  socket.on('chat:send', handlers.send);
  socket.on('chat:history', handlers.history);
  socket.on('chat:sync', handlers.sync);
  socket.on('chat:delete', handlers.delete);
}
