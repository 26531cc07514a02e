import type { ChatMessage, ChatMyReactionChanged, ChatReactInput } from '@shared/schemas/chat';
import { errors } from '../errors';
import type { Metrics } from '../metrics';
import { fromStore } from '../storage/from-store';
import { isStreamId } from '../storage/store';
import { reactorsOf, shownReaction, type ReactionsRead } from './reactors';
import type { ChatRoomStore } from './room-store';
import { CHAT_HISTORY_MAX, type ChatIdentity } from './service';

/**
 * The history keeps about CHAT_HISTORY_MAX messages (trimming is approximate): once twice as many have
 * reactions, some belong to trimmed messages, and those are dropped.
 */
const PRUNE_ABOVE_MESSAGES = 2 * CHAT_HISTORY_MAX;

export interface ChatReactionsDeps {
  rooms: ChatRoomStore;
  /** The chat's sending limit: reactions have a budget of the same size of their own, per game. */
  rateLimit: { limit: number; windowMs: number };
  /** Counts the reactions changed. */
  metrics?: Pick<Metrics, 'chatReactionChanged'>;
}

/**
 * The six reactions on a game's messages. A login has each reaction at most once per message. A
 * toggle is one store step (time-out, message, limit, change and the room's chat version, so every
 * instance's cached page is read again), as cheap as a send, which publishes the message's reactions
 * with that version to the game's feed (feed.ts) for everyone in the room, so a client keeps the
 * newest when two cross on the way.
 * What leaves the server names only the first CHAT_REACTION_LOGINS_SHOWN fans of a reaction and
 * counts the rest: in a busy room a popular message has thousands, and each change goes to everyone.
 * Nor does a change say who made it, except to that fan's own sockets: the room learns no more than
 * a page read at that moment would show.
 * Pages carry reactions through `attach`, read after the room's version the page says: a client
 * that already holds a message's reactions from a push of a higher version keeps those.
 */
export function createChatReactions(deps: ChatReactionsDeps) {
  const { rooms } = deps;
  const limit = { max: deps.rateLimit.limit, windowMs: deps.rateLimit.windowMs };

  /** Reactions of messages the history no longer keeps are dropped (they would only be read). */
  async function pruneTrimmed(gameId: string): Promise<void> {
    const [oldest] = await fromStore(() => rooms.messagesAfter(gameId, '0-0', 1));
    if (oldest) await fromStore(() => rooms.dropReactionsBefore(gameId, oldest.id));
  }

  return {
    async react(identity: ChatIdentity, input: ChatReactInput): Promise<ChatMyReactionChanged> {
      const { gameId, messageId, emoji, reacted } = input;
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      const outcome = await fromStore(() =>
        rooms.toggleReaction(gameId, messageId, emoji, identity.login, reacted, limit),
      );
      if ('refused' in outcome) {
        if (outcome.refused === 'muted')
          throw errors.chatMuted(undefined, { details: { until: outcome.until } });
        if (outcome.refused === 'missing') throw errors.notFound('That message no longer exists.');
        throw errors.rateLimited('You are reacting too fast. Please slow down.');
      }
      deps.metrics?.chatReactionChanged();
      // The room and the asker's other sockets hear it from the game's feed (the toggle published
      // it); this is the asker's answer.
      const changed: ChatMyReactionChanged = {
        gameId,
        messageId,
        reactions: outcome.reactions,
        version: outcome.version,
        change: { emoji, reacted },
      };
      if (outcome.messages > PRUNE_ABOVE_MESSAGES) await pruneTrimmed(gameId);
      return changed;
    },

    /**
     * The messages with their reactions (a message nobody reacted to is left as it is), and who gave
     * them, for the asker's own (`mine`). Only these messages' reactions are read.
     */
    async attach(gameId: string, messages: ChatMessage[]): Promise<ReactionsRead> {
      if (messages.length === 0) return { messages, reactors: new Map() };
      const ids = messages.map((message) => message.id);
      const given = await fromStore(() => rooms.reactionsOf(gameId, ids));
      if (given.size === 0) return { messages, reactors: new Map() };
      return {
        messages: messages.map((message) => {
          const reactions = given.get(message.id);
          if (!reactions) return message;
          return {
            ...message,
            reactions: reactions.map(({ emoji, logins }) => shownReaction(emoji, logins)),
          };
        }),
        reactors: reactorsOf(given),
      };
    },
  };
}

export type ChatReactions = ReturnType<typeof createChatReactions>;
