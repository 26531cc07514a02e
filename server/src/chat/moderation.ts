import {
  CHAT_MODERATION_LOG_MAX,
  type ChatModerationLog,
  type ChatMuted,
  type ChatRoomState,
  type ChatSlowModeSeconds,
  type ChatTimeoutMinutes,
} from '@shared/schemas/chat';
import { roleFor } from '../auth/roles';
import type { Config } from '../config';
import { errors } from '../errors';
import { fromStore } from '../storage/from-store';
import { isStreamId } from '../storage/store';
import type { ChatBroadcaster } from './broadcaster';
import type { ChatIdentity } from './identity';
import { authorshipOf, type ChatStorage, type SlowModeCheck, type StoredModerationEntry } from './storage';

/** How many of a room's newest messages are searched for how a timed-out login is written. */
const RECENT_AUTHORS_SCAN = 100;

/** The longest slow mode: a send is remembered this long, whatever the room's setting becomes. */
const SLOW_MODE_MAX_MS = 60_000;

export interface ChatModerationDeps {
  storage: ChatStorage;
  broadcaster: Pick<ChatBroadcaster, 'roomChanged' | 'muted' | 'moderationLogged'>;
  config: Pick<Config, 'MODERATOR_LOGINS' | 'ADMIN_LOGINS'>;
  /** A message was deleted (its author and mentions): unread counts that held it go down. */
  messageDeleted?(gameId: string, messageId: string, fields: { login: string; mentions?: string[] }): void;
  now?: () => number;
}

/** A moderation action as it is recorded: the time is added then. */
type ModerationAction = StoredModerationEntry extends infer Entry
  ? Entry extends StoredModerationEntry
    ? Omit<Entry, 'at'>
    : never
  : never;

const isModerator = (identity: ChatIdentity) => identity.role !== 'user';
const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Slow mode, time-outs and the moderation log of each game's room. Moderators and admins (from
 * MODERATOR_LOGINS and ADMIN_LOGINS, through the session's role) set slow mode, time people out and
 * delete messages; every such action is recorded with who, whom and when, and the room's latest
 * ones are shown to moderators only. Everything is in the store, so every instance enforces the same
 * and a restart forgets nothing.
 */
export function createChatModeration(deps: ChatModerationDeps) {
  const { storage, broadcaster, config } = deps;
  const now = deps.now ?? Date.now;

  function assertModerator(identity: ChatIdentity, what: string): void {
    if (!isModerator(identity)) throw errors.forbidden(`Only moderators and admins can ${what}.`);
  }

  async function record(gameId: string, entry: ModerationAction): Promise<void> {
    const at = new Date(now()).toISOString();
    const recorded = await fromStore(() => storage.recordModeration(gameId, { ...entry, at }));
    broadcaster.moderationLogged(recorded);
  }

  async function roomState(gameId: string): Promise<ChatRoomState> {
    const { slowModeSeconds } = await fromStore(() => storage.settings(gameId));
    return { gameId, slowModeSeconds };
  }

  /** ISO end of `login`'s time-out in a game, or null when it may post. */
  async function mutedUntil(gameId: string, login: string): Promise<string | null> {
    const until = await fromStore(() => storage.mutedUntil(gameId, login));
    return until !== null && until > now() ? new Date(until).toISOString() : null;
  }

  return {
    roomState,
    mutedUntil,

    /**
     * The slow-mode check a send is held to (the time-out is checked with every send), checked by the
     * store with the send itself: none when a moderator sends. The last send is kept SLOW_MODE_MAX_MS
     * (the longest slow mode) and compared with the setting in force at the send, so shortening or
     * lengthening slow mode applies at once to the next message.
     */
    slowModeFor(identity: ChatIdentity): SlowModeCheck | undefined {
      return isModerator(identity) ? undefined : { now: now(), keepMs: SLOW_MODE_MAX_MS };
    },

    async setSlowMode(identity: ChatIdentity, gameId: string, seconds: ChatSlowModeSeconds) {
      assertModerator(identity, 'set slow mode');
      await fromStore(() => storage.saveSettings(gameId, { slowModeSeconds: seconds }));
      const room: ChatRoomState = { gameId, slowModeSeconds: seconds };
      broadcaster.roomChanged(room);
      await record(gameId, { action: 'slow-mode', moderator: identity.login, seconds });
      return room;
    },

    async timeout(
      identity: ChatIdentity,
      gameId: string,
      typed: string,
      minutes: ChatTimeoutMinutes,
    ): Promise<ChatMuted> {
      assertModerator(identity, 'time someone out');
      if (sameLogin(typed, identity.login)) throw errors.badRequest('You cannot time yourself out.');
      if (roleFor(typed, config) === 'admin') throw errors.forbidden('An admin cannot be timed out.');
      // The login as its owner writes it when they spoke lately (their sockets' room is named by it).
      const recent = await fromStore(() => storage.before(gameId, RECENT_AUTHORS_SCAN));
      const login =
        recent
          .map((entry) => authorshipOf(entry)?.login)
          .find((author) => author && sameLogin(author, typed)) ?? typed;
      const at = now();
      const untilMs = at + minutes * 60_000;
      await fromStore(() => storage.mute(gameId, login, untilMs, at));
      const muted: ChatMuted = { gameId, login, until: new Date(untilMs).toISOString() };
      broadcaster.muted(muted);
      await record(gameId, {
        action: 'timeout',
        moderator: identity.login,
        target: login,
        minutes,
        until: muted.until,
      });
      return muted;
    },

    /**
     * Deletes a message for everyone (through `remove`, the chat's own delete) and records it with its
     * author; its reactions go with it.
     */
    async deleteMessage(
      identity: ChatIdentity,
      gameId: string,
      messageId: string,
      remove: () => Promise<void>,
    ): Promise<void> {
      assertModerator(identity, 'delete messages');
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      const entry = await fromStore(() => storage.find(gameId, messageId));
      if (!entry) throw errors.notFound('That message no longer exists.');
      const fields = authorshipOf(entry);
      const author = fields?.login ?? '';
      await remove();
      if (fields) deps.messageDeleted?.(gameId, messageId, fields);
      await fromStore(() => storage.dropReactions(gameId, messageId));
      await record(gameId, { action: 'delete', moderator: identity.login, messageId, target: author });
    },

    async log(identity: ChatIdentity, gameId: string): Promise<ChatModerationLog> {
      assertModerator(identity, 'see the moderation log');
      return {
        gameId,
        entries: await fromStore(() => storage.moderationLog(gameId, CHAT_MODERATION_LOG_MAX)),
      };
    },
  };
}

export type ChatModeration = ReturnType<typeof createChatModeration>;
