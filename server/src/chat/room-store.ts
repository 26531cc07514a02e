import {
  CHAT_REACTION_EMOJIS,
  type ChatModerationEntry,
  type ChatReaction,
  type ChatReactionEmoji,
  type ChatSlowModeSeconds,
  CHAT_SLOW_MODE_SECONDS,
} from '@shared/schemas/chat';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import { compareStreamIds, type StreamEntry, type Store } from '../storage/store';

/**
 * What a game's chat room keeps beside its history: reactions, settings (slow mode), time-outs, the
 * moderation log and each login's seen position. Every key is the game's (one hash tag) and expires
 * like the history, CHAT_HISTORY_TTL_MS after it was last written. Logins are keyed in lower case (a
 * person is their login, compared case-insensitively).
 */

/** The newest id that can come before `id` in a stream is below `id`'s next one. */
function nextStreamId(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${Number(seq) + 1}`;
}

/** The JSON a stored chat message has, as far as the room's features read it. */
interface StoredMessageFields {
  login: string;
  mentions?: string[];
}

export function messageFields(entry: StreamEntry): StoredMessageFields | null {
  try {
    const parsed = JSON.parse(entry.value) as Partial<StoredMessageFields>;
    if (typeof parsed.login !== 'string') return null;
    const mentions = Array.isArray(parsed.mentions)
      ? parsed.mentions.filter((login): login is string => typeof login === 'string')
      : undefined;
    return { login: parsed.login, mentions };
  } catch {
    return null;
  }
}

// A reaction is one hash field, `<messageId> <emoji> <login>` (none of them has a space), whose value
// is when it was given: adding and removing one are single atomic writes, whichever instance does it.
const reactionField = (messageId: string, emoji: ChatReactionEmoji, login: string) =>
  `${messageId} ${emoji} ${login}`;

/** Reactions of each message, from the reactions hash, each in CHAT_REACTION_EMOJIS order. */
function groupReactions(fields: Record<string, string>): Map<string, ChatReaction[]> {
  const given = new Map<string, Map<ChatReactionEmoji, { login: string; at: number }[]>>();
  for (const [field, at] of Object.entries(fields)) {
    const [messageId, emoji, login] = field.split(' ');
    if (!messageId || !login || !CHAT_REACTION_EMOJIS.includes(emoji as ChatReactionEmoji)) continue;
    const byEmoji = given.get(messageId) ?? new Map<ChatReactionEmoji, { login: string; at: number }[]>();
    given.set(messageId, byEmoji);
    const logins = byEmoji.get(emoji as ChatReactionEmoji) ?? [];
    byEmoji.set(emoji as ChatReactionEmoji, logins);
    logins.push({ login, at: Number(at) || 0 });
  }
  const reactions = new Map<string, ChatReaction[]>();
  for (const [messageId, byEmoji] of given) {
    reactions.set(
      messageId,
      CHAT_REACTION_EMOJIS.filter((emoji) => byEmoji.has(emoji)).map((emoji) => ({
        emoji,
        logins: byEmoji
          .get(emoji)!
          .sort((a, b) => a.at - b.at)
          .map(({ login }) => login),
      })),
    );
  }
  return reactions;
}

/** Room settings as stored. */
interface StoredSettings {
  slowModeSeconds: ChatSlowModeSeconds;
}
const readSettings = (json: string | null): StoredSettings => {
  try {
    const seconds = (JSON.parse(json ?? '{}') as Partial<StoredSettings>).slowModeSeconds;
    return {
      slowModeSeconds: CHAT_SLOW_MODE_SECONDS.includes(seconds as ChatSlowModeSeconds)
        ? (seconds as ChatSlowModeSeconds)
        : 0,
    };
  } catch {
    return { slowModeSeconds: 0 };
  }
};

/** A moderation entry as stored in the log's stream (its id and game are the stream's). */
export type StoredModerationEntry = ChatModerationEntry extends infer Entry
  ? Entry extends ChatModerationEntry
    ? Omit<Entry, 'id' | 'gameId'>
    : never
  : never;

/** How many entries the moderation log keeps (at least; trimming is approximate). */
const MODERATION_LOG_KEEP = 50;

export function createChatRoomStore(store: Store) {
  const lower = (login: string) => login.toLowerCase();
  return {
    /** The message `messageId` of a game's history, or null when it is not there. */
    async findMessage(gameId: string, messageId: string): Promise<StreamEntry | null> {
      const [entry] = await store.streamBefore(keys.chatHistory(gameId), 1, nextStreamId(messageId));
      return entry?.id === messageId ? entry : null;
    },
    /** The newest `count` messages of a game, oldest first. */
    newestMessages: (gameId: string, count: number) => store.streamBefore(keys.chatHistory(gameId), count),
    /** Up to `count` messages after `after`, oldest first. */
    messagesAfter: (gameId: string, after: string, count: number) =>
      store.streamAfter(keys.chatHistory(gameId), after, count),

    /** Every message's reactions in a game. */
    reactions: async (gameId: string) => groupReactions(await store.hashGetAll(keys.chatReactions(gameId))),
    async setReaction(
      gameId: string,
      messageId: string,
      emoji: ChatReactionEmoji,
      login: string,
      on: boolean,
    ) {
      const key = keys.chatReactions(gameId);
      const field = reactionField(messageId, emoji, login);
      if (on) await store.hashSet(key, field, String(Date.now()));
      else await store.hashDelete(key, field);
      await store.expire(key, CHAT_HISTORY_TTL_MS);
    },
    /** Removes every reaction of a message (it was deleted). */
    async dropReactions(gameId: string, messageId: string) {
      const key = keys.chatReactions(gameId);
      const fields = Object.keys(await store.hashGetAll(key)).filter((field) =>
        field.startsWith(`${messageId} `),
      );
      await Promise.all(fields.map((field) => store.hashDelete(key, field)));
    },
    /** Removes the reactions of messages older than `oldestKept` (trimmed from the history). */
    async dropReactionsBefore(gameId: string, oldestKept: string) {
      const key = keys.chatReactions(gameId);
      const fields = Object.keys(await store.hashGetAll(key)).filter(
        (field) => compareStreamIds(field.slice(0, field.indexOf(' ')), oldestKept) < 0,
      );
      await Promise.all(fields.map((field) => store.hashDelete(key, field)));
    },

    settings: async (gameId: string) => readSettings(await store.get(keys.chatRoomSettings(gameId))),
    saveSettings: (gameId: string, settings: StoredSettings) =>
      store.set(keys.chatRoomSettings(gameId), JSON.stringify(settings), CHAT_HISTORY_TTL_MS),

    /** Marks a send for slow mode unless one is marked; answers when the marked one was (ms), or null. */
    async markSent(gameId: string, login: string, now: number, keepMs: number): Promise<number | null> {
      const key = keys.chatLastSent(gameId, lower(login));
      if (await store.setIfAbsent(key, String(now), keepMs)) return null;
      const last = Number(await store.get(key));
      return Number.isFinite(last) ? last : null;
    },
    /** Marks a send for slow mode whatever was marked. */
    forceMarkSent: (gameId: string, login: string, now: number, keepMs: number) =>
      store.set(keys.chatLastSent(gameId, lower(login)), String(now), keepMs),

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

export type ChatRoomStore = ReturnType<typeof createChatRoomStore>;
