/**
 * The chat's plain values, without zod: the client imports them from here. schemas/chat.ts builds
 * its schemas with zod's classic API, which no bundler can drop, so a page importing a constant
 * from there carried the whole API (about 6 KB, gzip, on every signed-in page, 19 on chat's);
 * schemas/chat.ts exports these too, for the server.
 */

/**
 * A league's draft room chat is named `league~<leagueId>`: a game id never holds `~`, so the two
 * can never collide, and the chat knows such a room belongs to a league's members only.
 */
export const LEAGUE_CHAT_ROOM = /^league~([\w-]{16})$/;
export const leagueChatRoomId = (leagueId: string) => `league~${leagueId}`;
/** The league a chat room belongs to, or null for a game's room. */
export function leagueIdOfChatRoom(roomId: string): string | null {
  return LEAGUE_CHAT_ROOM.exec(roomId)?.[1] ?? null;
}

/** The six reactions a message can get, in the order the client shows them. */
export const CHAT_REACTION_EMOJIS = ['👍', '🔥', '😂', '😮', '😢', '👏'] as const;

/** `chat:unread` asks for at most this many games. */
export const CHAT_UNREAD_GAMES_MAX = 50;

/** Unread counts stop at this many (a client may show "99+" from 100). */
export const CHAT_UNREAD_COUNT_MAX = 100;

/** Slow mode choices: seconds between one person's messages in a room (0 is off). */
export const CHAT_SLOW_MODE_SECONDS = [0, 5, 15, 30, 60] as const;
export type ChatSlowModeSeconds = (typeof CHAT_SLOW_MODE_SECONDS)[number];

/** Time-out lengths in minutes. */
export const CHAT_TIMEOUT_MINUTES = [5, 15, 60] as const;
export type ChatTimeoutMinutes = (typeof CHAT_TIMEOUT_MINUTES)[number];

/** `chat:moderation-log` answers with at most this many actions. */
export const CHAT_MODERATION_LOG_MAX = 20;
