import { randomUUID } from 'node:crypto';
import { CHAT_SLOW_MODE_SECONDS, chatMessageSchema, type ChatMessage } from '@shared/schemas/chat';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import type { StreamEntry, Store } from '../storage/store';

/**
 * How long a send remembers its stored id. The Redis client resends a command whose answer a dropped
 * connection lost as soon as it reconnects (a retry or two, well under a second); a send that waited
 * longer has been refused by then.
 */
const SEND_ONCE_MS = 10_000;

/** A message as stored: its id is the stream entry's. */
export type StoredMessage = Omit<ChatMessage, 'id'>;

function toMessage(entry: StreamEntry): ChatMessage | null {
  try {
    return chatMessageSchema.parse({ ...(JSON.parse(entry.value) as StoredMessage), id: entry.id });
  } catch {
    return null; // an unreadable entry is skipped, never sent
  }
}
const toMessages = (entries: StreamEntry[]) =>
  entries.map(toMessage).filter((message): message is ChatMessage => message !== null);

/** How many sends one fan may make in a game's chat within a window. */
export interface SendLimit {
  max: number;
  windowMs: number;
}

/** What holds one send back besides the limit: the room's slow mode (absent for moderators). */
export interface SendGuards {
  limit: SendLimit;
  /** The slow mode in force is read with the send; a send is remembered this long (the longest). */
  slowMode?: { now: number; keepMs: number };
}

/** A send's outcome: stored with its id, or refused with why (nothing stored). */
export type AppendOutcome =
  | { id: string }
  | { refused: 'muted'; until: string }
  | { refused: 'slow-mode'; retryAfterMs: number }
  | { refused: 'rate-limited' };

/**
 * Each game's chat history, a stream in the store with ids in append order, keeping the newest
 * `maxMessages`; it expires CHAT_HISTORY_TTL_MS after its last message.
 *
 * Beside it, the game's chat version: every change to what a page of the history shows bumps it (an
 * append in the same script, a deletion with `changed`; anything else a page carries, such as
 * reactions, must call `changed` too, before it broadcasts). Instances cache the latest page by it.
 */
export function createChatStore(store: Store, maxMessages: number) {
  const changed = (gameId: string) => store.add(keys.chatVersion(gameId), 1, CHAT_HISTORY_TTL_MS);
  return {
    /**
     * The whole send in one round trip (one script over the game's keys, so one shard): refused while
     * the author is timed out, then while slow mode holds them, then past their send limit in this
     * game; otherwise appends the message, bumps the version, remembers the send for slow mode and
     * publishes the message to the game's feed.
     */
    async append(message: StoredMessage, guards: SendGuards): Promise<AppendOutcome> {
      const { gameId, login } = message;
      const result = await store.streamAppendGuarded(keys.chatHistory(gameId), JSON.stringify(message), {
        maxLength: maxMessages,
        ttlMs: CHAT_HISTORY_TTL_MS,
        blockedBy: keys.chatMuted(gameId, login.toLowerCase()),
        spacing: guards.slowMode && {
          settingsKey: keys.chatRoomSettings(gameId),
          lastKey: keys.chatLastSent(gameId, login.toLowerCase()),
          now: guards.slowMode.now,
          keepMs: guards.slowMode.keepMs,
          allowedSeconds: CHAT_SLOW_MODE_SECONDS,
        },
        limit: { key: keys.chatSendRate(gameId, login), ...guards.limit },
        version: keys.chatVersion(gameId),
        once: { key: keys.chatSendOnce(gameId, randomUUID()), ttlMs: SEND_ONCE_MS },
        // Every instance with fans in the room hears it there (feed.ts).
        publish: { channel: keys.chatFeed(gameId), counter: keys.chatFeedCounter(gameId) },
      });
      if ('id' in result) return result;
      if (result.refused === 'blocked') return { refused: 'muted', until: result.value };
      if (result.refused === 'spacing') return { refused: 'slow-mode', retryAfterMs: result.retryAfterMs };
      return { refused: 'rate-limited' };
    },
    /** The newest `count` entries before `before` (all when absent), oldest first. */
    before: async (gameId: string, count: number, before?: string) =>
      store.streamBefore(keys.chatHistory(gameId), count, before),
    /** The first `count` entries after `after`, oldest first. */
    after: (gameId: string, after: string, count: number) =>
      store.streamAfter(keys.chatHistory(gameId), after, count),
    /** False when the message was not there. A removal bumps the version. */
    remove: async (gameId: string, messageId: string) => {
      const removed = await store.streamDelete(keys.chatHistory(gameId), messageId);
      if (removed) await changed(gameId);
      return removed;
    },
    /** Marks the game's chat changed (see above): cached pages of it are read again. */
    changed,
    /**
     * The game's chat version (0 before its first change): it differs from an earlier answer once
     * anything changed since, and a reaction change pushed with a higher one is newer than this read.
     */
    version: async (gameId: string) => Number((await store.get(keys.chatVersion(gameId))) ?? 0),
    /** Readable messages of stored entries; unreadable ones are left out. */
    toMessages,
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
