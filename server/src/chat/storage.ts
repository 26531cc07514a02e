import { randomUUID } from 'node:crypto';
import {
  CHAT_REACTION_EMOJIS,
  CHAT_REACTION_LOGINS_SHOWN,
  CHAT_SLOW_MODE_SECONDS,
  chatMessageSchema,
  type ChatMessage,
  type ChatModerationEntry,
  type ChatReaction,
  type ChatReactionEmoji,
  type ChatSlowModeSeconds,
} from '@shared/schemas/chat';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import { MemoryStore } from '../storage/memory-store';
import { RedisStore } from '../storage/redis-store';
import { compareStreamIds, type StreamEntry, type Store } from '../storage/store';
import { createMemoryChatOperations } from './storage-memory';
import type { ChatOperations, ShownReactions } from './storage-operations';
import { createRedisChatOperations } from './storage-redis';

/** How many messages a game's history keeps (the newest; trimming is approximate). */
export const CHAT_HISTORY_MAX = 500;

/** How many entries the moderation log keeps (at least; trimming is approximate). */
const MODERATION_LOG_KEEP = 50;

/**
 * How long a send remembers its stored id. The Redis client resends a command whose answer a dropped
 * connection lost as soon as it reconnects (a retry or two, well under a second); a send that waited
 * longer has been refused by then.
 */
const SEND_ONCE_MS = 10_000;

/** A message as stored: its id is the history entry's. */
export type StoredMessage = Omit<ChatMessage, 'id'>;

/** A message of stored JSON, or null when it is not one (an unreadable entry is skipped, never sent). */
export function toMessage(id: string, stored: unknown): ChatMessage | null {
  const parsed = chatMessageSchema.safeParse({ ...(stored as StoredMessage), id });
  return parsed.success ? parsed.data : null;
}

/** Readable messages of history entries; unreadable ones are left out. */
export function toMessages(entries: StreamEntry[]): ChatMessage[] {
  return entries.flatMap((entry) => {
    try {
      const message = toMessage(entry.id, JSON.parse(entry.value));
      return message ? [message] : [];
    } catch {
      return [];
    }
  });
}

/** The fields of a stored message the room's features read: its author and whom it mentions. */
export interface MessageAuthorship {
  login: string;
  mentions?: string[];
}

export function authorshipOf(entry: StreamEntry): MessageAuthorship | null {
  try {
    const parsed = JSON.parse(entry.value) as Partial<MessageAuthorship>;
    if (typeof parsed.login !== 'string') return null;
    const mentions = Array.isArray(parsed.mentions)
      ? parsed.mentions.filter((login): login is string => typeof login === 'string')
      : undefined;
    return { login: parsed.login, mentions };
  } catch {
    return null;
  }
}

/** A message's reactions as stored: each emoji in use with every login that gave it, in order. */
export type GivenReactions = Array<{ emoji: ChatReactionEmoji; logins: string[] }>;

/** A message's stored reactions field (emoji → logins); anything it cannot understand reads as none. */
export function readReactions(json: string | null | undefined): GivenReactions {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '{}');
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const given = parsed as Record<string, unknown>;
  return CHAT_REACTION_EMOJIS.flatMap((emoji) => {
    const logins = given[emoji];
    return Array.isArray(logins) && logins.length > 0
      ? [{ emoji, logins: logins.filter((login): login is string => typeof login === 'string') }]
      : [];
  });
}

/** A message's reactions as a toggle answers them (count and first logins), in catalogue order. */
export const shownReactionsList = (shown: ShownReactions): ChatReaction[] =>
  CHAT_REACTION_EMOJIS.flatMap((emoji) => {
    const reaction = shown[emoji];
    return reaction ? [{ emoji, count: reaction.count, logins: reaction.logins }] : [];
  });

/** Room settings as stored. */
export interface RoomSettings {
  slowModeSeconds: ChatSlowModeSeconds;
}
function readSettings(json: string | null): RoomSettings {
  try {
    const seconds = (JSON.parse(json ?? '{}') as Partial<RoomSettings>).slowModeSeconds;
    return {
      slowModeSeconds: CHAT_SLOW_MODE_SECONDS.includes(seconds as ChatSlowModeSeconds)
        ? (seconds as ChatSlowModeSeconds)
        : 0,
    };
  } catch {
    return { slowModeSeconds: 0 };
  }
}

/** A moderation entry as stored in the log's stream (its id and game are the stream's). */
export type StoredModerationEntry = ChatModerationEntry extends infer Entry
  ? Entry extends ChatModerationEntry
    ? Omit<Entry, 'id' | 'gameId'>
    : never
  : never;

/** How many sends (or reactions) one fan may make in a game's chat within a window. */
export interface ChatLimit {
  max: number;
  windowMs: number;
}

/** What holds a send back besides the limit: the room's slow mode (absent for moderators). */
export interface SlowModeCheck {
  now: number;
  /** How long the send is remembered (the longest slow mode), whatever the setting becomes. */
  keepMs: number;
}

/** A send's outcome: stored with its id, or refused with why (nothing stored). */
export type SendOutcome =
  | { id: string }
  | { refused: 'muted'; until: string }
  | { refused: 'slow-mode'; retryAfterMs: number }
  | { refused: 'rate-limited' };

/** A reaction toggle's outcome: the message's reactions after it, or why it was refused. */
export type ReactionOutcome =
  | {
      reactions: ChatReaction[];
      version: number;
      /** Messages of the room with reactions. */
      messages: number;
    }
  | { refused: 'muted'; until: string }
  | { refused: 'missing' }
  | { refused: 'rate-limited' };

/** The newest id that can come before `id` in a stream is below `id`'s next one. */
function nextStreamId(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${Number(seq) + 1}`;
}

/**
 * Everything a game's chat keeps: its history (a stream with ids in append order, keeping about
 * CHAT_HISTORY_MAX), reactions, settings (slow mode), time-outs, the moderation log and each login's
 * seen position. Every key is the game's (one hash tag) and expires CHAT_HISTORY_TTL_MS after it was
 * last written. Logins are keyed in lower case (a person is their login, compared case-insensitively).
 *
 * Beside them, the room's chat version: every change to what a page shows bumps it (a send, a
 * reaction, a deletion), here and nowhere else. Instances cache the latest page by it.
 *
 * The send and the reaction toggle are one step each over several keys (storage-operations.ts): a
 * script on Redis, the same rules in memory. The rest are the Store's primitives.
 */
export function createChatStorage(store: Store, operations: ChatOperations = chatOperationsOn(store)) {
  const lower = (login: string) => login.toLowerCase();
  return {
    /**
     * The whole send in one step: refused while the author is timed out, then while slow mode holds
     * them (`slowMode` absent: not held), then past their limit in this game; otherwise appends the
     * message, bumps the version, remembers the send for slow mode and publishes it on the feed.
     */
    async send(message: StoredMessage, limit: ChatLimit, slowMode?: SlowModeCheck): Promise<SendOutcome> {
      const { gameId } = message;
      const login = lower(message.login);
      const answer = await operations.send({
        keys: {
          history: keys.chatHistory(gameId),
          version: keys.chatVersion(gameId),
          muted: keys.chatMuted(gameId, login),
          settings: keys.chatRoomSettings(gameId),
          lastSent: keys.chatLastSent(gameId, login),
          sendRate: keys.chatSendRate(gameId, message.login),
          once: keys.chatSendOnce(gameId, randomUUID()),
          feedCounter: keys.chatFeedCounter(gameId),
          feed: keys.chatFeed(gameId),
        },
        args: {
          message: JSON.stringify(message),
          maxLength: CHAT_HISTORY_MAX,
          ttlMs: CHAT_HISTORY_TTL_MS,
          slowModeApplies: slowMode !== undefined,
          now: Math.round(slowMode?.now ?? 0),
          lastSentTtlMs: Math.max(1, Math.round(slowMode?.keepMs ?? 1)),
          slowModeChoices: CHAT_SLOW_MODE_SECONDS,
          sendLimit: limit.max,
          sendWindowMs: Math.max(1, Math.round(limit.windowMs)),
          onceTtlMs: SEND_ONCE_MS,
        },
      });
      return 'stored' in answer ? { id: answer.stored } : answer;
    },
    /** The newest `count` messages before `before` (the newest of all when absent), oldest first. */
    before: (gameId: string, count: number, before?: string) =>
      store.streamBefore(keys.chatHistory(gameId), count, before),
    /** The first `count` messages after `after`, oldest first. */
    after: (gameId: string, after: string, count: number) =>
      store.streamAfter(keys.chatHistory(gameId), after, count),
    /** The message `messageId` of a game's history, or null when it is not there. */
    async find(gameId: string, messageId: string): Promise<StreamEntry | null> {
      const [entry] = await store.streamBefore(keys.chatHistory(gameId), 1, nextStreamId(messageId));
      return entry?.id === messageId ? entry : null;
    },
    /** False when the message was not there. A removal bumps the version; its reactions go too. */
    async remove(gameId: string, messageId: string): Promise<boolean> {
      const removed = await store.streamDelete(keys.chatHistory(gameId), messageId);
      if (removed) await store.add(keys.chatVersion(gameId), 1, CHAT_HISTORY_TTL_MS);
      return removed;
    },
    /**
     * The game's chat version (0 before its first change): it differs from an earlier answer once
     * anything changed since, and a reaction change pushed with a higher one is newer than this read.
     */
    version: async (gameId: string) => Number((await store.get(keys.chatVersion(gameId))) ?? 0),

    /**
     * Adds or takes back `login`'s `emoji` on a message, in one step: refused while the login is timed
     * out, for a message the history does not hold, or past the login's reaction limit in this game.
     * Answers the message's reactions after it (each with its count and first logins only: the store
     * keeps the rest), with the room's version it is current at. A change goes out on the feed.
     */
    async toggleReaction(
      gameId: string,
      messageId: string,
      emoji: ChatReactionEmoji,
      login: string,
      reacted: boolean,
      limit: ChatLimit,
    ): Promise<ReactionOutcome> {
      const answer = await operations.toggleReaction({
        keys: {
          reactions: keys.chatReactions(gameId),
          history: keys.chatHistory(gameId),
          version: keys.chatVersion(gameId),
          muted: keys.chatMuted(gameId, lower(login)),
          reactRate: keys.chatReactRate(gameId, login),
          feed: keys.chatFeed(gameId),
        },
        args: {
          messageId,
          emoji,
          login,
          reacted,
          ttlMs: CHAT_HISTORY_TTL_MS,
          reactLimit: limit.max,
          reactWindowMs: Math.max(1, Math.round(limit.windowMs)),
          shown: CHAT_REACTION_LOGINS_SHOWN,
        },
      });
      if ('refused' in answer) return answer;
      return { ...answer, reactions: shownReactionsList(answer.reactions) };
    },
    /** The reactions of these messages of a game (messages nobody reacted to are left out). */
    async reactionsOf(gameId: string, messageIds: readonly string[]): Promise<Map<string, GivenReactions>> {
      const fields = await store.hashGetMany(keys.chatReactions(gameId), messageIds);
      const reactions = new Map<string, GivenReactions>();
      fields.forEach((json, i) => {
        const given = readReactions(json);
        if (given.length > 0) reactions.set(messageIds[i]!, given);
      });
      return reactions;
    },
    /** Removes every reaction of a message (it was deleted). */
    dropReactions: (gameId: string, messageId: string) =>
      store.hashDelete(keys.chatReactions(gameId), messageId),
    /** Removes the reactions of messages older than `oldestKept` (trimmed from the history). */
    async dropReactionsBefore(gameId: string, oldestKept: string) {
      const key = keys.chatReactions(gameId);
      const trimmed = Object.keys(await store.hashGetAll(key)).filter(
        (messageId) => compareStreamIds(messageId, oldestKept) < 0,
      );
      await Promise.all(trimmed.map((messageId) => store.hashDelete(key, messageId)));
    },

    settings: async (gameId: string) => readSettings(await store.get(keys.chatRoomSettings(gameId))),
    saveSettings: (gameId: string, settings: RoomSettings) =>
      store.set(keys.chatRoomSettings(gameId), JSON.stringify(settings), CHAT_HISTORY_TTL_MS),

    /** When a login's time-out in a game ends (epoch ms), or null. */
    async mutedUntil(gameId: string, login: string): Promise<number | null> {
      const until = Date.parse((await store.get(keys.chatMuted(gameId, lower(login)))) ?? '');
      return Number.isFinite(until) ? until : null;
    },
    mute: (gameId: string, login: string, until: number, now: number) =>
      store.set(keys.chatMuted(gameId, lower(login)), new Date(until).toISOString(), until - now),

    async recordModeration(gameId: string, entry: StoredModerationEntry): Promise<ChatModerationEntry> {
      const id = await store.streamAppend(
        keys.chatModerationLog(gameId),
        JSON.stringify(entry),
        MODERATION_LOG_KEEP,
        CHAT_HISTORY_TTL_MS,
      );
      return { id, gameId, ...entry } as ChatModerationEntry;
    },
    /** The newest `count` moderation entries, newest first. */
    async moderationLog(gameId: string, count: number): Promise<ChatModerationEntry[]> {
      const entries = await store.streamBefore(keys.chatModerationLog(gameId), count);
      return entries.reverse().flatMap((entry) => {
        try {
          return [{ id: entry.id, gameId, ...(JSON.parse(entry.value) as StoredModerationEntry) }];
        } catch {
          return [];
        }
      }) as ChatModerationEntry[];
    },

    seen: (gameId: string, login: string) => store.get(keys.chatSeen(gameId, lower(login))),
    saveSeen: (gameId: string, login: string, messageId: string) =>
      store.set(keys.chatSeen(gameId, lower(login)), messageId, CHAT_HISTORY_TTL_MS),
  };
}

export type ChatStorage = ReturnType<typeof createChatStorage>;

/** The send and toggle steps for the store the app runs on. */
export function chatOperationsOn(store: Store): ChatOperations {
  if (store instanceof RedisStore) return createRedisChatOperations(store.client);
  if (store instanceof MemoryStore) return createMemoryChatOperations(store);
  throw new Error(`No chat operations for a ${store.kind} store`);
}
