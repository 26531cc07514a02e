import { createHash } from 'node:crypto';
import { leagueChatRoomId } from '@shared/schemas/chat';

/**
 * Every Socket.IO room name the server uses. Rooms travel through the adapter (Redis) to every
 * instance, so a name must mean the same thing everywhere: build them only here.
 */

/** Each socket of a login is in it (counting a login's sockets, refresh progress for its tabs). */
export const userRoom = (login: string) => `user:${login}`;
/** Each socket opened with a session is in it (signing out disconnects them all). */
export const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;

/**
 * Names a session without carrying its id: the id is what the session cookie holds, and room names
 * and socket data travel through the adapter (Redis) and the connection-recovery store.
 */
export const sessionKeyOf = (sessionId: string) =>
  createHash('sha256').update(sessionId).digest('base64url').slice(0, 32);

const GAME_ROOM_PREFIX = 'game:';
/** Everyone watching a game (its chat, its voice count). */
export const gameRoom = (gameId: string) => `${GAME_ROOM_PREFIX}${gameId}`;
export const isGameRoom = (room: string) => room.startsWith(GAME_ROOM_PREFIX);

/** A game's voice participants: the only ones told who is in voice. */
export const voiceRoom = (gameId: string) => `voice:${gameId}`;

const UNREAD_ROOM_PREFIX = 'chat-unread:';
/** Sockets that follow a game's unread count without being in its room (a page of game cards). */
export const unreadRoom = (gameId: string) => `${UNREAD_ROOM_PREFIX}${gameId}`;
export const isUnreadRoom = (room: string) => room.startsWith(UNREAD_ROOM_PREFIX);

/** Moderators' and admins' sockets that opened a game's moderation log: they get each new entry. */
export const moderationRoom = (gameId: string) => `chat-moderation:${gameId}`;

const GAMECAST_ROOM_PREFIX = 'gamecast:';
/** Sockets that have a game's dialog open: they get its Gamecast changes. */
export const gamecastRoom = (gameId: string) => `${GAMECAST_ROOM_PREFIX}${gameId}`;
export const isGamecastRoom = (room: string) => room.startsWith(GAMECAST_ROOM_PREFIX);

/** Sockets that have a league's draft room open (league:watch): they get its league:changed. */
export const leagueRoom = (leagueId: string) => `league:${leagueId}`;

/**
 * Every room of one league's members: its league:changed pushes, and its draft room chat (the chat's
 * room, that room's unread notices and its moderation log). A member who leaves the league leaves
 * them all.
 */
export const leagueMembersRooms = (leagueId: string) => {
  const chat = leagueChatRoomId(leagueId);
  return [leagueRoom(leagueId), gameRoom(chat), unreadRoom(chat), moderationRoom(chat)];
};
/** A room of some league's members (game ids never hold `~`, so no game's room matches). */
export const isLeagueMembersRoom = (room: string) =>
  room.startsWith(leagueRoom('')) || room.includes(`:${leagueChatRoomId('')}`);
