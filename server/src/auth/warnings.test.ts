import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { noSignInWarning } from './warnings';

const load = (env: Record<string, string>) => loadConfig(env, () => 'generated-secret-generated');
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-long-enough-secret',
  PUBLIC_URL: 'https://td.example',
};

describe('noSignInWarning', () => {
  it('warns in production with no sign-in, naming the settings and the callback URL', () => {
    const warning = noSignInWarning(load(production))!;
    for (const name of ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'OIDC_PROVIDERS', 'OIDC_<ID>_ISSUER']) {
      expect(warning).toContain(name);
    }
    expect(warning).toContain('https://td.example/auth/callback');
  });

  it('is quiet when someone can sign in', () => {
    expect(noSignInWarning(load({}))).toBeNull(); // the development sign-in
    expect(
      noSignInWarning(load({ ...production, GITHUB_CLIENT_ID: 'i', GITHUB_CLIENT_SECRET: 's' })),
    ).toBeNull();
    const gitlab = {
      OIDC_PROVIDERS: 'gitlab',
      OIDC_GITLAB_ISSUER: 'https://gitlab.com',
      OIDC_GITLAB_CLIENT_ID: 'i',
      OIDC_GITLAB_CLIENT_SECRET: 's',
    };
    expect(noSignInWarning(load({ ...production, ...gitlab }))).toBeNull();
  });
});
