import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatPage,
  type ChatSendInput,
  type ChatSyncAnswer,
  type TeamSide,
} from '@shared/schemas/chat';
import { errors } from '../errors';
import type { Metrics } from '../metrics';
import { fromStore } from '../storage/from-store';
import { compareStreamIds, isStreamId } from '../storage/store';
import type { ChatBroadcaster } from './broadcaster';
import type { ChatIdentity } from './identity';
import { createLatestPages, type LatestPage } from './latest-pages';
import { mentionsField } from './mentions';
import type { ChatModeration } from './moderation';
import { mineOf, type ChatReactions } from './reactions';
import {
  toMessages,
  type ChatLimit,
  type ChatStorage,
  type SendOutcome,
  type StoredMessage,
} from './storage';
import type { ChatUnreadService } from './unread';

/** How many missed messages one chat:sync answers at most. */
const SYNC_MAX = 500;

export interface ChatMessagesDeps {
  storage: ChatStorage;
  broadcaster: Pick<ChatBroadcaster, 'messageDeleted'>;
  /** How many messages a fan may send in one game's chat per window. */
  sendLimit: ChatLimit;
  /** Slow mode, checked with each send. */
  moderation: Pick<ChatModeration, 'slowModeFor'>;
  /** Pages and catch-up answers carry their messages' reactions. */
  reactions: Pick<ChatReactions, 'attach'>;
  /** Followers of the game's unread count hear of each stored message. */
  unread: Pick<ChatUnreadService, 'arrived'>;
  /** Counts the messages stored. */
  metrics?: Pick<Metrics, 'chatMessageStored'>;
}

/**
 * A game's chat messages: sending, the pages of history (the latest one shared by the fans entering
 * the room), catch-up for a client that was away, and deletion.
 */
export function createChatMessages(deps: ChatMessagesDeps) {
  const { storage: history, broadcaster } = deps;
  const withReactions = (gameId: string, messages: ChatMessage[]) => deps.reactions.attach(gameId, messages);

  const readVersion = (gameId: string) => fromStore(() => history.version(gameId));

  /**
   * The newest `limit` messages before `before` (the latest when absent), read from the store after
   * the room's `version` was read: their reactions are at least that new, and the page says so.
   * Without the asker's own reactions (`mine`, from `reactors`): the latest page is shared.
   */
  async function readPageAt(gameId: string, version: number, limit: number, before?: string) {
    // One extra tells whether older messages exist.
    const entries = await fromStore(() => history.before(gameId, limit + 1, before));
    const hasMore = entries.length > limit;
    const { messages, reactors } = await withReactions(
      gameId,
      toMessages(hasMore ? entries.slice(1) : entries),
    );
    return { page: { messages, hasMore, version }, reactors } satisfies LatestPage;
  }

  /** A page as one fan receives it: with the reactions that fan gave on its messages. */
  const pageFor = (asker: string, { page, reactors }: LatestPage): ChatPage => ({
    ...page,
    mine: mineOf(reactors, asker, page.messages),
  });

  /** Each room's latest page, read once for the many fans entering it (latest-pages.ts). */
  const latestPages = createLatestPages({
    version: readVersion,
    page: (gameId, version) => readPageAt(gameId, version, CHAT_PAGE_SIZE),
  });

  return {
    /**
     * Stores a message from a signed-in user, which publishes it to the game's room on every instance.
     * The checks (time-out, slow mode, send limit), the append and the publishing are one store
     * operation: a refused send stores and publishes nothing.
     */
    async send(identity: ChatIdentity, input: ChatSendInput): Promise<ChatMessage> {
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
        ...mentionsField(input.message),
      };
      const slowMode = deps.moderation.slowModeFor(identity);
      const outcome = await fromStore(() => history.send(stored, deps.sendLimit, slowMode));
      if (!('id' in outcome)) throw sendRefused(outcome);
      const message: ChatMessage = { id: outcome.id, ...stored };
      deps.metrics?.chatMessageStored();
      deps.unread.arrived(message);
      return message;
    },

    /**
     * The newest `limit` messages before `before` (the latest page when absent), oldest first, with
     * the reactions `asker` (the signed-in login) gave on them.
     */
    async page(asker: string, gameId: string, limit: number, before?: string): Promise<ChatPage> {
      if (before !== undefined && !isStreamId(before)) throw errors.badRequest('Invalid message id.');
      return pageFor(asker, await readPageAt(gameId, await readVersion(gameId), limit, before));
    },

    /**
     * The latest CHAT_PAGE_SIZE messages, for a fan entering the room (who joined it first): shared
     * with the others entering at the same time, never older than a read made after this call.
     * Only `mine` is the asker's own; the rest is shared: copy it before changing anything in it.
     */
    latestPage: async (asker: string, gameId: string): Promise<ChatPage> =>
      pageFor(asker, await latestPages.get(gameId)),

    /**
     * Messages after `after`, for a client that was away: the newest SYNC_MAX at most, with `gap` set
     * when some after `after` cannot be given (trimmed from the history, or beyond one answer).
     */
    async since(asker: string, gameId: string, after: string): Promise<ChatSyncAnswer> {
      if (!isStreamId(after)) throw errors.badRequest('Invalid message id.');
      // Usually the client missed a few: when `after` is inside the latest page, everything after it
      // is in that page (the one a room of fans coming back at once shares). Its version was read
      // before anything below, so it holds for the answer either way.
      const { page: latest, reactors: latestReactors } = await latestPages.get(gameId);
      const { version } = latest;
      const [oldest] = latest.messages;
      if ((oldest && compareStreamIds(oldest.id, after) <= 0) || (!oldest && !latest.hasMore)) {
        const messages = latest.messages.filter((m) => compareStreamIds(m.id, after) > 0);
        return { messages, gap: false, version, mine: mineOf(latestReactors, asker, messages) };
      }
      const newest = await fromStore(() => history.before(gameId, SYNC_MAX));
      const missed = newest.filter((entry) => compareStreamIds(entry.id, after) > 0);
      // Some of the newest are ones the client has: everything after `after` is in this answer.
      let gap = false;
      if (missed.length > 0 && missed.length === newest.length) {
        const [[oldest], [firstAfter]] = await fromStore(() =>
          Promise.all([history.after(gameId, '0-0', 1), history.after(gameId, after, 1)]),
        );
        // Complete only when `after` is still inside the history (nothing after it was trimmed) and
        // the first message after it is the first one answered. Otherwise some are missing; when the
        // trimming stopped exactly at `after` this says gap for nothing lost, which is the safe side.
        const afterRetained = oldest !== undefined && compareStreamIds(oldest.id, after) <= 0;
        gap = !afterRetained || firstAfter?.id !== missed[0]!.id;
      }
      const { messages, reactors } = await withReactions(gameId, toMessages(missed));
      return { messages, gap, version, mine: mineOf(reactors, asker, messages) };
    },

    /** Moderators and admins remove a message for everyone. */
    async remove(identity: ChatIdentity, gameId: string, messageId: string): Promise<void> {
      if (identity.role === 'user') throw errors.forbidden('Only moderators and admins can delete messages.');
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      const removed = await fromStore(() => history.remove(gameId, messageId));
      if (!removed) throw errors.notFound('That message no longer exists.');
      broadcaster.messageDeleted(gameId, messageId);
    },
  };
}

export type ChatMessages = ReturnType<typeof createChatMessages>;

/** The error a refused send answers: each says what the sender can do about it. */
function sendRefused(outcome: Exclude<SendOutcome, { id: string }>) {
  switch (outcome.refused) {
    case 'muted':
      return errors.chatMuted(undefined, { details: { until: outcome.until } });
    case 'slow-mode':
      return errors.slowMode(`Slow mode: wait ${Math.ceil(outcome.retryAfterMs / 1000)} s`, {
        details: { retryAfterMs: outcome.retryAfterMs },
      });
    case 'rate-limited':
      return errors.rateLimited('You are sending messages too fast. Please slow down.');
  }
}

/** The team name a side stands for, from the REST body's awayTeam/homeTeam. */
export const teamNameFor = (side: TeamSide, away: string, home: string) => (side === 'away' ? away : home);
