/**
 * The local news index: articles ingested from the RSS/Atom feeds of NEWS_FEEDS, kept in the store
 * (so every instance and every restart shares them) and searched in-process with MiniSearch.
 *
 * Ingest runs on start and every NEWS_REFRESH_MINUTES; only one instance at a time ingests (a store
 * lock), then bumps a version key. Every instance rebuilds its in-memory index when it sees a new
 * version, so a search on any instance sees what any instance ingested.
 */
import { createHash, randomUUID } from 'node:crypto';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Logger } from 'pino';
import type { ParsedSearchRequest } from '@shared/schemas/search';
import { contentWords, isStopWord } from '../../content/text';
import type { GuardedFetcher } from '../../http/guarded-fetch';
import type { Store } from '../../storage/store';
import { parseFeedBody } from './feed-parser';
import { createNewsStore, type NewsArticle, type NewsStore } from './news-store';

export type { NewsArticle } from './news-store';

export interface FeedReport {
  feedUrl: string;
  ok: boolean;
  items: number;
  error?: string;
}

export interface IngestReport {
  /** False when another instance held the ingest lock (this one only reloaded). */
  ingested: boolean;
  feeds: FeedReport[];
  articles: number;
}

export interface NewsHit {
  article: NewsArticle;
  score: number;
}

export interface NewsIndexOptions {
  store: Store;
  fetcher: GuardedFetcher;
  logger: Logger;
  feeds: string[];
  refreshMinutes: number;
  /** Articles older than this are dropped at each ingest. */
  maxAgeDays?: number;
  maxArticles?: number;
  now?: () => number;
  /**
   * Runs after each ingest this instance made (not after a reload of another's) that left articles
   * in the index, before refresh() settles; a failure is logged.
   */
  afterIngest?: () => Promise<void>;
}

const FEED_CONCURRENCY = 4;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_AGE_DAYS = 45;
const DEFAULT_MAX_ARTICLES = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a search waits for the first ingest when the index is still empty. */
const FIRST_INGEST_WAIT_MS = 15_000;

/**
 * Words that say what kind of page is wanted rather than what it is about (the dashboard's chip
 * queries end in 'news articles latest updates'); they would otherwise match every article.
 */
const QUERY_FILLER = new Set([
  'news',
  'article',
  'articles',
  'latest',
  'update',
  'updates',
  'headline',
  'headlines',
  'recent',
  'today',
  'breaking',
  'story',
  'stories',
  'report',
  'reports',
]);

/** Tracking parameters dropped so one story shared by several feeds is one article. */
const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|src|cmpid|ncid|ex_cid|soc_src|soc_trk)$/i;

export function normaliseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.hash = '';
    for (const name of [...url.searchParams.keys()])
      if (TRACKING_PARAMS.test(name)) url.searchParams.delete(name);
    url.hostname = url.hostname.toLowerCase();
    return url.toString();
  } catch {
    return raw;
  }
}

export const articleId = (url: string) =>
  createHash('sha1').update(normaliseUrl(url)).digest('hex').slice(0, 20);

export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Does `url` fall under a domain filter entry ('espn.com', 'sub.espn.com', 'espn.com/nfl', '*.espn.com')? */
export function matchesDomain(url: string, entry: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const [domainPart = '', ...pathParts] = entry.toLowerCase().replace(/^\*\./, '').split('/');
  const domain = domainPart.replace(/^www\./, '');
  const hostOk = host === domain || host.endsWith(`.${domain}`);
  if (!hostOk) return false;
  const path = pathParts.join('/');
  return !path || parsed.pathname.toLowerCase().replace(/^\//, '').startsWith(path);
}

/** Index-time and query-time term processing: lower case, no stop words, no possessive 's. */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase().replace(/['’]s$/, '');
  if (lower.length < 2 || isStopWord(lower)) return null;
  return lower;
}

function processQueryTerm(term: string): string | null {
  const processed = processTerm(term);
  return processed && !QUERY_FILLER.has(processed) ? processed : null;
}

const TOKENIZE = /[\s\p{P}\p{S}]+/u;
const tokenize = (text: string) => text.split(TOKENIZE).filter(Boolean);

interface IndexedFields {
  id: string;
  title: string;
  description: string;
  content: string;
  categories: string;
  source: string;
  author: string;
  published: number;
}

function createMiniSearch(): MiniSearch<IndexedFields> {
  return new MiniSearch<IndexedFields>({
    idField: 'id',
    fields: ['title', 'description', 'content', 'categories', 'source', 'author'],
    storeFields: ['published'],
    tokenize,
    processTerm,
    searchOptions: { tokenize, processTerm: processQueryTerm },
  });
}

function publishedTime(article: NewsArticle): number {
  const time = Date.parse(article.publishedDate ?? article.ingestedAt);
  return Number.isNaN(time) ? 0 : time;
}

/** Inclusive bounds; a date-only end ('2024-05-01') includes that whole day. */
export function dateBounds(start?: string, end?: string): { from: number; to: number } {
  const from = start ? Date.parse(start) : -Infinity;
  let to = end ? Date.parse(end) : Infinity;
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(end)) to += DAY_MS - 1;
  return { from, to };
}

export interface NewsQuery {
  query: string;
  numResults: number;
  type: ParsedSearchRequest['type'];
  startPublishedDate?: string;
  endPublishedDate?: string;
  includeDomains?: string[];
  excludeDomains?: string[];
  /** Article URLs left out (find-similar leaves out its own page). */
  excludeUrls?: string[];
}

export class NewsIndex {
  private articles = new Map<string, NewsArticle>();
  private byUrl = new Map<string, string>();
  private search = createMiniSearch();
  private loadedVersion: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<IngestReport> | null = null;
  private firstIngest: Promise<IngestReport> | null = null;
  private lastReport: IngestReport | null = null;
  private readonly now: () => number;
  private readonly store: NewsStore;

  constructor(private readonly options: NewsIndexOptions) {
    this.now = options.now ?? Date.now;
    this.store = createNewsStore(options.store);
  }

  /** Ingests now, then every refreshMinutes. Idempotent. */
  start(): void {
    if (this.timer) return;
    this.firstIngest = this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMinutes * 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Settles when the first ingest after start() has finished (at once if never started). */
  async whenReady(): Promise<void> {
    await this.firstIngest?.catch(() => undefined);
  }

  get size(): number {
    return this.articles.size;
  }

  get lastIngest(): IngestReport | null {
    return this.lastReport;
  }

  /** Fetches every feed (one instance at a time), stores new articles, prunes old ones, reloads. Never throws. */
  refresh(): Promise<IngestReport> {
    if (!this.running) {
      this.running = this.ingest()
        .catch((error: unknown): IngestReport => {
          this.options.logger.error({ err: error }, 'news ingest failed');
          return { ingested: false, feeds: [], articles: this.articles.size };
        })
        .then(async (report) => {
          this.lastReport = report;
          // With articles in the index (a search made now does not wait for this ingest).
          if (report.ingested && this.articles.size > 0) {
            await this.options.afterIngest?.().catch((error: unknown) => {
              this.options.logger.warn({ err: error }, 'work after the news ingest failed');
            });
          }
          return report;
        })
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  private async ingest(): Promise<IngestReport> {
    const { logger } = this.options;
    const store = this.store;
    const token = randomUUID();
    if (!(await store.ingestLock.take(token))) {
      await this.reload();
      return { ingested: false, feeds: [], articles: this.articles.size };
    }
    try {
      await this.reload();
      const feeds: FeedReport[] = [];
      const queue = [...this.options.feeds];
      const fresh: NewsArticle[] = [];
      const worker = async () => {
        for (let feedUrl = queue.shift(); feedUrl; feedUrl = queue.shift()) {
          try {
            const items = await this.readFeed(feedUrl);
            fresh.push(...items);
            feeds.push({ feedUrl, ok: true, items: items.length });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            logger.warn({ feedUrl, error: message }, 'news feed could not be read');
            feeds.push({ feedUrl, ok: false, items: 0, error: message });
          }
        }
      };
      await Promise.all(Array.from({ length: FEED_CONCURRENCY }, worker));

      const stored = await this.storeArticles(fresh);
      await this.prune();
      await store.setVersion(`${this.now()}-${token}`);
      await this.reload();
      logger.info(
        {
          feeds: feeds.length,
          failed: feeds.filter((feed) => !feed.ok).length,
          stored,
          articles: this.articles.size,
        },
        'news index refreshed',
      );
      return { ingested: true, feeds, articles: this.articles.size };
    } finally {
      await store.ingestLock.release(token).catch(() => undefined);
    }
  }

  private async readFeed(feedUrl: string): Promise<NewsArticle[]> {
    const response = await this.options.fetcher(feedUrl, {
      headers: {
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
      },
      maxBytes: FEED_MAX_BYTES,
    });
    if (response.status >= 400) throw new Error(`HTTP ${response.status}`);
    const feed = parseFeedBody(response.body, response.headers.get('content-type'), response.url);
    const ingestedAt = new Date(this.now()).toISOString();
    return feed.items.map((item) => ({
      id: articleId(item.url),
      url: normaliseUrl(item.url),
      title: item.title,
      publishedDate: item.publishedDate,
      author: item.author,
      description: item.description,
      content: item.content && item.content.length > item.description.length + 40 ? item.content : null,
      image: item.image,
      categories: item.categories,
      domain: domainOf(item.url),
      source: feed.title,
      feedUrl,
      ingestedAt,
    }));
  }

  /** Writes new or changed articles; an article keeps the time it was first seen. */
  private async storeArticles(fresh: NewsArticle[]): Promise<number> {
    const unique = new Map(fresh.map((article) => [article.id, article]));
    let written = 0;
    const pending: Promise<void>[] = [];
    for (const article of unique.values()) {
      const existing = this.articles.get(article.id);
      const next = existing ? { ...article, ingestedAt: existing.ingestedAt } : article;
      if (existing && JSON.stringify(existing) === JSON.stringify(next)) continue;
      written++;
      pending.push(this.store.saveArticle(next));
      if (pending.length >= 50) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    return written;
  }

  private async prune(): Promise<void> {
    const all = await this.store.articles();
    const oldest = this.now() - (this.options.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS) * DAY_MS;
    const kept: { id: string; time: number }[] = [];
    const drop: string[] = [];
    for (const [id, article] of all) {
      const time = article ? publishedTime(article) : null;
      if (time === null || time < oldest) drop.push(id);
      else kept.push({ id, time });
    }
    const max = this.options.maxArticles ?? DEFAULT_MAX_ARTICLES;
    if (kept.length > max) {
      kept.sort((a, b) => b.time - a.time);
      drop.push(...kept.slice(max).map((entry) => entry.id));
    }
    await Promise.all(drop.map((id) => this.store.removeArticle(id)));
  }

  /** Rebuilds the in-memory index when the stored version changed. */
  async reload(): Promise<void> {
    const version = await this.store.version();
    if (version === this.loadedVersion && this.articles.size > 0) return;
    const articles = new Map<string, NewsArticle>();
    const byUrl = new Map<string, string>();
    for (const [, article] of await this.store.articles()) {
      // A corrupt entry is skipped; the next ingest's prune removes it.
      if (!article) continue;
      articles.set(article.id, article);
      byUrl.set(article.url, article.id);
    }
    const search = createMiniSearch();
    search.addAll(
      [...articles.values()].map((article) => ({
        id: article.id,
        title: article.title,
        description: article.description,
        content: article.content ?? '',
        categories: article.categories.join(' '),
        source: article.source,
        author: article.author ?? '',
        published: publishedTime(article),
      })),
    );
    this.articles = articles;
    this.byUrl = byUrl;
    this.search = search;
    this.loadedVersion = version;
  }

  /** The article stored for a URL, if any. */
  byArticleUrl(url: string): NewsArticle | undefined {
    const id = this.byUrl.get(normaliseUrl(url));
    return id ? this.articles.get(id) : undefined;
  }

  /**
   * Ranked articles. 'neural' matches loosely (prefixes, small typos, any term) and favours titles and
   * recent stories; 'keyword' needs every term, exactly. A query of only filler words ('latest news')
   * lists the newest articles. Filters: published date range, include/exclude domains.
   */
  async query(query: NewsQuery): Promise<NewsHit[]> {
    await this.reload();
    if (this.articles.size === 0 && this.running) {
      // The first search after start-up waits for the first ingest rather than finding nothing.
      await Promise.race([
        this.running,
        new Promise((resolve) => setTimeout(resolve, FIRST_INGEST_WAIT_MS).unref()),
      ]);
    }
    const { from, to } = dateBounds(query.startPublishedDate, query.endPublishedDate);
    const excluded = new Set((query.excludeUrls ?? []).map(normaliseUrl));
    const accept = (article: NewsArticle) => {
      if (excluded.has(article.url)) return false;
      if (query.startPublishedDate || query.endPublishedDate) {
        if (!article.publishedDate) return false;
        const time = Date.parse(article.publishedDate);
        if (time < from || time > to) return false;
      }
      if (
        query.includeDomains?.length &&
        !query.includeDomains.some((entry) => matchesDomain(article.url, entry))
      ) {
        return false;
      }
      if (query.excludeDomains?.some((entry) => matchesDomain(article.url, entry))) return false;
      return true;
    };

    const terms = tokenize(query.query)
      .map(processQueryTerm)
      .filter((term): term is string => term !== null);
    if (terms.length === 0) {
      return [...this.articles.values()]
        .filter(accept)
        .sort((a, b) => publishedTime(b) - publishedTime(a))
        .slice(0, query.numResults)
        .map((article) => ({ article, score: 0 }));
    }

    const now = this.now();
    const options: SearchOptions =
      query.type === 'keyword'
        ? { combineWith: 'AND', prefix: false, fuzzy: false, boost: { title: 2, description: 1.5 } }
        : {
            combineWith: 'OR',
            prefix: (term) => term.length >= 4,
            fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
            maxFuzzy: 2,
            boost: { title: 3, description: 1.5, categories: 1.5, source: 1.2 },
            // Fresh stories first among equals: the boost halves over about a week.
            boostDocument: (_id, _term, stored) => {
              const published = Number(stored?.published ?? 0);
              const ageDays = Math.max(0, (now - published) / DAY_MS);
              return 1 + 0.6 / (1 + ageDays / 7);
            },
          };
    const hits: NewsHit[] = [];
    for (const hit of this.search.search(terms.join(' '), options)) {
      const article = this.articles.get(hit.id as string);
      if (!article || !accept(article)) continue;
      hits.push({ article, score: hit.score });
      if (hits.length >= query.numResults) break;
    }
    return hits;
  }

  /** A query describing an article, for find-similar: its title and the gist of its description. */
  static similarityQuery(
    article: Pick<NewsArticle, 'title' | 'description'> | undefined,
    url: string,
  ): string {
    if (article) return `${article.title} ${contentWords(article.description).slice(0, 12).join(' ')}`;
    // Not indexed: the words of the URL's slug ('/2024/05/chiefs-win-again' → 'chiefs win again').
    try {
      const slug = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
      return slug.replace(/\.\w+$/, '').replace(/[-_+]+/g, ' ');
    } catch {
      return '';
    }
  }
}
