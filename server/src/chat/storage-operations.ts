import type { ArgKind, ScriptArgs, ScriptKeys } from '../storage/redis-script';

/**
 * The chat's steps over several of a game's keys at once, each one step with nothing in between: a
 * script on Redis (storage-redis.ts), the same rules in memory (storage-memory.ts). Each names its
 * keys and arguments here, once: the script reads them by these names and the caller passes them by
 * these names. Every key is the game's (one hash tag, so one shard on a cluster).
 */
export const SEND = {
  keys: ['history', 'version', 'muted', 'settings', 'lastSent', 'sendRate', 'once', 'feedCounter', 'feed'],
  args: {
    /** The stored message's JSON (a history entry, published as it is). */
    message: 'string',
    maxLength: 'number',
    ttlMs: 'number',
    /** Moderators are not held by slow mode. */
    slowModeApplies: 'boolean',
    now: 'number',
    /** How long a send is remembered for slow mode (the longest slow mode). */
    lastSentTtlMs: 'number',
    /** The slow modes offered, in seconds: a stored setting that is none of them means none. */
    slowModeChoices: 'json',
    sendLimit: 'number',
    sendWindowMs: 'number',
    onceTtlMs: 'number',
  },
} as const;

export const TOGGLE_REACTION = {
  keys: ['reactions', 'history', 'version', 'muted', 'reactRate', 'feed'],
  args: {
    messageId: 'string',
    emoji: 'string',
    login: 'string',
    reacted: 'boolean',
    ttlMs: 'number',
    reactLimit: 'number',
    reactWindowMs: 'number',
    /** How many logins of each reaction the answer and the feed name (the first ones). */
    shown: 'number',
  },
} as const;

/** What a caller passes to an operation: its keys and its arguments, by name. */
export interface OperationInput<Op extends { keys: readonly string[]; args: Record<string, ArgKind> }> {
  keys: ScriptKeys<Op['keys'][number]>;
  args: ScriptArgs<Op['args']>;
}

/** Each reaction on a message (by emoji): how many gave it, and the first of them, in order. */
export type ShownReactions = Record<string, { count: number; logins: string[] }>;

export type SendAnswer =
  | { stored: string }
  | { refused: 'muted'; until: string }
  | { refused: 'slow-mode'; retryAfterMs: number }
  | { refused: 'rate-limited' };

export type ToggleAnswer =
  | { reactions: ShownReactions; version: number; messages: number }
  | { refused: 'muted'; until: string }
  | { refused: 'missing' }
  | { refused: 'rate-limited' };

/** The steps, as each store runs them. */
export interface ChatOperations {
  send(input: OperationInput<typeof SEND>): Promise<SendAnswer>;
  toggleReaction(input: OperationInput<typeof TOGGLE_REACTION>): Promise<ToggleAnswer>;
}

/**
 * What travels on a game's feed channel (feed.ts), one JSON shape tagged by `type`: a stored message
 * with how many the channel carried so far (a listener that hears n + 2 after n missed one), or a
 * reaction that changed, with the message's reactions after it and the room's version it made.
 */
export type ChatFeedPublication =
  | { type: 'message'; count: number; id: string; message: unknown }
  | {
      type: 'reaction';
      messageId: string;
      emoji: string;
      login: string;
      reacted: boolean;
      version: number;
      reactions: ShownReactions;
    };
