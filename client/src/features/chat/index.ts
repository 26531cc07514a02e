export { GameChat, type GameChatProps } from './game-chat';
export { useGameChat, type GameChatOptions } from './use-game-chat';
