import {
  CHAT_MENTIONS_MAX,
  CHAT_SPEAKERS_MAX,
  CHAT_SPEAKERS_SCAN,
  type ChatSpeakers,
} from '@shared/schemas/chat';
import { fromStore } from '../storage/from-store';
import { authorshipOf, type ChatStorage } from './storage';

/**
 * `@login` mentions in a message's text, as the client shows them: an `@` at the start or after white
 * space (so an e-mail address is no mention), then a login's letters, digits and hyphens (at most 39)
 * and, for someone signed in with another provider than GitHub, `@provider`.
 * Answers the logins in lower case (logins compare case-insensitively), each once, in the order they
 * first appear, at most CHAT_MENTIONS_MAX. They are data on the message, never markup.
 */
const MENTION = /(?:^|(?<=\s))@([A-Za-z0-9-]{1,39})(@[a-z][a-z0-9]{0,19})?/g;

export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  // The login may end with its sign-in provider (`@alice@gitlab`), as logins from providers other
  // than GitHub do.
  for (const [, name, provider] of text.matchAll(MENTION)) {
    // A login neither starts nor ends with a hyphen: `@-bob` and `@bob-` are text.
    if (!name!.startsWith('-') && !name!.endsWith('-')) found.add(`${name}${provider ?? ''}`.toLowerCase());
    if (found.size === CHAT_MENTIONS_MAX) break;
  }
  return [...found];
}

/** The `mentions` field of a stored message: left out when the text mentions nobody. */
export function mentionsField(text: string): { mentions?: string[] } {
  const mentions = mentionsIn(text);
  return mentions.length > 0 ? { mentions } : {};
}

/** True when a message's mentions name `login`. */
export const mentionsLogin = (mentions: readonly string[] | undefined, login: string) =>
  mentions?.includes(login.toLowerCase()) ?? false;

/** Who spoke in a game recently (the mention list's choices), newest first, without the asker. */
export async function recentSpeakers(
  storage: Pick<ChatStorage, 'before'>,
  asker: string,
  gameId: string,
): Promise<ChatSpeakers> {
  const newest = await fromStore(() => storage.before(gameId, CHAT_SPEAKERS_SCAN));
  const logins: string[] = [];
  const seen = new Set([asker.toLowerCase()]);
  for (const entry of newest.reverse()) {
    const author = authorshipOf(entry)?.login;
    if (!author || seen.has(author.toLowerCase())) continue;
    seen.add(author.toLowerCase());
    logins.push(author);
    if (logins.length === CHAT_SPEAKERS_MAX) break;
  }
  return { gameId, logins };
}
