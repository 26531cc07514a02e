import { Router, type Request, type Response } from 'express';
import {
  oauthCallbackBodySchema,
  signInProviderIdSchema,
  type LoginUrlResponse,
  type MeResponse,
  type SignInProvidersResponse,
} from '@shared/schemas/auth';
import type { Config } from '../config';
import { errors } from '../errors';
import { byAddress, rateLimit, type RateLimiter } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { AuthService } from './service';
import { SESSION_COOKIE, SIGN_IN_SESSION_TTL_MS } from './session';

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
const save = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.save((error) => {
      if (!error) return resolve();
      // Not stored (the store is down or full): the session leaves the request, or express-session
      // would try again as the answer ends, fail again, and cut the connection under the answer.
      (req as { session?: unknown }).session = undefined;
      reject(error);
    }),
  );

/** List the sign-ins, start one, finish it from the callback page, read the profile, sign out. */
export function createAuthRouter(
  config: Config,
  auth: AuthService,
  limiter: RateLimiter,
  /** Ends the realtime connections opened with a session (on every instance). */
  disconnectSession: (sessionId: string) => void,
): Router {
  const router = Router();
  // Each start stores a session: limited per client address, since nobody is signed in yet.
  const signInStarts = rateLimit(
    limiter,
    {
      bucket: 'sign-in',
      limit: config.SIGNIN_RATE_LIMIT,
      windowMs: config.SIGNIN_RATE_WINDOW_SECONDS * 1000,
    },
    {
      subject: byAddress,
      message: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
    },
  );

  // Public, so the login page can say at once, before any press, that nobody can sign in.
  router.get('/providers', (_req, res) => {
    const answer: SignInProvidersResponse = { providers: auth.providers() };
    res.json(answer);
  });

  router.get('/:provider/login', signInStarts, async (req, res) => {
    const provider = signInProviderIdSchema.safeParse(req.params.provider);
    if (!provider.success) throw errors.notFound();
    const { pending, url } = await auth.start(provider.data);
    req.session.pendingSignIn = pending;
    // A signed-in user starting over keeps their session's length; an anonymous one gets no more
    // than the sign-in needs.
    if (!req.session.user) req.session.cookie.maxAge = SIGN_IN_SESSION_TTL_MS;
    await save(req);
    const answer: LoginUrlResponse = { url };
    res.json(answer);
  });

  // The callback page's code (and state, and iss) for whichever provider the session started with;
  // /github is its name from before there were others.
  const finishSignIn = async (req: Request, res: Response) => {
    auth.ensureConfigured();
    const body = parseInput(oauthCallbackBodySchema, req.body);
    const started = req.session.pendingSignIn;
    // The state, verifier and nonce are single-use: cleared whatever the outcome.
    delete req.session.pendingSignIn;
    let pending;
    try {
      pending = auth.checkState(started, body.state);
    } catch (error) {
      await save(req);
      throw error;
    }
    const { token, user, role } = await auth.complete(pending, body);
    // A new session id at sign-in, so a session id planted before sign-in is worthless.
    await regenerate(req);
    if (token) req.session.githubToken = token;
    req.session.user = user;
    req.session.role = role;
    await save(req);
    const answer: MeResponse = { user, role };
    res.json(answer);
  };
  router.post('/callback', finishSignIn);
  router.post('/github', finishSignIn);

  router.get('/me', (req, res) => {
    const { user, role } = req.session;
    if (!user) throw errors.unauthenticated();
    const answer: MeResponse = { user, role: role ?? 'user' };
    res.json(answer);
  });

  router.post('/logout', async (req, res) => {
    const sessionId = req.sessionID;
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((error) => (error ? reject(error) : resolve())),
    );
    // After the destroy, so a socket opening meanwhile finds no session; its sockets stop at once.
    disconnectSession(sessionId);
    res.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
    });
    res.status(204).end();
  });

  return router;
}
