import type {
  ChatModerationEntry,
  ChatMuted,
  ChatRoomState,
  ChatUnread,
  ChatUnreadArrived,
} from '@shared/schemas/chat';
import type { AppServer } from '../realtime';
import { gameRoom, moderationRoom, unreadRoom, userRoom } from '../realtime/rooms';

/**
 * What a game's chat pushes, and to whom, on every instance (through the Socket.IO adapter). New
 * messages and reaction changes travel on the game's feed instead, published by the send and the
 * toggle themselves (feed.ts).
 */
export interface ChatBroadcaster {
  messageDeleted(gameId: string, messageId: string): void;
  roomChanged(room: ChatRoomState): void;
  /** To every socket of the muted login. */
  muted(muted: ChatMuted): void;
  /** To every socket of `login`: its tabs and devices follow one seen position. */
  unreadChanged(login: string, unread: ChatUnread): void;
  /** To sockets following the game's unread state that are not in its room (those get the message). */
  unreadArrived(arrived: ChatUnreadArrived): void;
  /** To the moderators' and admins' sockets that opened the room's moderation log. */
  moderationLogged(entry: ChatModerationEntry): void;
}

export function createChatBroadcaster(io: AppServer): ChatBroadcaster {
  return {
    messageDeleted: (gameId, messageId) =>
      io.to(gameRoom(gameId)).emit('chat:message-deleted', { gameId, messageId }),
    roomChanged: (room) => io.to(gameRoom(room.gameId)).emit('chat:room-changed', room),
    muted: (muted) => io.to(userRoom(muted.login)).emit('chat:muted', muted),
    unreadChanged: (login, unread) => io.to(userRoom(login)).emit('chat:unread-changed', unread),
    unreadArrived: (arrived) =>
      io.to(unreadRoom(arrived.gameId)).except(gameRoom(arrived.gameId)).emit('chat:unread-arrived', arrived),
    moderationLogged: (entry) => io.to(moderationRoom(entry.gameId)).emit('chat:moderation-logged', entry),
  };
}
