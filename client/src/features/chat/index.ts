export { GameChat, type GameChatProps } from './game-chat';
