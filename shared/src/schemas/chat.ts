import { z } from 'zod';
import { CHAT_MESSAGE_MAX_CHARS } from '../limits';
import { roleSchema } from './auth';

/** A game id as the scoreboard gives it (ESPN event ids, or ids the text source makes). */
export const gameIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'A game id has letters, digits and . _ : - only');

export const teamSideSchema = z.enum(['away', 'home']);
export type TeamSide = z.infer<typeof teamSideSchema>;

const teamNameSchema = z.string().trim().min(1).max(80);

/** Message text: trimmed, 1 to CHAT_MESSAGE_MAX_CHARS characters. */
export const chatTextSchema = z
  .string()
  .trim()
  .min(1, 'A message cannot be empty')
  .max(CHAT_MESSAGE_MAX_CHARS, `A message has at most ${CHAT_MESSAGE_MAX_CHARS} characters`);

/** A stored chat message, as every client receives it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  gameId: gameIdSchema,
  login: z.string(),
  username: z.string(),
  message: z.string(),
  timestamp: z.string(),
  team: teamSideSchema,
  teamName: z.string(),
  role: roleSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;

/** `chat:send` over the socket. Identity comes from the session, never from here. */
export const chatSendSchema = z.object({
  gameId: gameIdSchema,
  message: chatTextSchema,
  team: teamSideSchema,
  teamName: teamNameSchema,
});
export type ChatSendInput = z.infer<typeof chatSendSchema>;

/** `chat:join`: enter a game's room and receive its latest page. */
export const chatJoinSchema = z.object({ gameId: gameIdSchema });

/** `chat:history`: an older page, before the oldest message the client has. */
export const chatHistorySchema = z.object({
  gameId: gameIdSchema,
  before: z.string().max(40).optional(),
  limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});

/** `chat:sync`: everything after the newest message the client has (after a reconnect). */
export const chatSyncSchema = z.object({ gameId: gameIdSchema, after: z.string().max(40) });

/**
 * `chat:sync`'s answer. `gap` is true when the server cannot give everything after the client's newest
 * message (more was posted than the history keeps, or than one answer carries): `messages` are then
 * the newest ones, and some before them were missed. The client shows that gap instead of hiding it.
 */
export interface ChatSyncAnswer {
  messages: ChatMessage[];
  gap: boolean;
}

/** `chat:delete`: moderators and admins remove a message for everyone. */
export const chatDeleteSchema = z.object({ gameId: gameIdSchema, messageId: z.string().max(40) });

export interface ChatPage {
  messages: ChatMessage[];
  /** True when older messages exist before the first one of this page. */
  hasMore: boolean;
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
