import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../errors';
import { MemoryStore } from '../storage/memory-store';
import { createOidcLoginStore, oidcUser, signInOidcUser, usernameLogin } from './oidc-users';

const GITLAB = { id: 'gitlab', name: 'GitLab', issuer: 'https://gitlab.example' };
const stores: MemoryStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
function logins() {
  const store = new MemoryStore();
  stores.push(store);
  return createOidcLoginStore(store);
}

describe('usernameLogin', () => {
  it('reads preferred_username, then nickname, then the e-mail, in login characters', () => {
    expect(usernameLogin({ sub: '1', preferred_username: 'jane.doe', nickname: 'jd' })).toBe('jane-doe');
    expect(usernameLogin({ sub: '1', preferred_username: '  ', nickname: 'jd' })).toBe('jd');
    expect(usernameLogin({ sub: '1', email: 'j.doe@corp.example' })).toBe('j-doe');
    expect(usernameLogin({ sub: '1', preferred_username: 42, name: 'Jane' })).toBeNull();
  });
});

describe('oidcUser', () => {
  it('is username@provider, with the claims it can show and 0 for GitHub-only figures', () => {
    const user = oidcUser(
      GITLAB,
      {
        sub: '7',
        name: 'Jane Doe',
        picture: 'https://gitlab.example/uploads/jane.png',
        profile: 'https://gitlab.example/jane.doe',
        website: 'https://jane.example',
        email: 'jane@corp.example',
        email_verified: true,
      },
      'jane-doe',
      '2026-01-02T03:04:05.000Z',
    );
    expect(user).toMatchObject({
      login: 'jane-doe@gitlab',
      name: 'Jane Doe',
      avatar_url: 'https://gitlab.example/uploads/jane.png',
      html_url: 'https://gitlab.example/jane.doe',
      blog: 'https://jane.example',
      email: 'jane@corp.example',
      created_at: '2026-01-02T03:04:05.000Z',
      public_repos: 0,
      followers: 0,
      following: 0,
      provider: { id: 'gitlab', name: 'GitLab' },
    });
    expect(Number.isSafeInteger(user.id)).toBe(true);
  });

  it('shows no unverified e-mail, no picture but https, and links the provider without a profile', () => {
    const user = oidcUser(
      GITLAB,
      { sub: '7', picture: 'javascript:alert(1)', profile: 'ftp://x', email: 'x@y.z', email_verified: false },
      'jane',
      '2026-01-02T03:04:05.000Z',
    );
    expect(user.email).toBeNull();
    expect(user.avatar_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(user.html_url).toBe('https://gitlab.example');
    expect(user.name).toBeNull();
  });

  it('has one id per account and provider', () => {
    const since = '2026-01-02T03:04:05.000Z';
    const id = (provider: typeof GITLAB, sub: string) => oidcUser(provider, { sub }, 'a', since).id;
    expect(id(GITLAB, '1')).toBe(id(GITLAB, '1'));
    expect(id(GITLAB, '1')).not.toBe(id(GITLAB, '2'));
    expect(id(GITLAB, '1')).not.toBe(id({ ...GITLAB, id: 'forgejo' }, '1'));
  });
});

describe('the login each account holds', () => {
  it('gives a login to the first account, again to it, and to no other, case aside', async () => {
    const store = logins();
    const first = await store.claim('gitlab', 'Jane-Doe', 'account-1');
    expect(first).not.toBeNull();
    expect(await store.claim('gitlab', 'jane-doe', 'account-1')).toEqual(first);
    expect(await store.claim('gitlab', 'JANE-DOE', 'account-2')).toBeNull();
    // The same username at another provider is another person.
    expect(await store.claim('forgejo', 'jane-doe', 'account-2')).not.toBeNull();
  });

  it('refuses sign-in as a held login, and a sign-in without a username', async () => {
    const store = logins();
    await signInOidcUser(store, GITLAB, { sub: 'a', preferred_username: 'jane.doe' });
    const refusal = await signInOidcUser(store, GITLAB, { sub: 'b', preferred_username: 'jane_doe' }).catch(
      (error: unknown) => error,
    );
    expect(isAppError(refusal, 'forbidden')).toBe(true);
    const nameless = await signInOidcUser(store, GITLAB, { sub: 'c' }).catch((error: unknown) => error);
    expect(isAppError(nameless, 'profile_fetch_failed')).toBe(true);
  });

  it("keeps 'member since' at the first sign-in", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = logins();
      vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
      await signInOidcUser(store, GITLAB, { sub: 'a', preferred_username: 'jane' });
      vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
      const again = await signInOidcUser(store, GITLAB, { sub: 'a', preferred_username: 'jane' });
      expect(again.created_at).toBe('2026-01-01T00:00:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});
