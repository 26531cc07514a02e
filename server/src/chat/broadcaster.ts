import type { AppServer } from '../realtime';
import { gameRoom } from '../realtime/rooms';
import type { ChatBroadcaster } from './service';

/**
 * Broadcasts through the Socket.IO adapter, so every instance's clients in the room receive it. (New
 * messages travel on the game's feed instead, published by the send itself: feed.ts.)
 */
export function createChatBroadcaster(io: AppServer): ChatBroadcaster {
  return {
    messageDeleted: (gameId, messageId) =>
      io.to(gameRoom(gameId)).emit('chat:message-deleted', { gameId, messageId }),
  };
}
