import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import type { ReadPage } from './reader';
import type { ExtractiveDigest } from './text';

export const PAGE_CACHE_TTL_MS = 30 * 60 * 1000;
export const DIGEST_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

/**
 * Cached page reads (per reader and URL, half an hour) and AI digests (per URL, a day), so reopening
 * an article or several users reading it cost one fetch. The cache is best effort: a store failure
 * is logged and the value produced afresh.
 */
export function createContentStore(store: Store, logger: Logger) {
  async function cached<T>(key: string, ttlMs: number, produce: () => Promise<T>): Promise<T> {
    try {
      const hit = await store.get(key);
      if (hit) return JSON.parse(hit) as T;
    } catch (error) {
      logger.warn({ err: error }, 'content cache read failed');
    }
    const value = await produce();
    store.set(key, JSON.stringify(value), ttlMs).catch((error: unknown) => {
      logger.warn({ err: error }, 'content cache write failed');
    });
    return value;
  }

  return {
    page: (readerName: string, url: string, read: () => Promise<ReadPage>) =>
      cached(keys.contentPage(hashOf(`${readerName}:${url}`)), PAGE_CACHE_TTL_MS, read),
    digest: (url: string, digest: () => Promise<ExtractiveDigest>) =>
      cached(keys.contentDigest(hashOf(url)), DIGEST_CACHE_TTL_MS, digest),
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
