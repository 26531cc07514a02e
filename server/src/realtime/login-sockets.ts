import type { Logger } from 'pino';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';

export interface LoginSocketsOptions {
  /** Open sockets one login may have, over every instance. */
  limit: number;
  /**
   * How long a login's count lasts once no instance renews it. Each instance renews the counts of
   * the logins it holds sockets of every third of this, so a count an instance that crashed left
   * behind (it never took its sockets back) lapses this long after the login's last other socket.
   */
  ttlMs: number;
}

/**
 * The per-login socket cap, as a counter per login in the store that every instance shares: one
 * more when a socket is let in, one less when it goes. Admitting is one round trip and asks no other
 * instance, so a reconnect storm costs no cross-instance query per socket.
 */
export function createLoginSockets(store: Store, options: LoginSocketsOptions, logger: Logger) {
  const { limit, ttlMs } = options;
  return {
    /** Counts a socket of `login` in: false (nothing counted) when the login has `limit` already. */
    admit: async (login: string): Promise<boolean> =>
      (await store.addUpTo(keys.socketCount(login), 1, limit, ttlMs)) !== null,

    /** Counts a socket of `login` out (it disconnected, or was admitted for a connection gone since). */
    release(login: string): void {
      store.add(keys.socketCount(login), -1, ttlMs).catch((error: unknown) => {
        logger.warn({ err: error, login }, 'socket count not lowered; it lapses with its ttl');
      });
    },

    /** Keeps the counts of these logins (the ones with sockets here) from lapsing. */
    async renew(logins: Iterable<string>): Promise<void> {
      const renewals = [];
      for (const login of logins) renewals.push(store.expire(keys.socketCount(login), ttlMs));
      const failed = (await Promise.allSettled(renewals)).filter((r) => r.status === 'rejected');
      if (failed.length > 0) logger.warn({ failed: failed.length }, 'socket counts not renewed');
    },

    /** How often an instance renews its logins' counts. */
    renewEveryMs: Math.max(1, Math.floor(ttlMs / 3)),
  };
}

export type LoginSockets = ReturnType<typeof createLoginSockets>;
