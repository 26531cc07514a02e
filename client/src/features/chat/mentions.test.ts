import { describe, expect, it } from 'vitest';
import { activeMention, insertMention, mentionChoices, mentionedLogins, splitMentions } from './mentions';

describe('the mention being typed', () => {
  it('opens after an @ at the start or after a space, and follows login characters', () => {
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(activeMention('hi @bears-fan', 13)).toEqual({ start: 3, query: 'bears-fan' });
  });

  it('does not open inside an e-mail address, after a space past the login, or far from the caret', () => {
    expect(activeMention('mail me@home', 12)).toBeNull();
    expect(activeMention('@bob hi', 7)).toBeNull();
    expect(activeMention('no at here', 10)).toBeNull();
    expect(activeMention(`@${'a'.repeat(45)}`, 46)).toBeNull();
  });

  it('inserts @login and a space, and puts the caret after it', () => {
    const text = 'go @be now';
    expect(insertMention(text, { start: 3, query: 'be' }, 'bears-fan')).toEqual({
      text: 'go @bears-fan now',
      caret: 13,
    });
    expect(insertMention('@', { start: 0, query: '' }, 'alice')).toEqual({ text: '@alice ', caret: 7 });
  });
});

describe('who can be mentioned', () => {
  it('offers recent speakers newest first, once each, never oneself, matching what was typed', () => {
    const authors = ['alice', 'bob', 'Me', 'alice', 'bears-fan', 'bob'];
    expect(mentionChoices(authors, 'me', '')).toEqual(['bob', 'bears-fan', 'alice']);
    expect(mentionChoices(authors, 'me', 'B')).toEqual(['bob', 'bears-fan']);
    expect(mentionChoices(authors, 'me', 'zed')).toEqual([]);
    expect(mentionChoices(authors, 'me', '', 1)).toEqual(['bob']);
  });
});

describe('mentions in a message', () => {
  it('splits the text around the mentions the server found, leaving every other @ as text', () => {
    const parts = splitMentions('@alice look, @bob! mail x@y.z or @nobody', (login) =>
      ['alice', 'bob'].includes(login),
    );
    expect(parts).toEqual([
      { text: '@alice', login: 'alice' },
      { text: ' look, ' },
      { text: '@bob', login: 'bob' },
      { text: '! mail x@y.z or @nobody' },
    ]);
  });

  it('reads a login of another sign-in provider whole', () => {
    const parts = splitMentions('@alice@gitlab and @alice!', (login) =>
      ['alice@gitlab', 'alice'].includes(login),
    );
    expect(parts).toEqual([
      { text: '@alice@gitlab', login: 'alice@gitlab' },
      { text: ' and ' },
      { text: '@alice', login: 'alice' },
      { text: '!' },
    ]);
    expect(mentionedLogins('hi @Bob@forgejo, mail bob@forgejo.org')).toEqual(['bob@forgejo']);
  });

  it('keeps markup-looking text as plain text', () => {
    const parts = splitMentions('<b>@alice</b>', () => true);
    expect(parts.map((part) => part.text).join('')).toBe('<b>@alice</b>');
    // '@' right after '>' is not after a space: not a mention.
    expect(parts.every((part) => part.login === undefined)).toBe(true);
  });

  it('lists the logins a message mentions', () => {
    expect(mentionedLogins('hey @Alice and @bob-2, not me@x')).toEqual(['alice', 'bob-2']);
  });
});
