import type { ChatMessage, ChatReactInput, ChatReactionsChanged } from '@shared/schemas/chat';
import { AppError, errors } from '../errors';
import type { RateLimiter } from '../http/rate-limit';
import { fromStore } from '../storage/from-store';
import { isStreamId } from '../storage/store';
import type { ChatModeration } from './moderation';
import type { ChatRoomBroadcaster } from './room-broadcaster';
import type { ChatRoomStore } from './room-store';
import { CHAT_HISTORY_MAX, type ChatIdentity } from './service';

/**
 * The history keeps about CHAT_HISTORY_MAX messages (trimming is approximate): once twice as many have
 * reactions, some belong to trimmed messages, and those are dropped.
 */
const PRUNE_ABOVE_MESSAGES = 2 * CHAT_HISTORY_MAX;

export interface ChatReactionsDeps {
  rooms: ChatRoomStore;
  limiter: RateLimiter;
  moderation: Pick<ChatModeration, 'assertNotMuted'>;
  broadcaster: Pick<ChatRoomBroadcaster, 'reactionsChanged'>;
  /** The chat's sending limit: reactions have a budget of the same size of their own. */
  rateLimit: { limit: number; windowMs: number };
  /** Marks the game's chat changed, so every instance's cached page is read again with the reaction. */
  pageChanged(gameId: string): Promise<unknown>;
}

/**
 * The six reactions on a game's messages. A login has each reaction at most once per message; a
 * change is stored in the game's reactions hash (so every instance and a restart see it) and the
 * message's reactions go to everyone in the room. Pages carry reactions through `attach`.
 */
export function createChatReactions(deps: ChatReactionsDeps) {
  const { rooms, limiter, moderation, broadcaster } = deps;

  /** Reactions of messages the history no longer keeps are dropped (they would only be read). */
  async function pruneTrimmed(gameId: string): Promise<void> {
    const [oldest] = await fromStore(() => rooms.messagesAfter(gameId, '0-0', 1));
    if (oldest) await fromStore(() => rooms.dropReactionsBefore(gameId, oldest.id));
  }

  return {
    async react(identity: ChatIdentity, input: ChatReactInput): Promise<ChatReactionsChanged> {
      const { gameId, messageId, emoji, reacted } = input;
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      // Refusals that store nothing come first, so a refused reaction does not spend the budget.
      const [message] = await Promise.all([
        fromStore(() => rooms.findMessage(gameId, messageId)),
        moderation.assertNotMuted(identity, gameId),
      ]);
      if (!message) throw errors.notFound('That message no longer exists.');
      await fromStore(() =>
        limiter(
          { bucket: 'chat-react', limit: deps.rateLimit.limit, windowMs: deps.rateLimit.windowMs },
          identity.login,
        ),
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'rate_limited') {
          throw errors.rateLimited('You are reacting too fast. Please slow down.');
        }
        throw error;
      });
      const current = (await fromStore(() => rooms.reactions(gameId))).get(messageId) ?? [];
      const has = current.some((r) => r.emoji === emoji && r.logins.includes(identity.login));
      if (has === reacted) return { gameId, messageId, reactions: current };
      await fromStore(() => rooms.setReaction(gameId, messageId, emoji, identity.login, reacted));
      await fromStore(() => deps.pageChanged(gameId));
      // Read back after the write, so a change another instance made meanwhile is in what goes out.
      const all = await fromStore(() => rooms.reactions(gameId));
      const changed = { gameId, messageId, reactions: all.get(messageId) ?? [] };
      broadcaster.reactionsChanged(changed);
      if (all.size > PRUNE_ABOVE_MESSAGES) await pruneTrimmed(gameId);
      return changed;
    },

    /** The messages with their reactions (a message nobody reacted to is left as it is). */
    async attach(gameId: string, messages: ChatMessage[]): Promise<ChatMessage[]> {
      if (messages.length === 0) return messages;
      const reactions = await fromStore(() => rooms.reactions(gameId));
      if (reactions.size === 0) return messages;
      return messages.map((message) => {
        const given = reactions.get(message.id);
        return given ? { ...message, reactions: given } : message;
      });
    },
  };
}

export type ChatReactions = ReturnType<typeof createChatReactions>;
