import {
  CHAT_REACTION_EMOJIS,
  CHAT_REACTION_LOGINS_SHOWN,
  type ChatModerationEntry,
  type ChatReaction,
  type ChatReactionEmoji,
  type ChatSlowModeSeconds,
  CHAT_SLOW_MODE_SECONDS,
} from '@shared/schemas/chat';
import { CHAT_HISTORY_TTL_MS, keys } from '../storage/keys';
import { compareStreamIds, type StreamEntry, type Store, type ToggledGroup } from '../storage/store';
import type { GivenReactions } from './reactors';

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

/**
 * A message's reactions as stored: one field of the game's reactions hash, named by the message id,
 * holding JSON `{ "<emoji>": [logins in the order they reacted] }`. A toggle is one guarded store step
 * (hashToggleGuarded), whichever instance does it.
 */
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

/** A reaction toggle's outcome: the message's reactions after it, or why it was refused. */
export type ReactionOutcome =
  | {
      reactions: ChatReaction[];
      version: number;
      /** Messages of the room with reactions. */ messages: number;
    }
  | { refused: 'muted'; until: string }
  | { refused: 'missing' }
  | { refused: 'rate-limited' };

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
    /**
     * Adds or takes back `login`'s `emoji` on a message, in one step: refused while the login is timed
     * out, for a message the history does not hold, or past the login's reaction limit in this game.
     * Answers the message's reactions after it (each with its count and first logins only: the store
     * keeps the rest), with the room's chat version it is current at.
     */
    async toggleReaction(
      gameId: string,
      messageId: string,
      emoji: ChatReactionEmoji,
      login: string,
      on: boolean,
      limit: { max: number; windowMs: number },
    ): Promise<ReactionOutcome> {
      const result = await store.hashToggleGuarded({
        key: keys.chatReactions(gameId),
        field: messageId,
        group: emoji,
        member: login,
        on,
        ttlMs: CHAT_HISTORY_TTL_MS,
        version: keys.chatVersion(gameId),
        requires: { stream: keys.chatHistory(gameId), id: messageId },
        blockedBy: keys.chatMuted(gameId, lower(login)),
        limit: { key: keys.chatReactRate(gameId, login), ...limit },
        shown: CHAT_REACTION_LOGINS_SHOWN,
        // Every instance with fans in the room hears the change there (feed.ts).
        publish: keys.chatFeed(gameId),
      });
      if ('groups' in result) {
        return {
          reactions: reactionsOfGroups(result.groups),
          version: result.version,
          messages: result.fields,
        };
      }
      if (result.refused === 'blocked') return { refused: 'muted', until: result.value };
      if (result.refused === 'missing') return { refused: 'missing' };
      return { refused: 'rate-limited' };
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
    saveSettings: (gameId: string, settings: StoredSettings) =>
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

export type ChatRoomStore = ReturnType<typeof createChatRoomStore>;

/** A message's reactions as a toggle answers them (emoji → count and first logins), in catalogue order. */
export const reactionsOfGroups = (groups: Record<string, ToggledGroup>): ChatReaction[] =>
  CHAT_REACTION_EMOJIS.flatMap((emoji) => {
    const group = groups[emoji];
    return group ? [{ emoji, count: group.count, logins: group.members }] : [];
  });
