import type { AppServer } from '../realtime';
import { gameRoom } from '../realtime/rooms';
import type { ChatBroadcaster } from './service';

/** Broadcasts through the Socket.IO adapter, so every instance's clients in the room receive it. */
export function createChatBroadcaster(io: AppServer): ChatBroadcaster {
  return {
    messageCreated: (message) => io.to(gameRoom(message.gameId)).emit('chat:message-created', message),
    messageDeleted: (gameId, messageId) =>
      io.to(gameRoom(gameId)).emit('chat:message-deleted', { gameId, messageId }),
  };
}
