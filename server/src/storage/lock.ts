import type { Store } from './store';

/**
 * A lock with expiry in the store, shared by every instance: whoever takes it holds it until they
 * release it or it lapses (a crashed holder frees it after `ttlMs`). A holder names itself with a
 * token (a random id, a socket id) so that it only ever renews or releases its own hold.
 */
export interface StoreLock {
  /** Takes the lock when nobody holds it; true when this call took it. */
  take(token: string): Promise<boolean>;
  /**
   * Takes the lock, or renews it when `token` already holds it; false when another token holds it.
   * Tries twice: the holder's lock may lapse between the two reads.
   */
  hold(token: string): Promise<boolean>;
  /** Whether anyone holds it now. */
  isHeld(): Promise<boolean>;
  /** Gives the lock back, only when `token` still holds it. */
  release(token: string): Promise<void>;
}

export function storeLock(store: Store, key: string, ttlMs: number): StoreLock {
  return {
    take: (token) => store.setIfAbsent(key, token, ttlMs),
    async hold(token) {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await store.setIfAbsent(key, token, ttlMs)) return true;
        const holder = await store.get(key);
        if (holder === null) continue;
        if (holder !== token) return false;
        if (await store.expire(key, ttlMs)) return true;
      }
      return false;
    },
    isHeld: async () => (await store.get(key)) !== null,
    async release(token) {
      await store.deleteIfEquals(key, token);
    },
  };
}
