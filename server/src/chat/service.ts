import type { Role } from '@shared/schemas/auth';
import {
  chatMessageSchema,
  type ChatMessage,
  type ChatPage,
  type ChatSendInput,
  type ChatSyncAnswer,
  type TeamSide,
} from '@shared/schemas/chat';
import { AppError, errors } from '../errors';
import type { RateLimiter } from '../http/rate-limit';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import { compareStreamIds, isStreamId, type StreamEntry, type Store } from '../storage/store';

/** How many messages a game's history keeps (the newest). */
export const CHAT_HISTORY_MAX = 500;
const SYNC_MAX = 500;

export interface ChatIdentity {
  login: string;
  name: string | null;
  role: Role;
}

/** Pushes chat changes to everyone in a game's room, on every instance. */
export interface ChatBroadcaster {
  messageCreated(message: ChatMessage): void;
  messageDeleted(gameId: string, messageId: string): void;
}

export interface ChatServiceDeps {
  store: Store;
  limiter: RateLimiter;
  broadcaster: ChatBroadcaster;
  rateLimit: { limit: number; windowMs: number };
}

type StoredMessage = Omit<ChatMessage, 'id'>;

/** A store failure becomes a clear "try again" for the sender, never a silent loss. */
async function fromStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.storeUnavailable(undefined, { cause: error });
  }
}

export function createChatService(deps: ChatServiceDeps) {
  const { store, limiter, broadcaster } = deps;

  function toMessage(entry: StreamEntry): ChatMessage | null {
    try {
      return chatMessageSchema.parse({ ...(JSON.parse(entry.value) as StoredMessage), id: entry.id });
    } catch {
      return null; // an unreadable entry is skipped, never sent
    }
  }
  const toMessages = (entries: StreamEntry[]) =>
    entries.map(toMessage).filter((message): message is ChatMessage => message !== null);

  return {
    /** Stores a message from a signed-in user and broadcasts it to the game's room. */
    async send(identity: ChatIdentity, input: ChatSendInput): Promise<ChatMessage> {
      await fromStore(() =>
        limiter(
          { bucket: 'chat', limit: deps.rateLimit.limit, windowMs: deps.rateLimit.windowMs },
          identity.login,
        ),
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'rate_limited') {
          throw errors.rateLimited('You are sending messages too fast. Please slow down.');
        }
        throw error;
      });
      const stored: StoredMessage = {
        gameId: input.gameId,
        login: identity.login,
        // Readers see the author by login: it is unique, while anyone can take another fan's name.
        username: identity.login,
        message: input.message,
        timestamp: new Date().toISOString(),
        team: input.team,
        teamName: input.teamName,
        role: identity.role,
      };
      const id = await fromStore(() =>
        store.streamAppend(
          keys.chatHistory(input.gameId),
          JSON.stringify(stored),
          CHAT_HISTORY_MAX,
          CHAT_HISTORY_TTL_MS,
        ),
      );
      const message: ChatMessage = { id, ...stored };
      broadcaster.messageCreated(message);
      return message;
    },

    /** The newest `limit` messages before `before` (the latest page when absent), oldest first. */
    async page(gameId: string, limit: number, before?: string): Promise<ChatPage> {
      if (before !== undefined && !isStreamId(before)) throw errors.badRequest('Invalid message id.');
      // One extra tells whether older messages exist.
      const entries = await fromStore(() => store.streamBefore(keys.chatHistory(gameId), limit + 1, before));
      const hasMore = entries.length > limit;
      return { messages: toMessages(hasMore ? entries.slice(1) : entries), hasMore };
    },

    /**
     * Messages after `after`, for a client that was away: the newest SYNC_MAX at most, with `gap` set
     * when some after `after` cannot be given (trimmed from the history, or beyond one answer).
     */
    async since(gameId: string, after: string): Promise<ChatSyncAnswer> {
      if (!isStreamId(after)) throw errors.badRequest('Invalid message id.');
      const key = keys.chatHistory(gameId);
      const newest = await fromStore(() => store.streamBefore(key, SYNC_MAX));
      const missed = newest.filter((entry) => compareStreamIds(entry.id, after) > 0);
      // Some of the newest are ones the client has: everything after `after` is in this answer.
      let gap = false;
      if (missed.length > 0 && missed.length === newest.length) {
        const [[oldest], [firstAfter]] = await fromStore(() =>
          Promise.all([store.streamAfter(key, '0-0', 1), store.streamAfter(key, after, 1)]),
        );
        // Complete only when `after` is still inside the history (nothing after it was trimmed) and
        // the first message after it is the first one answered. Otherwise some are missing; when the
        // trimming stopped exactly at `after` this says gap for nothing lost, which is the safe side.
        const afterRetained = oldest !== undefined && compareStreamIds(oldest.id, after) <= 0;
        gap = !afterRetained || firstAfter?.id !== missed[0]!.id;
      }
      return { messages: toMessages(missed), gap };
    },

    /** Moderators and admins remove a message for everyone. */
    async remove(identity: ChatIdentity, gameId: string, messageId: string): Promise<void> {
      if (identity.role === 'user') throw errors.forbidden('Only moderators and admins can delete messages.');
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      const removed = await fromStore(() => store.streamDelete(keys.chatHistory(gameId), messageId));
      if (!removed) throw errors.notFound('That message no longer exists.');
      broadcaster.messageDeleted(gameId, messageId);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

/** The team name a side stands for, from the REST body's awayTeam/homeTeam. */
export const teamNameFor = (side: TeamSide, away: string, home: string) => (side === 'away' ? away : home);
