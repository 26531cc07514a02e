import { randomBytes } from 'node:crypto';
import express, { Router } from 'express';
import { z } from 'zod';
import type { User } from '@shared/schemas/auth';
import type { Config } from '../config';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_OAUTH_PATH } from '../integrations/github/dev-sign-in';
import type { DevSignInStore } from './dev-sign-in-store';

// Development sign-in: a GitHub-compatible authorize page, token endpoint and /user served by the app
// itself, so the real OAuth code path runs with no account anywhere. Mounted only when GitHub is not
// configured and NODE_ENV is not production.

const loginSchema = z
  .string()
  .trim()
  .regex(
    /^[a-zA-Z0-9](?:[a-zA-Z0-9]|-(?=[a-zA-Z0-9])){0,38}$/,
    'A login has letters, digits and single hyphens',
  );

const authorizeQuerySchema = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  state: z.string().max(512).default(''),
  scope: z.string().optional(),
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const loginHash = (login: string) => {
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
};

/** An inline avatar with the login's initial, so nothing is fetched from the internet. */
export function initialAvatar(login: string): string {
  const hue = loginHash(login) % 360;
  const avatar = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="hsl(${hue},60%,45%)"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${escapeHtml(login[0]!.toUpperCase())}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(avatar).toString('base64')}`;
}

/** A profile made up from the login, with an inline avatar so nothing is fetched from the internet. */
export function devUserFor(login: string): User {
  return {
    id: 1_000_000 + (loginHash(login) % 1_000_000),
    login,
    name: login.charAt(0).toUpperCase() + login.slice(1),
    avatar_url: initialAvatar(login),
    html_url: `https://github.com/${login}`,
    bio: 'Signed in with the development sign-in.',
    created_at: '2020-01-01T00:00:00Z',
    location: null,
    company: null,
    blog: null,
    email: null,
    public_repos: 0,
    followers: 0,
    following: 0,
  };
}

function page(query: z.infer<typeof authorizeQuerySchema>, error?: string): string {
  const hidden = (['client_id', 'redirect_uri', 'state'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name])}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development sign-in · Tech Touchdown</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}
main{background:#1e293b;border-radius:1rem;padding:2rem;max-width:26rem;width:100%;box-shadow:0 10px 30px #0006}
h1{font-size:1.4rem;margin:0 0 .5rem}p{color:#94a3b8;line-height:1.5}
label{display:block;font-weight:600;margin:1rem 0 .4rem}
input[type=text]{width:100%;box-sizing:border-box;padding:.7rem;border-radius:.5rem;border:1px solid #475569;background:#0f172a;color:#e2e8f0;font-size:1rem}
.row{display:flex;gap:.75rem;margin-top:1.25rem}button{flex:1;padding:.7rem;border-radius:.5rem;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.primary{background:#22c55e;color:#052e16}.secondary{background:#334155;color:#e2e8f0}
button:focus-visible,input:focus-visible{outline:3px solid #38bdf8;outline-offset:2px}
.error{background:#7f1d1d;color:#fecaca;padding:.6rem .8rem;border-radius:.5rem}
</style></head><body><main>
<h1>Development sign-in</h1>
<p>This server has no GitHub OAuth app configured, so it signs you in itself. Pick any GitHub-style login; nothing leaves this machine.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${DEV_OAUTH_PATH}/login/oauth/authorize">${hidden}
<label for="login">Login</label>
<input id="login" type="text" name="login" value="developer" autocomplete="username" required maxlength="39" autofocus>
<div class="row"><button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
<button class="primary" type="submit" name="decision" value="allow">Authorize</button></div>
</form></main></body></html>`;
}

export function createDevOAuthRouter(config: Config, store: DevSignInStore): Router {
  const router = Router();
  const checkClient = (query: z.infer<typeof authorizeQuerySchema>) =>
    query.client_id === DEV_CLIENT_ID && query.redirect_uri === config.oauthRedirectUri;

  router.get('/login/oauth/authorize', (req, res) => {
    const query = authorizeQuerySchema.safeParse(req.query);
    if (!query.success || !checkClient(query.data)) {
      res.status(400).type('text').send('Unknown client_id or redirect_uri.');
      return;
    }
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    res.type('html').send(page(query.data));
  });

  router.post(
    '/login/oauth/authorize',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const query = authorizeQuerySchema.safeParse(req.body);
      if (!query.success || !checkClient(query.data)) {
        res.status(400).type('text').send('Unknown client_id or redirect_uri.');
        return;
      }
      const target = new URL(query.data.redirect_uri);
      if (req.body?.decision !== 'allow') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user has denied your application access.');
        target.searchParams.set('state', query.data.state);
        res.redirect(302, target.toString());
        return;
      }
      const login = loginSchema.safeParse(req.body?.login);
      if (!login.success) {
        res.setHeader(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        );
        res.status(400).type('html').send(page(query.data, login.error.issues[0]?.message));
        return;
      }
      const code = randomBytes(20).toString('hex');
      await store.saveCode(code, login.data);
      target.searchParams.set('code', code);
      target.searchParams.set('state', query.data.state);
      res.redirect(302, target.toString());
    },
  );

  router.post(
    '/login/oauth/access_token',
    express.json({ limit: '4kb' }),
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res) => {
      const body = z
        .object({ client_id: z.string(), client_secret: z.string(), code: z.string() })
        .safeParse(req.body);
      if (
        !body.success ||
        body.data.client_id !== DEV_CLIENT_ID ||
        body.data.client_secret !== DEV_CLIENT_SECRET
      ) {
        res.json({
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        });
        return;
      }
      const login = await store.takeCode(body.data.code);
      if (!login) {
        res.json({
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
        return;
      }
      const token = `gho_dev_${randomBytes(18).toString('hex')}`;
      await store.saveToken(token, login);
      res.json({ access_token: token, scope: 'user:email', token_type: 'bearer' });
    },
  );

  router.get('/user', async (req, res) => {
    const token = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const login = token ? await store.loginForToken(token) : null;
    if (!login) {
      res.status(401).json({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      return;
    }
    res.json(devUserFor(login));
  });

  return router;
}
