import {
  CHAT_REACTION_LOGINS_SHOWN,
  type ChatMessage,
  type ChatMyReactions,
  type ChatReaction,
  type ChatReactionEmoji,
} from '@shared/schemas/chat';

/** A message's reactions as stored: each emoji in use with every login that gave it, in order. */
export type GivenReactions = Array<{ emoji: ChatReactionEmoji; logins: string[] }>;

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
export const shownReaction = (emoji: ChatReactionEmoji, logins: string[]): ChatReaction => ({
  emoji,
  count: logins.length,
  logins: logins.slice(0, CHAT_REACTION_LOGINS_SHOWN),
});

/** The reactors of messages read from the store (message id → its reactions). */
export function reactorsOf(given: ReadonlyMap<string, GivenReactions>): Reactors {
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
