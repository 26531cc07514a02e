/**
 * Page readers: turn a URL into its readable text as markdown. Two implementations behind one
 * interface, chosen from config in one place (createPageReader): Jina Reader when JINA_API_KEY is set,
 * else the server reads the page itself through the guarded fetcher (Readability on linkedom, then
 * turndown to markdown).
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { GuardedFetchError, type GuardedFetcher } from '../http/guarded-fetch';
import type { JinaReaderClient } from '../integrations/jina/client';
import { JinaError } from '../integrations/jina/client';
import { sanitizeHtml } from './html-sanitize';
import { capText, collapse } from './text';

/** A page as a reader gives it. */
export interface ReadPage {
  /** The URL that was read (after redirects). */
  url: string;
  title: string | null;
  /** The readable text as markdown (no raw HTML, no images). */
  markdown: string;
  /** A description or short excerpt the page gives of itself. */
  excerpt: string | null;
  byline: string | null;
  /** ISO 8601 when known. */
  publishedTime: string | null;
  siteName: string | null;
}

/** Reads one page; throws PageReadError on any failure. */
export interface PageReader {
  readonly name: 'jina' | 'readability';
  read(url: string, signal?: AbortSignal): Promise<ReadPage>;
}

/** Tags follow Exa's per-URL status tags where one fits. */
export type PageReadTag =
  | 'URL_REFUSED'
  | 'CRAWL_NOT_FOUND'
  | 'CRAWL_TIMEOUT'
  | 'CRAWL_LIVECRAWL_TIMEOUT'
  | 'SOURCE_NOT_AVAILABLE'
  | 'UNSUPPORTED_CONTENT'
  | 'NO_CONTENT_FOUND'
  | 'READER_FAILED';

/** Why a page could not be read; `message` is fit to show a user. */
export class PageReadError extends Error {
  constructor(
    readonly tag: PageReadTag,
    message: string,
    readonly httpStatusCode: number | null = null,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'PageReadError';
  }
}

/** The most markdown kept of one page. */
export const PAGE_MARKDOWN_MAX_CHARS = 100_000;
/**
 * The most of a page's markdown or plain text that is tidied. Tidying only removes, so ten times the
 * answer's cap leaves room for a page padded with images and blank lines.
 */
export const PAGE_TEXT_MAX_CHARS = 10 * PAGE_MARKDOWN_MAX_CHARS;
/** Longest title, byline, description or site name kept from a page. */
export const PAGE_META_MAX_CHARS = 1_000;

export function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  // Images, media and embeds are not part of the text the drawer shows.
  turndown.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'video', 'audio', 'form']);
  turndown.addRule('drop-images', {
    filter: (node) => ['IMG', 'PICTURE', 'FIGURE', 'SVG'].includes(node.nodeName.toUpperCase()),
    replacement: () => '',
  });
  return turndown;
}

/**
 * Tidies markdown from any source: no images, no empty links, no trailing blanks, no runs of blank
 * lines, capped. The input is capped first, and every pattern is linear: an image's text stops at the
 * first bracket and its target at the first parenthesis, and trailing blanks are matched only from
 * the start of their run (a run of spaces without a newline is otherwise rescanned from each space).
 */
export function tidyMarkdown(markdown: string): string {
  const tidy = capText(markdown, PAGE_TEXT_MAX_CHARS)
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, '')
    .replace(/\[\s*\]\([^()]*\)/g, '')
    .replace(/(?<![ \t])[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return tidy.length > PAGE_MARKDOWN_MAX_CHARS ? `${capText(tidy, PAGE_MARKDOWN_MAX_CHARS)}…` : tidy;
}

function statusError(status: number): PageReadError {
  if (status === 404 || status === 410) {
    return new PageReadError('CRAWL_NOT_FOUND', `The page was not found (HTTP ${status}).`, status);
  }
  return new PageReadError('SOURCE_NOT_AVAILABLE', `The page answered with HTTP ${status}.`, status);
}

function fetchError(error: GuardedFetchError): PageReadError {
  if (error.refused) return new PageReadError('URL_REFUSED', error.message, null, { cause: error });
  if (error.kind === 'timeout')
    return new PageReadError('CRAWL_TIMEOUT', error.message, null, { cause: error });
  return new PageReadError('SOURCE_NOT_AVAILABLE', error.message, null, { cause: error });
}

/** A page's own text about itself (title, byline, …): whitespace collapsed, capped; null when empty. */
function metaText(value: string | null | undefined): string | null {
  if (!value) return null;
  return collapse(capText(value, PAGE_META_MAX_CHARS)) || null;
}

/**
 * The part of linkedom's DOM this file uses. The server is type-checked without the browser's DOM
 * types, so linkedom's own typings (written against them) give nothing here; these say what is relied on.
 */
interface PageElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  prepend(...nodes: PageElement[]): void;
  remove(): void;
}

interface PageDocument {
  readonly head: PageElement | null;
  querySelector(selectors: string): PageElement | null;
  querySelectorAll(selectors: string): Iterable<PageElement>;
  createElement(tagName: string): PageElement;
}

function meta(document: PageDocument, ...names: string[]): string | null {
  for (const name of names) {
    const node = document.querySelector(`meta[property="${name}"], meta[name="${name}"]`);
    const value = metaText(node?.getAttribute('content'));
    if (value) return value;
  }
  return null;
}

/** Longest date text parsed (an ISO 8601 date-time with an offset is 29 characters). */
const DATE_MAX_CHARS = 100;

function isoOrNull(value: string | null | undefined): string | null {
  if (!value || value.length > DATE_MAX_CHARS) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Parses sanitized page HTML, with a <base> so Readability and turndown resolve relative links. */
function parsePage(html: string, url: string): PageDocument {
  const { document } = parseHTML(html);
  if (!document.querySelector('base[href]')) {
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.prepend(base);
  }
  return document as PageDocument;
}

/**
 * Drops a first line that only repeats the byline ("By Jordan Hale", possibly in bold): the drawer
 * shows the author already. A plain comparison of the first line, so any byline is safe to use.
 */
function withoutBylineLine(markdown: string, byline: string): string {
  const text = markdown.trimStart();
  const newline = text.indexOf('\n');
  if (newline < 0) return markdown;
  let line = text.slice(0, newline).trim();
  for (let stars = 0; stars < 2 && line.startsWith('*'); stars++) line = line.slice(1);
  for (let stars = 0; stars < 2 && line.endsWith('*'); stars++) line = line.slice(0, -1);
  return line.toLowerCase() === `by ${byline}`.toLowerCase() ? text.slice(newline + 1) : markdown;
}

/**
 * Extracts the readable part of an HTML page as markdown (Readability, else the cleaned body). The
 * page goes through sanitizeHtml first: linear, and it bounds what the DOM libraries are given.
 */
export function extractArticle(html: string, url: string): Omit<ReadPage, 'url'> {
  const { html: safe } = sanitizeHtml(html, { document: true });
  const document = parsePage(safe, url);
  const metaTitle = meta(document, 'og:title', 'twitter:title');
  const description = meta(document, 'og:description', 'description', 'twitter:description');
  const published = meta(document, 'article:published_time', 'og:published_time', 'date', 'pubdate');
  const author = meta(document, 'author', 'article:author');
  const siteName = meta(document, 'og:site_name');
  const documentTitle = metaText(document.querySelector('title')?.textContent);

  const turndown = createTurndown();
  // Readability changes the document it reads; parse a second copy for the fallback. Both hand turndown
  // the element itself (turndown reads linkedom's DOM), not HTML text it would parse once more.
  const article = new Readability<PageElement>(document, {
    charThreshold: 200,
    serializer: (node) => node,
  }).parse();
  let markdown = article?.content ? turndown.turndown(article.content) : '';
  if (markdown.trim().length < 80) {
    const copy = parsePage(safe, url);
    for (const node of copy.querySelectorAll('script, style, noscript, nav, header, footer, aside, form')) {
      node.remove();
    }
    const body = copy.querySelector('main, article, body');
    const fallback = body ? turndown.turndown(body) : '';
    if (fallback.trim().length > markdown.trim().length) markdown = fallback;
  }
  const byline = metaText(article?.byline) ?? author;
  if (byline) markdown = withoutBylineLine(markdown, byline);
  return {
    title: metaText(article?.title) ?? metaTitle ?? documentTitle,
    markdown: tidyMarkdown(markdown),
    excerpt: description ?? metaText(article?.excerpt),
    byline,
    publishedTime: isoOrNull(article?.publishedTime ?? published),
    siteName: metaText(article?.siteName) ?? siteName,
  };
}

/** The embedded reader: the guarded fetcher, Readability and turndown. */
export function createReadabilityReader(fetcher: GuardedFetcher): PageReader {
  return {
    name: 'readability',
    async read(url, signal) {
      let response;
      try {
        response = await fetcher(url, { signal });
      } catch (error) {
        if (error instanceof GuardedFetchError) throw fetchError(error);
        throw error;
      }
      if (response.status >= 400) throw statusError(response.status);
      const type = (response.headers.get('content-type') ?? 'text/html').split(';')[0]!.trim().toLowerCase();
      const text = response.text();
      if (type === 'text/plain' || type === 'text/markdown') {
        const markdown = tidyMarkdown(text);
        if (!markdown) throw new PageReadError('NO_CONTENT_FOUND', 'No readable text was found on the page.');
        return {
          url: response.url,
          title: null,
          markdown,
          excerpt: null,
          byline: null,
          publishedTime: null,
          siteName: null,
        };
      }
      if (type !== 'text/html' && type !== 'application/xhtml+xml') {
        throw new PageReadError(
          'UNSUPPORTED_CONTENT',
          `This kind of page (${type}) cannot be read here.`,
          response.status,
        );
      }
      const page = extractArticle(text, response.url);
      if (!page.markdown)
        throw new PageReadError('NO_CONTENT_FOUND', 'No readable text was found on the page.');
      return { url: response.url, ...page };
    },
  };
}

/**
 * Jina Reader: it fetches the page on its side, so the URL is only vetted here (scheme and address),
 * keeping the same refusals as the embedded reader.
 */
export function createJinaReader(client: JinaReaderClient, fetcher: GuardedFetcher): PageReader {
  return {
    name: 'jina',
    async read(url, signal) {
      try {
        await fetcher.vet(url);
      } catch (error) {
        if (error instanceof GuardedFetchError) throw fetchError(error);
        throw error;
      }
      try {
        const page = await client.read(url, signal);
        const markdown = tidyMarkdown(page.content);
        if (!markdown) throw new PageReadError('NO_CONTENT_FOUND', 'No readable text was found on the page.');
        return {
          url: page.url || url,
          title: metaText(page.title),
          markdown,
          excerpt: metaText(page.description),
          byline: null,
          publishedTime: isoOrNull(page.publishedTime),
          siteName: null,
        };
      } catch (error) {
        if (error instanceof PageReadError) throw error;
        if (error instanceof JinaError) {
          if (error.kind === 'too_large') {
            throw new PageReadError('UNSUPPORTED_CONTENT', 'The page is too large to read here.', null, {
              cause: error,
            });
          }
          if (error.kind === 'timeout')
            throw new PageReadError('CRAWL_TIMEOUT', 'The page took too long to read.', null, {
              cause: error,
            });
          const status = error.status;
          if (status === 404 || status === 410) throw statusError(status);
          if (status === 422 || status === 451) {
            throw new PageReadError('SOURCE_NOT_AVAILABLE', error.message, status, { cause: error });
          }
        }
        throw new PageReadError('READER_FAILED', 'The page reader failed. Please try again.', null, {
          cause: error,
        });
      }
    },
  };
}
