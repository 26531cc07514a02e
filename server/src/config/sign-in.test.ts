import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

const load = (env: Record<string, string | undefined>) => loadConfig(env, () => 'generated-secret-generated');

const GITLAB = {
  OIDC_GITLAB_ISSUER: 'https://gitlab.com',
  OIDC_GITLAB_CLIENT_ID: 'gitlab-id',
  OIDC_GITLAB_CLIENT_SECRET: 'gitlab-secret',
};
const FORGEJO = {
  OIDC_FORGEJO_ISSUER: 'https://codeberg.org/',
  OIDC_FORGEJO_CLIENT_ID: 'forgejo-id',
  OIDC_FORGEJO_CLIENT_SECRET: 'forgejo-secret',
};
const GITHUB = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('OpenID Connect sign-in settings', () => {
  it('reads each provider of OIDC_PROVIDERS from its OIDC_<ID>_* settings, named for its button', () => {
    const config = load({
      OIDC_PROVIDERS: 'gitlab, Forgejo,sso',
      ...GITLAB,
      ...FORGEJO,
      OIDC_SSO_ISSUER: 'https://id.example/realms/staff',
      OIDC_SSO_CLIENT_ID: 'sso-id',
      OIDC_SSO_CLIENT_SECRET: 'sso-secret',
      OIDC_SSO_NAME: 'Staff SSO',
    });
    expect(config.oidcProviders).toEqual([
      {
        id: 'gitlab',
        name: 'GitLab',
        issuer: 'https://gitlab.com',
        clientId: 'gitlab-id',
        clientSecret: 'gitlab-secret',
      },
      // The issuer is kept as written: it must equal the provider's own, trailing slash and all.
      {
        id: 'forgejo',
        name: 'Forgejo',
        issuer: 'https://codeberg.org/',
        clientId: 'forgejo-id',
        clientSecret: 'forgejo-secret',
      },
      {
        id: 'sso',
        name: 'Staff SSO',
        issuer: 'https://id.example/realms/staff',
        clientId: 'sso-id',
        clientSecret: 'sso-secret',
      },
    ]);
    // A real sign-in is configured: no development sign-in, and the server listens for everyone.
    expect(config.devSignInEnabled).toBe(false);
    expect(config.githubConfigured).toBe(false);
    expect(config.HOST).toBe('0.0.0.0');
  });

  it('has no OpenID Connect provider by default', () => {
    expect(load({}).oidcProviders).toEqual([]);
    expect(load({}).devSignInEnabled).toBe(true);
  });

  it('lists every problem of every provider, with the fixed settings, one line each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      OIDC_PROVIDERS: 'gitlab,forgejo',
      OIDC_GITLAB_ISSUER: 'gitlab.com',
      OIDC_GITLAB_CLIENT_ID: 'gitlab-id',
      OIDC_FORGEJO_ISSUER: 'https://codeberg.org/',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^PORT:/),
      'OIDC_GITLAB_ISSUER: must be an http(s) URL (the issuer, e.g. https://gitlab.com)',
      "OIDC_GITLAB_CLIENT_SECRET: required: the application's client secret",
      "OIDC_FORGEJO_CLIENT_ID: required: the application's client id",
      "OIDC_FORGEJO_CLIENT_SECRET: required: the application's client secret",
    ]);
  });

  it('refuses ids that are not lower-case letters and digits, github, and repeats', () => {
    expect(problemsOf({ OIDC_PROVIDERS: 'git-lab' })).toEqual([
      expect.stringMatching(/^OIDC_PROVIDERS\.0: A provider id has lower-case letters and digits/),
    ]);
    expect(problemsOf({ OIDC_PROVIDERS: 'github' })).toEqual([
      expect.stringMatching(/^OIDC_PROVIDERS\.0: github is GitHub's own sign-in: set GITHUB_CLIENT_ID/),
    ]);
    expect(problemsOf({ OIDC_PROVIDERS: 'gitlab,GitLab', ...GITLAB })).toEqual([
      'OIDC_PROVIDERS: lists a provider twice',
    ]);
  });

  it('needs an https issuer in production, loopback aside', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-long-enough-secret',
      OIDC_PROVIDERS: 'gitlab',
    };
    expect(problemsOf({ ...production, ...GITLAB, OIDC_GITLAB_ISSUER: 'http://gitlab.internal' })).toEqual([
      'OIDC_GITLAB_ISSUER: must be https in production',
    ]);
    expect(
      load({ ...production, ...GITLAB, OIDC_GITLAB_ISSUER: 'http://127.0.0.1:8080' }).oidcProviders,
    ).toHaveLength(1);
    // Outside production a provider on the LAN may be tried over http.
    expect(
      load({ OIDC_PROVIDERS: 'gitlab', ...GITLAB, OIDC_GITLAB_ISSUER: 'http://gitlab.internal' })
        .oidcProviders,
    ).toHaveLength(1);
  });
});

describe('role lists with several sign-ins', () => {
  it('keeps bare GitHub logins while GitHub (or the development sign-in) is the only one', () => {
    expect(load({ ADMIN_LOGINS: 'alice', MODERATOR_LOGINS: 'bob@github' }).ADMIN_LOGINS).toEqual(['alice']);
    const github = load({ ...GITHUB, ADMIN_LOGINS: 'alice', MODERATOR_LOGINS: 'bob@github' });
    expect(github.ADMIN_LOGINS).toEqual(['alice']);
    expect(github.MODERATOR_LOGINS).toEqual(['bob']);
  });

  it("reads a bare login as the only provider's, and the username as sign-in reads it", () => {
    const config = load({
      OIDC_PROVIDERS: 'gitlab',
      ...GITLAB,
      ADMIN_LOGINS: 'alice, jane.doe@GitLab',
      MODERATOR_LOGINS: 'José_M',
    });
    expect(config.ADMIN_LOGINS).toEqual(['alice@gitlab', 'jane-doe@gitlab']);
    expect(config.MODERATOR_LOGINS).toEqual(['Jose-M@gitlab']);
  });

  it('needs the provider named once more than one sign-in is on, and a provider that is on', () => {
    const env = { ...GITHUB, OIDC_PROVIDERS: 'gitlab', ...GITLAB };
    const config = load({ ...env, ADMIN_LOGINS: 'alice@github,alice@gitlab' });
    // Two different people: GitHub's alice and GitLab's.
    expect(config.ADMIN_LOGINS).toEqual(['alice', 'alice@gitlab']);
    expect(
      problemsOf({ ...env, ADMIN_LOGINS: 'alice', MODERATOR_LOGINS: 'bob@forgejo,carol@gitlab' }),
    ).toEqual([
      'ADMIN_LOGINS: alice: several sign-ins are on, so say whose login it is (alice@github or alice@gitlab)',
      'MODERATOR_LOGINS: bob@forgejo names forgejo, which is not in OIDC_PROVIDERS',
    ]);
    expect(problemsOf({ OIDC_PROVIDERS: 'gitlab', ...GITLAB, ADMIN_LOGINS: 'alice@github' })).toEqual([
      'ADMIN_LOGINS: alice@github names GitHub, whose sign-in is not configured',
    ]);
  });
});
