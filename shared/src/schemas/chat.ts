import { z } from 'zod';
import {
  CHAT_REACTION_EMOJIS,
  CHAT_SLOW_MODE_SECONDS,
  CHAT_TIMEOUT_MINUTES,
  CHAT_UNREAD_GAMES_MAX,
  LEAGUE_CHAT_ROOM,
  type ChatSlowModeSeconds,
  type ChatTimeoutMinutes,
} from '../chat-rules';
import { CHAT_MESSAGE_MAX_CHARS } from '../limits';
import { roleSchema } from './auth';
import { gameIdSchema } from './game-id';

export { gameIdSchema };
// The chat's plain values live in ../chat-rules (the client imports them there, without zod).
export {
  CHAT_MODERATION_LOG_MAX,
  CHAT_REACTION_EMOJIS,
  CHAT_SLOW_MODE_SECONDS,
  CHAT_TIMEOUT_MINUTES,
  CHAT_UNREAD_COUNT_MAX,
  CHAT_UNREAD_GAMES_MAX,
  leagueChatRoomId,
  leagueIdOfChatRoom,
  type ChatSlowModeSeconds,
  type ChatTimeoutMinutes,
} from '../chat-rules';

/** A chat room: a game's id, or a league's draft room. */
export const chatRoomIdSchema = z.union([
  gameIdSchema,
  z.string().regex(LEAGUE_CHAT_ROOM, 'Not a chat room'),
]);

export const teamSideSchema = z.enum(['away', 'home']);
export type TeamSide = z.infer<typeof teamSideSchema>;

const teamNameSchema = z.string().trim().min(1).max(80);

/** Message text: trimmed, 1 to CHAT_MESSAGE_MAX_CHARS characters. */
export const chatTextSchema = z
  .string()
  .trim()
  .min(1, 'A message cannot be empty')
  .max(CHAT_MESSAGE_MAX_CHARS, `A message has at most ${CHAT_MESSAGE_MAX_CHARS} characters`);

/**
 * A person's unique login: GitHub's shape (letters, digits and single hyphens, at most 39 characters),
 * followed by `@provider` for someone who signed in with another provider (`alice@gitlab`).
 */
export const loginSchema = z
  .string()
  .trim()
  .regex(
    /^[a-zA-Z0-9](?:[a-zA-Z0-9]|-(?=[a-zA-Z0-9])){0,38}(?:@[a-z][a-z0-9]{0,19})?$/,
    'A login has letters, digits and single hyphens, and may end with @provider',
  );

export const chatReactionEmojiSchema = z.enum(CHAT_REACTION_EMOJIS, {
  error: `A reaction is one of ${CHAT_REACTION_EMOJIS.join(' ')}`,
});
export type ChatReactionEmoji = z.infer<typeof chatReactionEmojiSchema>;

/** A reaction names at most this many of the fans who gave it (the first ones); the rest are a count. */
export const CHAT_REACTION_LOGINS_SHOWN = 10;

/**
 * One reaction in use on a message: how many gave it, and the first CHAT_REACTION_LOGINS_SHOWN of them
 * by login, in the order they reacted. Only the first few: a popular message in a busy room has
 * thousands, and every fan in the room receives the reaction again with each change. A reaction
 * nobody uses is left out, and reactions come in CHAT_REACTION_EMOJIS order. Whether the reader gave
 * it is not here but in `mine` (ChatMyReactions) of the answer, or in the reader's own change
 * (ChatMyReactionChanged).
 */
export const chatReactionSchema = z.object({
  emoji: chatReactionEmojiSchema,
  count: z.number().int().min(1),
  logins: z.array(z.string()).max(CHAT_REACTION_LOGINS_SHOWN),
});
export type ChatReaction = z.infer<typeof chatReactionSchema>;

/**
 * The reactions the asking fan gave, by message id: only messages of the answer they reacted to, each
 * with its emojis in CHAT_REACTION_EMOJIS order.
 */
export type ChatMyReactions = Record<string, ChatReactionEmoji[]>;

/** At most this many mentions are kept per message (the first ones in the text). */
export const CHAT_MENTIONS_MAX = 20;

/** A stored chat message, as every client receives it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  gameId: chatRoomIdSchema,
  login: z.string(),
  username: z.string(),
  message: z.string(),
  timestamp: z.string(),
  team: teamSideSchema,
  teamName: z.string(),
  role: roleSchema,
  /**
   * Logins the text mentions as `@login`, found by the server when the message was stored: lower
   * case, each once, at most CHAT_MENTIONS_MAX. Absent means none. A client compares its own login
   * in lower case, and shows the text as text (a mention is data, never markup).
   */
  mentions: z.array(z.string()).optional(),
  /** Reactions in use (absent or empty means none). Pages, syncs and reaction changes carry them. */
  reactions: z.array(chatReactionSchema).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;

/** `chat:send` over the socket. Identity comes from the session, never from here. */
export const chatSendSchema = z.object({
  gameId: chatRoomIdSchema,
  message: chatTextSchema,
  team: teamSideSchema,
  teamName: teamNameSchema,
});
export type ChatSendInput = z.infer<typeof chatSendSchema>;

/** `chat:join`: enter a game's room and receive its latest page. */
export const chatJoinSchema = z.object({ gameId: chatRoomIdSchema });

/** `chat:history`: an older page, before the oldest message the client has. */
export const chatHistorySchema = z.object({
  gameId: chatRoomIdSchema,
  before: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});

/** `chat:sync`: everything after the newest message the client has (after a reconnect). */
export const chatSyncSchema = z.object({ gameId: chatRoomIdSchema, after: z.string().max(40) });

/**
 * `chat:sync`'s answer. `gap` is true when the server cannot give everything after the client's newest
 * message (more was posted than the history keeps, or than one answer carries): `messages` are then
 * the newest ones, and some before them were missed. The client shows that gap instead of hiding it.
 */
export interface ChatSyncAnswer {
  messages: ChatMessage[];
  gap: boolean;
  /** As on a page: the reactions in it are at least this new (see ChatPage.version). */
  version: number;
  /** As on a page: the reactions the asker gave on these messages. */
  mine: ChatMyReactions;
}

/** `chat:delete`: moderators and admins remove a message for everyone. */
export const chatDeleteSchema = z.object({ gameId: chatRoomIdSchema, messageId: z.string().max(40) });

export interface ChatPage {
  messages: ChatMessage[];
  /** True when older messages exist before the first one of this page. */
  hasMore: boolean;
  /**
   * The room's version read before the page (0 before its first change): the reactions in it are at
   * least that new. A client that already holds a message's reactions of a higher version (from a
   * push, ChatReactionsChanged.version) keeps those.
   */
  version: number;
  /** The reactions the asker gave on these messages. */
  mine: ChatMyReactions;
}

/** GET /api/chat/games/{gameId}/messages query. */
export const chatListQuerySchema = z.object({
  awayTeam: z.string().max(80).optional(),
  homeTeam: z.string().max(80).optional(),
  before: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});

/** POST /api/chat/games/{gameId}/messages body; `username` is ignored. */
export const chatPostBodySchema = z.object({
  message: chatTextSchema,
  team: teamSideSchema,
  username: z.string().max(100).optional(),
  awayTeam: teamNameSchema,
  homeTeam: teamNameSchema,
});

// ─── Reactions ─────────────────────────────────────────────────────────────────────────────────

/**
 * `chat:react`: add (`reacted: true`) or remove (`reacted: false`) one's reaction on a message.
 * Setting what is already so changes nothing and still answers the message's reactions.
 */
export const chatReactSchema = z.object({
  gameId: chatRoomIdSchema,
  messageId: z.string().max(40),
  emoji: chatReactionEmojiSchema,
  reacted: z.boolean(),
});
export type ChatReactInput = z.infer<typeof chatReactSchema>;

/**
 * A message's reactions after a change, as everyone in its room is told (`chat:reactions-changed`):
 * each reaction's count and first fans, what a page read at that moment shows. Not who changed what:
 * a fan past the first few is only counted, and only their own sockets learn it was them
 * (ChatMyReactionChanged).
 */
export interface ChatReactionsChanged {
  gameId: string;
  messageId: string;
  reactions: ChatReaction[];
  /**
   * Orders the changes of one room: a later change has a higher version. Two changes pushed at the
   * same moment can arrive in either order; a client keeps a message's reactions of the highest
   * version it has seen.
   */
  version: number;
}

/**
 * A change of one's own reaction: `chat:react`'s answer, and `chat:my-reaction-changed` to every
 * socket of the fan who made it (their other tabs and devices learn their own reactions from it).
 */
export interface ChatMyReactionChanged extends ChatReactionsChanged {
  /** Which reaction the fan gave or took back. */
  change: { emoji: ChatReactionEmoji; reacted: boolean };
}

// ─── Mentions ──────────────────────────────────────────────────────────────────────────────────

/** `chat:speakers`: who spoke in a game's room recently (for the mention list). */
export const chatSpeakersSchema = z.object({ gameId: chatRoomIdSchema });
/** At most this many speakers are answered, found among the newest CHAT_SPEAKERS_SCAN messages. */
export const CHAT_SPEAKERS_MAX = 20;
export const CHAT_SPEAKERS_SCAN = 100;
/** `chat:speakers`' answer: logins, the most recent speaker first, without the asker. */
export interface ChatSpeakers {
  gameId: string;
  logins: string[];
}

// ─── Unread ────────────────────────────────────────────────────────────────────────────────────

/** `chat:seen`: the newest message the user has seen in a game (sent while the chat is open and visible). */
export const chatSeenSchema = z.object({ gameId: chatRoomIdSchema, messageId: z.string().max(40) });

/** `chat:unread`: the unread state of these games, and live updates for them on this socket. */
export const chatUnreadSchema = z.object({
  gameIds: z.array(chatRoomIdSchema).max(CHAT_UNREAD_GAMES_MAX),
});

/**
 * One user's unread state in one game's room. `lastSeenId` is the newest message they have seen (on
 * any tab or device); `count` the messages after it written by others (at most
 * CHAT_UNREAD_COUNT_MAX); `mentioned` whether one of those mentions them.
 */
export interface ChatUnread {
  gameId: string;
  lastSeenId: string;
  count: number;
  mentioned: boolean;
  /**
   * The newest message the count took into account (lastSeenId when none came after it). A notice's
   * message at or before it is already counted; a deleted one at or before it is taken back out.
   */
  countedThrough: string;
}

/** `chat:unread`'s answer: only games the user has a seen position in (rooms they have opened). */
export interface ChatUnreadAnswer {
  games: ChatUnread[];
}

/** A message as an unread notice carries it: what a client needs to count it toward its unread. */
export interface ChatUnreadEntry {
  id: string;
  login: string;
  /** Logins it mentions (lower case), as on the message. */
  mentions: string[];
}

/**
 * `chat:unread-arrived`: what changed in a game this socket follows through `chat:unread` while it is
 * not in that game's room (a socket in the room gets the messages themselves). The server sends at
 * most one a second per room and instance: the messages stored since its previous notice, oldest first
 * (the newest CHAT_UNREAD_COUNT_MAX at most), and those deleted since. The client counts each stored
 * one that is not its own and comes after lastSeenId, and takes a deleted one it counted back out.
 */
export interface ChatUnreadArrived {
  gameId: string;
  messages: ChatUnreadEntry[];
  deleted: ChatUnreadEntry[];
}

// ─── Slow mode and moderation ──────────────────────────────────────────────────────────────────

/** `chat:slow-mode`: moderators and admins set a room's slow mode. */
export const chatSlowModeSchema = z.object({
  gameId: chatRoomIdSchema,
  seconds: z.literal(CHAT_SLOW_MODE_SECONDS, {
    error: `Slow mode is one of ${CHAT_SLOW_MODE_SECONDS.join(', ')} s`,
  }),
});

/** A room's settings everyone in it sees: with `chat:join`'s answer and pushed as `chat:room-changed`. */
export interface ChatRoomState {
  gameId: string;
  /** 0 when slow mode is off. Moderators and admins are not held to it. */
  slowModeSeconds: ChatSlowModeSeconds;
}

/** `chat:timeout`: moderators and admins mute a login in a room; nobody can time out an admin. */
export const chatTimeoutSchema = z.object({
  gameId: chatRoomIdSchema,
  login: loginSchema,
  minutes: z.literal(CHAT_TIMEOUT_MINUTES, {
    error: `A time-out is ${CHAT_TIMEOUT_MINUTES.join(', ')} minutes`,
  }),
});

/** A login's time-out in a room: `chat:timeout`'s answer, and `chat:muted` to the muted login. */
export interface ChatMuted {
  gameId: string;
  login: string;
  /** ISO time the time-out ends (the client shows it in local time). */
  until: string;
}

/** `chat:join`'s answer: the latest page, the room's settings, and the joiner's own time-out. */
export interface ChatJoinAnswer extends ChatPage {
  room: ChatRoomState;
  /** ISO time the joiner's time-out in this room ends, or null. */
  mutedUntil: string | null;
}

/** `chat:moderation-log`: the room's latest moderation actions (moderators and admins only). */
export const chatModerationLogSchema = z.object({ gameId: chatRoomIdSchema });

/** One recorded moderation action: who did what, to whom, when. */
export type ChatModerationEntry = {
  id: string;
  gameId: string;
  /** The moderator's or admin's login. */
  moderator: string;
  /** ISO time of the action. */
  at: string;
} & (
  | { action: 'delete'; messageId: string; /** The deleted message's author. */ target: string }
  | { action: 'timeout'; target: string; minutes: ChatTimeoutMinutes; until: string }
  | { action: 'slow-mode'; seconds: ChatSlowModeSeconds }
);

/** `chat:moderation-log`'s answer: newest first, at most CHAT_MODERATION_LOG_MAX. */
export interface ChatModerationLog {
  gameId: string;
  entries: ChatModerationEntry[];
}
