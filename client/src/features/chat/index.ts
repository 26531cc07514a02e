export { GameChat, type GameChatProps } from './game-chat';
export { useGameChat, type GameChatOptions } from './use-game-chat';
export { RoomUnreadBadge } from './room-unread-badge';
export { useUnreadFollower } from './unread';
