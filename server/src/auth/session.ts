import session, { type SessionData } from 'express-session';
import type { Role, User } from '@shared/schemas/auth';
import type { Config } from '../config';
import { errors } from '../errors';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import { roleFor } from './roles';
import type { PendingSignIn } from './service';

declare module 'express-session' {
  interface SessionData {
    /**
     * The sign-in under way: its provider, the random state sent with the authorize redirect and
     * checked on return (CSRF), and for OpenID Connect the PKCE verifier and nonce.
     */
    pendingSignIn?: PendingSignIn;
    /** GitHub's access token: kept on the server only, never sent to the browser. */
    githubToken?: string;
    user?: User;
    /**
     * The user's chat role, from ADMIN_LOGINS and MODERATOR_LOGINS as they are now: set each time the
     * session is read and never stored, so a login taken off a list loses the role at its next request
     * or socket, not when its session ends.
     */
    role?: Role;
  }
}

export const SESSION_COOKIE = 'tt.sid';
/** A signed-in session lasts this long after its last request (rolling). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * An anonymous session holds only a sign-in in progress (pendingSignIn), so it lives no longer than
 * a sign-in may take, cookie and store alike; signing in replaces it with a full-length one.
 */
export const SIGN_IN_SESSION_TTL_MS = 10 * 60 * 1000;

/** A store failure (Redis down) answers 503 'try again' like every other store-backed call, not a 500. */
const unavailable = (error: unknown) => errors.storeUnavailable(undefined, { cause: error });

type RoleLists = Pick<Config, 'ADMIN_LOGINS' | 'MODERATOR_LOGINS'>;

/**
 * express-session's store on top of the app's Store, so sessions live in Redis when it is configured.
 * The role is the one thing it does not keep: every read gives the one the configuration gives now.
 */
class AppSessionStore extends session.Store {
  constructor(
    private readonly store: Store,
    private readonly roles: RoleLists,
  ) {
    super();
  }

  private ttl(data?: SessionData): number {
    const maxAge = data?.cookie?.maxAge;
    return typeof maxAge === 'number' && maxAge > 0 ? maxAge : SESSION_TTL_MS;
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.store.get(keys.session(sid)).then(
      (raw) => {
        if (!raw) return callback(null, null);
        let data: SessionData;
        try {
          data = JSON.parse(raw) as SessionData;
        } catch {
          return callback(null, null); // a corrupt session is treated as none
        }
        if (data.user) data.role = roleFor(data.user.login, this.roles);
        else delete data.role;
        callback(null, data);
      },
      (error: unknown) => callback(unavailable(error)),
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    // Sessions stored before roles were read this way may hold one: it is dropped at their next save.
    const kept = JSON.stringify({ ...data, role: undefined });
    this.store.set(keys.session(sid), kept, this.ttl(data)).then(
      () => callback?.(),
      (error: unknown) => callback?.(unavailable(error)),
    );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.store.del(keys.session(sid)).then(
      () => callback?.(),
      (error: unknown) => callback?.(unavailable(error)),
    );
  }

  override touch(sid: string, data: SessionData, callback?: () => void): void {
    this.store.expire(keys.session(sid), this.ttl(data)).then(
      () => callback?.(),
      () => callback?.(),
    );
  }
}

/** The one session middleware, shared by Express and the Socket.IO handshake. */
export function createSessionMiddleware(config: Config, store: Store) {
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: new AppSessionStore(store, config),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // Whether the request came over https, for the Secure cookie: behind the proxy TRUST_PROXY names,
    // Express's own judgement (so the development sign-in works behind Caddy too); with none named, in
    // production the forwarded protocol (a browser keeps a Secure cookie only over https anyway).
    proxy: config.TRUST_PROXY === undefined ? config.isProduction : undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: SESSION_TTL_MS,
      path: '/',
    },
  });
}
