import {
  CHAT_REACTION_LOGINS_SHOWN,
  type ChatMessage,
  type ChatMyReactionChanged,
  type ChatMyReactions,
  type ChatReactInput,
  type ChatReaction,
  type ChatReactionEmoji,
} from '@shared/schemas/chat';
import { errors } from '../errors';
import type { Metrics } from '../metrics';
import { fromStore } from '../storage/from-store';
import { isStreamId } from '../storage/store';
import type { ChatIdentity } from './identity';
import { CHAT_HISTORY_MAX, type ChatLimit, type ChatStorage, type GivenReactions } from './storage';

/**
 * The history keeps about CHAT_HISTORY_MAX messages (trimming is approximate): once twice as many have
 * reactions, some belong to trimmed messages, and those are dropped.
 */
const PRUNE_ABOVE_MESSAGES = 2 * CHAT_HISTORY_MAX;

/**
 * Who gave each reaction on some messages: message id → emoji → logins in lower case. Kept beside a
 * page read once for many fans (the latest page), so each fan's own reactions are a few set lookups.
 */
export type Reactors = ReadonlyMap<string, ReadonlyMap<ChatReactionEmoji, ReadonlySet<string>>>;

/** Messages with their reactions as they leave the server, and who gave each (for `mine`). */
export interface ReactionsRead {
  messages: ChatMessage[];
  reactors: Reactors;
}

/** A reaction as it leaves the server: its count and only the first fans who gave it. */
const shownReaction = (emoji: ChatReactionEmoji, logins: string[]): ChatReaction => ({
  emoji,
  count: logins.length,
  logins: logins.slice(0, CHAT_REACTION_LOGINS_SHOWN),
});

/** The reactors of messages read from the store (message id → its reactions). */
function reactorsOf(given: ReadonlyMap<string, GivenReactions>): Reactors {
  const reactors = new Map<string, Map<ChatReactionEmoji, Set<string>>>();
  for (const [messageId, reactions] of given) {
    reactors.set(
      messageId,
      new Map(reactions.map(({ emoji, logins }) => [emoji, new Set(logins.map((l) => l.toLowerCase()))])),
    );
  }
  return reactors;
}

/** The reactions `login` gave on `messages` (compared in lower case), emojis in catalogue order. */
export function mineOf(reactors: Reactors, login: string, messages: readonly ChatMessage[]): ChatMyReactions {
  const me = login.toLowerCase();
  const mine: ChatMyReactions = {};
  for (const { id } of messages) {
    const byEmoji = reactors.get(id);
    if (!byEmoji) continue;
    const emojis = [...byEmoji].filter(([, logins]) => logins.has(me)).map(([emoji]) => emoji);
    if (emojis.length > 0) mine[id] = emojis;
  }
  return mine;
}

export interface ChatReactionsDeps {
  storage: ChatStorage;
  /** The chat's sending limit: reactions have a budget of the same size of their own, per game. */
  limit: ChatLimit;
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
  const { storage, limit } = deps;

  /** Reactions of messages the history no longer keeps are dropped (they would only be read). */
  async function pruneTrimmed(gameId: string): Promise<void> {
    const [oldest] = await fromStore(() => storage.after(gameId, '0-0', 1));
    if (oldest) await fromStore(() => storage.dropReactionsBefore(gameId, oldest.id));
  }

  return {
    async react(identity: ChatIdentity, input: ChatReactInput): Promise<ChatMyReactionChanged> {
      const { gameId, messageId, emoji, reacted } = input;
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      const outcome = await fromStore(() =>
        storage.toggleReaction(gameId, messageId, emoji, identity.login, reacted, limit),
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
      const given = await fromStore(() => storage.reactionsOf(gameId, ids));
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
