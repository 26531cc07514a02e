/**
 * `@login` mentions in the message box and in messages. A login is GitHub's: letters, digits and
 * hyphens, at most 39 characters, followed by `@provider` for someone signed in with another provider
 * (`@alice@gitlab`). An `@` counts only at the start or after a space, so an e-mail address is not a
 * mention.
 */

const LOGIN_CHAR = /[A-Za-z0-9-]/;
const LOGIN_MAX_CHARS = 39;
/** A sign-in provider's id after a login (`alice@gitlab`): lower-case letters then digits too. */
const PROVIDER_FIRST_CHAR = /[a-z]/;
const PROVIDER_CHAR = /[a-z0-9]/;
const PROVIDER_MAX_CHARS = 20;

/** Where a login that starts at `from` ends: its characters, then an `@provider` if one follows. */
function loginEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && end - from < LOGIN_MAX_CHARS && LOGIN_CHAR.test(text.charAt(end))) end++;
  if (end === from || text.charAt(end) !== '@' || !PROVIDER_FIRST_CHAR.test(text.charAt(end + 1))) return end;
  const provider = end + 1;
  let last = provider;
  while (last < text.length && last - provider < PROVIDER_MAX_CHARS && PROVIDER_CHAR.test(text.charAt(last)))
    last++;
  return last;
}
/** How many logins the mention list offers at once. */
export const MENTION_CHOICES_MAX = 8;

/** The mention being typed just before the caret: where its `@` is and what follows it so far. */
export interface ActiveMention {
  start: number;
  query: string;
}

const opensMention = (text: string, at: number) => at === 0 || /\s/.test(text.charAt(at - 1));

/** The mention being typed at `caret`, or null when the caret is not right after `@` and login characters. */
export function activeMention(text: string, caret: number): ActiveMention | null {
  let at = caret - 1;
  // Walk back over login characters only (bounded by the login length), then expect the `@`.
  while (at >= 0 && caret - at <= LOGIN_MAX_CHARS && LOGIN_CHAR.test(text.charAt(at))) at--;
  if (at < 0 || text.charAt(at) !== '@' || !opensMention(text, at)) return null;
  return { start: at, query: text.slice(at + 1, caret) };
}

/** Replaces the mention being typed with `@login ` and says where the caret goes. */
export function insertMention(
  text: string,
  mention: ActiveMention,
  login: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const rest = text.slice(end);
  const inserted = `@${login}${rest.startsWith(' ') ? '' : ' '}`;
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}

/**
 * Who can be mentioned: the logins that spoke in the room, newest first, once each, never oneself,
 * starting with what was typed (case-insensitively).
 */
export function mentionChoices(
  authors: readonly string[],
  me: string,
  query: string,
  max = MENTION_CHOICES_MAX,
): string[] {
  const typed = query.toLowerCase();
  const seen = new Set<string>([me.toLowerCase()]);
  const choices: string[] = [];
  for (let i = authors.length - 1; i >= 0 && choices.length < max; i--) {
    const login = authors[i]!;
    const key = login.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (key.startsWith(typed)) choices.push(login);
  }
  return choices;
}

/** A piece of a message: plain text, or a mention of `login`. */
export type MessagePart = { text: string; login?: string };

/**
 * Splits a message into text and `@login` mentions, in order. Only what `isMention` accepts is a
 * mention (the server decides who a message mentions); the rest stays plain text.
 */
export function splitMentions(text: string, isMention: (login: string) => boolean): MessagePart[] {
  const parts: MessagePart[] = [];
  let plainFrom = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    const end = loginEnd(text, at + 1);
    const login = text.slice(at + 1, end);
    if (login && opensMention(text, at) && isMention(login)) {
      if (at > plainFrom) parts.push({ text: text.slice(plainFrom, at) });
      parts.push({ text: `@${login}`, login });
      plainFrom = end;
    }
    at = text.indexOf('@', Math.max(end, at + 1));
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom) });
  return parts;
}

/** The logins a message mentions, lower-cased (for the client's own check when the server sends none). */
export function mentionedLogins(text: string): string[] {
  return splitMentions(text, () => true)
    .filter((part) => part.login)
    .map((part) => part.login!.toLowerCase());
}
