import { keys } from '../../storage/keys';
import { storeLock } from '../../storage/lock';
import type { Store } from '../../storage/store';

/** One stored article. */
export interface NewsArticle {
  id: string;
  url: string;
  title: string;
  publishedDate: string | null;
  author: string | null;
  /** Plain-text description from the feed. */
  description: string;
  /** Markdown content from the feed, when it carries more than a description. */
  content: string | null;
  image: string | null;
  categories: string[];
  /** Host without a leading www. */
  domain: string;
  /** The feed's title (e.g. 'ESPN - NFL'). */
  source: string;
  feedUrl: string;
  ingestedAt: string;
}

/** How long one instance may hold the ingest lock (a crashed holder frees it after this). */
const INGEST_LOCK_TTL_MS = 5 * 60 * 1000;

/**
 * The local news index as every instance shares it: article id → article JSON (a hash), a version
 * each ingest bumps, and the lock that lets one instance at a time ingest.
 */
export function createNewsStore(store: Store) {
  const articlesKey = keys.newsArticles();
  return {
    ingestLock: storeLock(store, keys.lock('news-ingest'), INGEST_LOCK_TTL_MS),
    version: () => store.get(keys.newsVersion()),
    setVersion: (version: string) => store.set(keys.newsVersion(), version),
    saveArticle: (article: NewsArticle) => store.hashSet(articlesKey, article.id, JSON.stringify(article)),
    removeArticle: (id: string) => store.hashDelete(articlesKey, id),
    /** Every stored article by id; null for an entry that is not readable JSON. */
    async articles(): Promise<Array<[id: string, article: NewsArticle | null]>> {
      const all = await store.hashGetAll(articlesKey);
      return Object.entries(all).map(([id, raw]) => {
        try {
          return [id, JSON.parse(raw) as NewsArticle];
        } catch {
          return [id, null];
        }
      });
    },
  };
}

export type NewsStore = ReturnType<typeof createNewsStore>;
