/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds to plain items, with fast-xml-parser. Feeds in the wild are
 * loose: titles may be HTML or typed Atom text, links may be attributes or text, dates RFC 822 or ISO,
 * authors strings or objects; anything unreadable is skipped rather than failing the whole feed.
 */
import { XMLParser, type X2jOptions } from 'fast-xml-parser';
import { sanitizeHtml } from '../../content/html-sanitize';
import { createTurndown, tidyMarkdown } from '../../content/reader';
import { capText, collapse, htmlToText } from '../../content/text';
import { decodeBody } from '../../http/guarded-fetch';

// Feeds come from other people's servers: every field is capped before any pattern or parser reads
// it, so one item made of megabytes of spaces or nested tags costs no more than a normal one.
/** Items read from one feed; the rest are ignored (real feeds carry tens). */
export const FEED_MAX_ITEMS = 300;
/**
 * The most of a feed's XML parsed: the XML parser reads every byte it is given, at up to a few
 * hundred milliseconds per megabyte of some texts, so a feed is cut after its last whole item within
 * this (a feed of full articles still gives its newest twenty or more).
 */
export const FEED_XML_MAX_CHARS = 500_000;
/** The most of a title's HTML read, and the longest title kept. */
const TITLE_INPUT_MAX_CHARS = 2_000;
const TITLE_MAX_CHARS = 300;
/** The most of a description's HTML read, and of its text cleaned; 2,000 characters are kept. */
const DESCRIPTION_INPUT_MAX_CHARS = 20_000;
const DESCRIPTION_TEXT_MAX_CHARS = 4_000;
const DESCRIPTION_MAX_CHARS = 2_000;
/** The most of an item's full content (HTML) converted to markdown. */
const CONTENT_INPUT_MAX_CHARS = 60_000;
/** Element and text nodes of one item's content handed to turndown. */
const CONTENT_MAX_NODES = 2_000;
/** Longest link read, as the API accepts (longer ones are junk). */
const URL_MAX_CHARS = 2_048;
/** Longest author, category or date text read. */
const SHORT_FIELD_MAX_CHARS = 200;

export interface FeedItem {
  url: string;
  title: string;
  /** ISO 8601, or null when the feed gives no readable date. */
  publishedDate: string | null;
  author: string | null;
  /** Plain text description (HTML stripped). */
  description: string;
  /** The full content as markdown when the feed carries it (content:encoded, Atom content). */
  content: string | null;
  image: string | null;
  categories: string[];
}

export interface ParsedFeed {
  title: string;
  /** The feed's site link. */
  link: string | null;
  items: FeedItem[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

const parserOptions: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name: string) =>
    [
      'item',
      'entry',
      'link',
      'category',
      'author',
      'dc:creator',
      'media:content',
      'media:thumbnail',
      'enclosure',
    ].includes(name),
  // Atom's text constructs and RSS's descriptions and contents are read raw: XHTML (or HTML written
  // unescaped) keeps its markup and order, where the parser would turn a <div> into nested objects,
  // and however deep it nests it cannot fail the feed. rawText unescapes them.
  stopNodes: [
    'feed.title',
    'feed.entry.title',
    'feed.entry.summary',
    'feed.entry.content',
    'rss.channel.item.description',
    'rss.channel.item.content:encoded',
    'rdf:RDF.item.description',
    'rdf:RDF.item.content:encoded',
  ],
};
const parser = new XMLParser(parserOptions);

const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';
/** How far into a document its root element is looked for. */
const ROOT_SEARCH_CHARS = 4_096;
const prefixedParsers = new Map<string, XMLParser>();

/**
 * The parser for a document: Atom written with a prefix (`<a:feed xmlns:a="…Atom">`) is read with the
 * prefix dropped from its names, so it reads as any Atom feed does.
 */
function parserFor(xml: string): XMLParser {
  const head = xml.slice(0, ROOT_SEARCH_CHARS);
  const prefix = /<([a-z_][\w.-]{0,30}):feed[\s>]/i.exec(head)?.[1];
  if (!prefix || !head.includes(`xmlns:${prefix}="${ATOM_NAMESPACE}"`)) return parser;
  let prefixed = prefixedParsers.get(prefix);
  if (!prefixed) {
    const qualified = `${prefix}:`;
    prefixed = new XMLParser({
      ...parserOptions,
      transformTagName: (name) => (name.startsWith(qualified) ? name.slice(qualified.length) : name),
    });
    // A few prefixes are ever used; never let made-up ones grow the cache.
    if (prefixedParsers.size < 8) prefixedParsers.set(prefix, prefixed);
  }
  return prefixed;
}

/** The base URL in force inside an element: its xml:base resolved against its parent's. */
function baseOf(node: Node, parentBase: string | undefined): string | undefined {
  const declared =
    typeof node === 'object' && node !== null ? (node as Record<string, Node>)['@_xml:base'] : undefined;
  if (typeof declared !== 'string' || declared.length > URL_MAX_CHARS) return parentBase;
  try {
    return new URL(declared.trim(), parentBase).toString();
  } catch {
    return parentBase;
  }
}

type Node = unknown;

/** The text of a node that may be a string, a number, or an object with #text (typed Atom text, CDATA). */
function text(node: Node): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') {
    const record = node as Record<string, Node>;
    if ('#text' in record) return text(record['#text']);
    if ('name' in record) return text(record.name);
  }
  return '';
}

// The five entities XML itself defines, and numeric references: what escaping a text construct can use.
// Others (HTML's &nbsp;, &eacute;) are left for the HTML reader, which knows them.
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(raw: string): string {
  return raw.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** A raw text with its CDATA sections read as they are and the rest unescaped. */
function unescapeXmlText(raw: string): string {
  let out = '';
  let at = 0;
  for (let open = raw.indexOf('<![CDATA['); open >= 0; open = raw.indexOf('<![CDATA[', at)) {
    const close = raw.indexOf(']]>', open + 9);
    if (close < 0) break;
    out += unescapeXml(raw.slice(at, open)) + raw.slice(open + 9, close);
    at = close + 3;
  }
  return out + unescapeXml(raw.slice(at));
}

/**
 * A text read raw (an Atom text construct, an RSS description) as HTML: XHTML, or markup written
 * unescaped, is markup already (a wrapping <div> is dropped by the HTML reader as any element is);
 * HTML is escaped or in CDATA; text is escaped text, which reads the same as HTML once unescaped.
 */
function rawText(node: Node): string {
  const raw = text(node);
  const type =
    typeof node === 'object' && node !== null ? (node as Record<string, Node>)['@_type'] : undefined;
  return type === 'xhtml' || type === 'application/xhtml+xml' ? raw : unescapeXmlText(raw);
}

function first<T>(node: T | T[] | undefined): T | undefined {
  return Array.isArray(node) ? node[0] : node;
}

function list(node: Node): Node[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

function isoDate(...candidates: Node[]): string | null {
  for (const candidate of candidates) {
    const value = text(candidate).trim();
    if (!value || value.length > SHORT_FIELD_MAX_CHARS) continue;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  return null;
}

function absoluteHttpUrl(raw: string, base: string | undefined): string | null {
  if (raw.length > URL_MAX_CHARS) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Plain text of a field that may be HTML, read from at most `max` characters. */
function plain(html: string, max: number): string {
  return htmlToText(capText(html, max));
}

function titleOf(node: Node): string {
  return capText(plain(text(node), TITLE_INPUT_MAX_CHARS), TITLE_MAX_CHARS);
}

/** Longest title made from a description, for an item that has none. */
const DERIVED_TITLE_MAX_CHARS = 120;

/**
 * A title for an item that has none (RSS 2.0 asks only for a title or a description): the
 * description's first sentence, or its opening words.
 */
function titleFromDescription(description: string): string {
  const sentence = /^.{20,}?[.!?](?= |$)/.exec(capText(description, DERIVED_TITLE_MAX_CHARS))?.[0];
  if (sentence) return sentence;
  if (description.length <= DERIVED_TITLE_MAX_CHARS) return description;
  const cut = description.lastIndexOf(' ', DERIVED_TITLE_MAX_CHARS - 1);
  return `${description.slice(0, cut > 40 ? cut : DERIVED_TITLE_MAX_CHARS - 1)}…`;
}

function descriptionOf(html: string): string {
  const textOnly = capText(plain(html, DESCRIPTION_INPUT_MAX_CHARS), DESCRIPTION_TEXT_MAX_CHARS);
  return capText(cleanDescription(textOnly), DESCRIPTION_MAX_CHARS);
}

/**
 * Feed descriptions carry publisher boilerplate that is no summary: WordPress's "The post … appeared
 * first on …", "Continue reading…" links, and Hacker News's "Article URL: … Comments URL: … Points: …".
 * Whitespace is collapsed first, so no pattern meets a run of blanks (`\s*` before a phrase would
 * rescan a long run from each of its characters).
 */
export function cleanDescription(text: string): string {
  return collapse(
    collapse(capText(text, DESCRIPTION_TEXT_MAX_CHARS))
      .replace(/ ?The post .{1,400}? appeared first on .{1,200}?\.? ?$/i, '')
      .replace(/ ?(?:Continue reading|Read more|Read the full story)\b.{0,200}$/i, '')
      .replace(/\b(?:Article URL|Comments URL): ?\S+/gi, '')
      .replace(/\bPoints: ?\d+/gi, '')
      .replace(/# ?Comments: ?\d+/gi, '')
      .replace(/ ?\[(?:…|\.\.\.)\] ?$/, '…'),
  );
}

const turndown = createTurndown();
const CONTENT_MAX_CHARS = 6_000;

/** An item's content (HTML, or text) as markdown, capped; null when there is none. */
export function contentMarkdown(html: string): string | null {
  const source = capText(html, CONTENT_INPUT_MAX_CHARS);
  if (!source.trim()) return null;
  // Turndown gets the sanitized fragment: bounded nesting and node count.
  const converted = tidyMarkdown(
    source.includes('<')
      ? turndown.turndown(sanitizeHtml(source, { maxNodes: CONTENT_MAX_NODES }).html)
      : source,
  );
  if (!converted) return null;
  return converted.length > CONTENT_MAX_CHARS ? `${capText(converted, CONTENT_MAX_CHARS)}…` : converted;
}

function authorOf(...candidates: Node[]): string | null {
  for (const candidate of candidates) {
    for (const entry of list(candidate)) {
      const name = collapse(capText(text(entry), SHORT_FIELD_MAX_CHARS));
      // RSS <author> is often "email (Name)". The name holds no parenthesis, so a run of '(' is
      // passed over once rather than rescanned from each of its characters.
      const fromEmail = /\(([^()]+)\) ?$/.exec(name)?.[1];
      if (fromEmail) return fromEmail.trim();
      // One '@' splits the address: the local part holds none, so there is one way to match.
      if (name && !/^[^\s@]+@\S+$/.test(name)) return name;
    }
  }
  return null;
}

function imageOf(item: Record<string, Node>, base: string | undefined): string | null {
  const candidates: Node[] = [
    ...list(item['media:content']),
    ...list(item['media:thumbnail']),
    ...list(item.enclosure).filter((enclosure) =>
      String((enclosure as Record<string, Node>)?.['@_type'] ?? '').startsWith('image/'),
    ),
  ];
  for (const candidate of candidates) {
    const url = (candidate as Record<string, Node>)?.['@_url'];
    if (typeof url === 'string') {
      const absolute = absoluteHttpUrl(url, base);
      if (absolute) return absolute;
    }
  }
  return null;
}

function categoriesOf(node: Node): string[] {
  return list(node)
    .map((entry) =>
      collapse(
        capText(
          text(entry) || String((entry as Record<string, Node>)?.['@_term'] ?? ''),
          SHORT_FIELD_MAX_CHARS,
        ),
      ),
    )
    .filter(Boolean)
    .slice(0, 10);
}

function rssItem(item: Record<string, Node>, base: string | undefined): FeedItem | null {
  const link =
    text(first(item.link as Node[])) ||
    (text(item.guid) && (item.guid as Record<string, Node>)?.['@_isPermaLink'] !== 'false'
      ? text(item.guid)
      : '');
  const url = link ? absoluteHttpUrl(link, base) : null;
  if (!url) return null;
  const descriptionHtml = rawText(item.description);
  const contentHtml = rawText(item['content:encoded']);
  const description = descriptionOf(descriptionHtml || contentHtml);
  const title = titleOf(item.title) || titleFromDescription(description);
  if (!title) return null;
  return {
    url,
    title,
    publishedDate: isoDate(item.pubDate, item['dc:date'], item.published, item.updated),
    author: authorOf(item['dc:creator'], item.author),
    description,
    content: contentMarkdown(contentHtml || descriptionHtml),
    image: imageOf(item, base),
    categories: categoriesOf(item.category),
  };
}

function atomLink(links: Node, rel = 'alternate'): string | null {
  const entries = list(links) as Record<string, Node>[];
  const chosen =
    entries.find(
      (entry) =>
        (entry?.['@_rel'] ?? 'alternate') === rel &&
        (rel !== 'alternate' || !entry?.['@_type'] || String(entry['@_type']).includes('html')),
    ) ?? entries.find((entry) => (entry?.['@_rel'] ?? 'alternate') === rel);
  const href = chosen?.['@_href'];
  return typeof href === 'string' ? href : null;
}

function atomEntry(entry: Record<string, Node>, base: string | undefined): FeedItem | null {
  const link = atomLink(entry.link) ?? (text(entry.id).startsWith('http') ? text(entry.id) : null);
  const url = link ? absoluteHttpUrl(link, base) : null;
  if (!url) return null;
  const summaryHtml = rawText(entry.summary);
  const contentHtml = rawText(entry.content);
  const description = descriptionOf(summaryHtml || contentHtml);
  const title = titleOf(rawText(entry.title)) || titleFromDescription(description);
  if (!title) return null;
  return {
    url,
    title,
    publishedDate: isoDate(entry.published, entry.updated, entry.issued),
    author: authorOf(entry.author, entry['dc:creator']),
    description,
    content: contentMarkdown(contentHtml || summaryHtml),
    image: imageOf(entry, base),
    categories: categoriesOf(entry.category),
  };
}

/**
 * The feed cut after its FEED_MAX_ITEMS-th item, or after its last whole item within
 * FEED_XML_MAX_CHARS, with the document's closing tags kept: found with plain string searches, before
 * the XML parser reads anything. Throws FeedParseError when even the first item is over the limit.
 */
export function trimFeedXml(xml: string): string {
  // One kind of item per feed: Atom's entries, else RSS (and RDF) items. One search per item found.
  const atom = xml.indexOf('<entry');
  const rss = xml.indexOf('<item');
  const closing = atom >= 0 && (rss < 0 || atom < rss) ? '</entry>' : '</item>';
  let cut = -1;
  let items = 0;
  for (let at = xml.indexOf(closing); at >= 0; at = xml.indexOf(closing, at + closing.length)) {
    const end = at + closing.length;
    if (end > FEED_XML_MAX_CHARS) break;
    cut = end;
    if (++items >= FEED_MAX_ITEMS) break;
  }
  const more = cut >= 0 ? xml.indexOf(closing, cut) : xml.indexOf(closing);
  if (more < 0 && xml.length <= FEED_XML_MAX_CHARS) return xml;
  if (cut < 0) {
    if (xml.length <= FEED_XML_MAX_CHARS) return xml;
    throw new FeedParseError(`the feed's first item is larger than ${FEED_XML_MAX_CHARS} characters`);
  }
  // The containers still open after the last item kept: RSS's channel and rss, Atom's feed, RDF's root.
  const tails = ['</channel>', '</feed>', '</rdf:RDF>']
    .map((tag) => xml.lastIndexOf(tag))
    .filter((index) => index >= cut);
  return xml.slice(0, cut) + (tails.length > 0 ? xml.slice(Math.min(...tails)) : '');
}

/** Parses a feed document; `feedUrl` resolves relative links. Throws FeedParseError for non-feeds. */
export function parseFeed(xml: string, feedUrl?: string): ParsedFeed {
  let document: Record<string, Node>;
  try {
    const trimmed = trimFeedXml(xml);
    document = parserFor(trimmed).parse(trimmed) as Record<string, Node>;
  } catch (error) {
    throw new FeedParseError(`not XML: ${(error as Error).message}`);
  }
  const rss = document.rss as Record<string, Node> | undefined;
  if (rss?.channel) {
    const channel = first(rss.channel as Record<string, Node>) as Record<string, Node>;
    const link = text(first(channel.link as Node[])) || null;
    const base = baseOf(channel, baseOf(rss, feedUrl ?? link ?? undefined));
    return {
      title: titleOf(channel.title) || 'Untitled feed',
      link,
      items: list(channel.item)
        .slice(0, FEED_MAX_ITEMS)
        .map((item) => rssItem(item as Record<string, Node>, baseOf(item, base)))
        .filter((item): item is FeedItem => item !== null),
    };
  }
  const rdf = document['rdf:RDF'] as Record<string, Node> | undefined;
  if (rdf) {
    const channel = (rdf.channel ?? {}) as Record<string, Node>;
    return {
      title: titleOf(channel.title) || 'Untitled feed',
      link: text(first(channel.link as Node[])) || null,
      items: list(rdf.item)
        .slice(0, FEED_MAX_ITEMS)
        .map((item) => rssItem(item as Record<string, Node>, baseOf(item, baseOf(rdf, feedUrl))))
        .filter((item): item is FeedItem => item !== null),
    };
  }
  const feed = document.feed as Record<string, Node> | undefined;
  if (feed) {
    const link = atomLink(feed.link);
    const base = baseOf(feed, feedUrl ?? link ?? undefined);
    return {
      title: titleOf(rawText(feed.title)) || 'Untitled feed',
      link,
      items: list(feed.entry)
        .slice(0, FEED_MAX_ITEMS)
        .map((entry) => atomEntry(entry as Record<string, Node>, baseOf(entry, base)))
        .filter((item): item is FeedItem => item !== null),
    };
  }
  throw new FeedParseError('not an RSS or Atom feed');
}

/**
 * A fetched feed's bytes to items: decoded in the encoding the feed declares (a byte-order mark, the
 * Content-Type charset, its XML declaration, else UTF-8), then parsed; `feedUrl` is where it was read.
 */
export function parseFeedBody(body: Buffer, contentType: string | null, feedUrl: string): ParsedFeed {
  return parseFeed(decodeBody(body, contentType), feedUrl);
}
