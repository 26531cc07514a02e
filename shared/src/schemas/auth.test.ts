import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_CHARS, loginFromUsername } from './auth';

describe('loginFromUsername', () => {
  it('keeps a username that is already a GitHub-style login', () => {
    expect(loginFromUsername('octocat')).toBe('octocat');
    expect(loginFromUsername('Octo-Cat-42')).toBe('Octo-Cat-42');
  });

  it('turns every other run of characters into one inner hyphen', () => {
    expect(loginFromUsername('jane.doe')).toBe('jane-doe');
    expect(loginFromUsername('jane__doe..1')).toBe('jane-doe-1');
    expect(loginFromUsername('_.jane doe._')).toBe('jane-doe');
    expect(loginFromUsername('a--b')).toBe('a-b');
  });

  it('drops accents and reads an e-mail address as its local part', () => {
    expect(loginFromUsername('José_Müller')).toBe('Jose-Muller');
    expect(loginFromUsername('Mail.Only@example.test')).toBe('Mail-Only');
  });

  it('answers null when nothing of the username is left', () => {
    expect(loginFromUsername('')).toBeNull();
    expect(loginFromUsername('...')).toBeNull();
    expect(loginFromUsername('山田')).toBeNull();
    expect(loginFromUsername('@example.test')).toBeNull();
  });

  it('cuts long usernames to a login length, never ending on a hyphen', () => {
    expect(loginFromUsername('a'.repeat(100))).toBe('a'.repeat(LOGIN_MAX_CHARS));
    const cut = loginFromUsername(`${'a'.repeat(38)}.bcd`)!;
    expect(cut).toBe('a'.repeat(38));
    // Linear on hostile input: a long run of separators costs one pass.
    expect(loginFromUsername(`a${'.'.repeat(100_000)}b`)).toBe('a');
  });
});
