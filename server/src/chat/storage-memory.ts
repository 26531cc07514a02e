import type { MemoryStore } from '../storage/memory-store';
import type { ChatFeedPublication, ChatOperations, ShownReactions } from './storage-operations';

/** A message's reactions field as stored (emoji → logins in order); anything unreadable is none. */
function storedReactions(json: string | null): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
    );
  } catch {
    return {};
  }
}

/** The slow mode in force (ms) from the room's settings JSON: one of the offered, else none. */
function slowModeMsOf(settings: string | null, choices: unknown): number {
  try {
    const seconds = (JSON.parse(settings ?? '{}') as { slowModeSeconds?: unknown }).slowModeSeconds;
    return typeof seconds === 'number' && Array.isArray(choices) && choices.includes(seconds)
      ? seconds * 1000
      : 0;
  } catch {
    return 0;
  }
}

/**
 * The chat's steps in memory, by the same rules and in the same order as the scripts in
 * storage-redis.ts (read there what each guards), each run with nothing in between.
 */
export function createMemoryChatOperations(memory: MemoryStore): ChatOperations {
  return {
    send: ({ keys, args }) =>
      memory.atomically((store) => {
        const first = store.get(keys.once);
        if (first !== null) return { stored: first };
        const mutedUntil = store.get(keys.muted);
        if (mutedUntil !== null) return { refused: 'muted', until: mutedUntil };
        const slowModeMs = args.slowModeApplies
          ? slowModeMsOf(store.get(keys.settings), args.slowModeChoices)
          : 0;
        const last = Number(store.get(keys.lastSent) ?? Number.NaN);
        if (slowModeMs > 0 && Number.isFinite(last) && last + slowModeMs > args.now) {
          return { refused: 'slow-mode', retryAfterMs: last + slowModeMs - args.now };
        }
        if (store.increment(keys.sendRate, args.sendWindowMs) > args.sendLimit)
          return { refused: 'rate-limited' };
        const id = store.streamAppend(keys.history, args.message, args.maxLength, args.ttlMs);
        store.add(keys.version, 1, args.ttlMs);
        if (slowModeMs > 0) store.set(keys.lastSent, String(args.now), args.lastSentTtlMs);
        const count = store.add(keys.feedCounter, 1, args.ttlMs);
        store.publish(
          keys.feed,
          `{"type":"message","count":${count},"id":"${id}","message":${args.message}}`,
        );
        store.set(keys.once, id, args.onceTtlMs);
        return { stored: id };
      }),

    toggleReaction: ({ keys, args }) =>
      memory.atomically((store) => {
        const mutedUntil = store.get(keys.muted);
        if (mutedUntil !== null) return { refused: 'muted', until: mutedUntil };
        if (!store.streamHas(keys.history, args.messageId)) return { refused: 'missing' };
        if (store.increment(keys.reactRate, args.reactWindowMs) > args.reactLimit) {
          return { refused: 'rate-limited' };
        }
        const given = storedReactions(store.hashGet(keys.reactions, args.messageId));
        const logins = given[args.emoji] ?? [];
        const at = logins.indexOf(args.login);
        const changed = args.reacted === (at === -1);
        let version: number;
        if (changed) {
          if (at === -1) logins.push(args.login);
          else logins.splice(at, 1);
          if (logins.length > 0) given[args.emoji] = logins;
          else delete given[args.emoji];
          if (Object.keys(given).length === 0) store.hashDelete(keys.reactions, args.messageId);
          else store.hashSet(keys.reactions, args.messageId, JSON.stringify(given), args.ttlMs);
          store.expire(keys.reactions, args.ttlMs);
          version = store.add(keys.version, 1, args.ttlMs);
        } else {
          version = Number(store.get(keys.version) ?? 0);
        }
        const reactions: ShownReactions = Object.fromEntries(
          Object.entries(given)
            .filter(([, list]) => list.length > 0)
            .map(([emoji, list]) => [emoji, { count: list.length, logins: list.slice(0, args.shown) }]),
        );
        if (changed) {
          const { messageId, emoji, login, reacted } = args;
          const publication: ChatFeedPublication = {
            type: 'reaction',
            ...{ messageId, emoji, login, reacted, version, reactions },
          };
          store.publish(keys.feed, JSON.stringify(publication));
        }
        return { reactions, version, messages: store.hashSize(keys.reactions) };
      }),
  };
}
