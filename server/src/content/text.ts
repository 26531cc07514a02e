/**
 * Plain-text helpers for article content: HTML fragments to text, sentences, and the extractive
 * summary and highlights used when no AI endpoint is configured.
 *
 * Everything here reads text from other people's pages and feeds, so every function caps its input
 * first and every regular expression runs in linear time: a run of one character (spaces, `[`, `(`)
 * must never make a pattern rescan the rest of the text from each position.
 */
import { parseHTML } from 'linkedom';
import { sanitizeHtml } from './html-sanitize';

/** The most of an HTML fragment (a feed title or description) that htmlToText reads. */
export const FRAGMENT_HTML_MAX_CHARS = 200_000;
/** The most text markdownToPlain and the extractive digest read (a page's markdown is capped at 100,000). */
export const DIGEST_INPUT_MAX_CHARS = 120_000;

/** `text` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** The text of an HTML fragment (feed descriptions are often HTML), whitespace collapsed. */
export function htmlToText(html: string): string {
  const source = capText(html, FRAGMENT_HTML_MAX_CHARS);
  if (!source.includes('<') && !source.includes('&')) return collapse(source);
  // The sanitizer leaves out styles, templates and frames, and every script but JSON-LD data.
  const { html: safe } = sanitizeHtml(source);
  const { document } = parseHTML(`<!doctype html><html><body>${safe}</body></html>`);
  for (const node of document.querySelectorAll('script')) node.remove();
  // Block elements end a sentence or a line; without this their texts run together.
  for (const node of document.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, br, tr, blockquote')) {
    node.after(document.createTextNode(' '));
  }
  return collapse(document.body.textContent ?? '');
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Markdown reduced to prose: no links targets, images, emphasis marks, headings or code fences.
 * Link and image texts stop at the first bracket and targets at the first parenthesis, so no match
 * can reach past the start of the next one (a page of `[[[[` or `](](` stays linear).
 */
export function markdownToPlain(markdown: string): string {
  return capText(markdown, DIGEST_INPUT_MAX_CHARS)
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, ' ')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]{1,3}/g, '')
    .replace(/\|/g, ' ');
}

const ABBREVIATIONS =
  /\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|Inc|Ltd|Co|Corp|No|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|U\.S|e\.g|i\.e)\.$/i;

/** Splits prose into sentences, keeping common abbreviations and decimals whole. */
export function splitSentences(text: string): string[] {
  const paragraphs = text
    .split(/\n{2,}|\r\n\r\n/)
    .map(collapse)
    .filter(Boolean);
  const sentences: string[] = [];
  for (const paragraph of paragraphs) {
    const parts = paragraph.split(/(?<=[.!?]["')\]]?)\s+(?=["'([]?[A-Z0-9])/);
    let pending: string[] = [];
    for (const part of parts) {
      pending.push(part);
      // A part ending in an abbreviation or an initial does not end the sentence. Only the part is
      // tested (the sentence ends with it): testing the growing sentence each time is quadratic.
      if (ABBREVIATIONS.test(part) || /\b[A-Z]\.$/.test(part)) continue;
      sentences.push(pending.join(' '));
      pending = [];
    }
    if (pending.length > 0) sentences.push(pending.join(' '));
  }
  return sentences;
}

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have having ' +
    'he her here hers herself him himself his how i if in into is it its itself just me more most my myself no ' +
    'nor not now of off on once only or other our ours ourselves out over own said same she should so some such ' +
    'than that the their theirs them themselves then there these they this those through to too under until up ' +
    'very was we were what when where which while who whom why will with would you your yours yourself ' +
    'yourselves one two new says say like get got year years time'
  ).split(' '),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Lower-cased content words of a text (stop words and very short tokens dropped). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((word) => word.replace(/['’]s?$/, ''))
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word));
}

/** A sentence fit to show: prose of a readable length, not a caption, credit or link list. */
function usable(sentence: string): boolean {
  const words = sentence.split(' ').length;
  return (
    words >= 6 &&
    words <= 80 &&
    /[a-z]/.test(sentence) &&
    !/^(?:image|photo|credit|advertisement|read more|related|sign up|subscribe)\b/i.test(sentence) &&
    !/https?:\/\//.test(sentence)
  );
}

export interface ExtractiveDigest {
  summary: string;
  highlights: string[];
}

export const SUMMARY_MAX_CHARS = 600;
export const HIGHLIGHT_MAX_CHARS = 320;
export const HIGHLIGHT_COUNT = 4;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).trimEnd()}…`;
}

/**
 * The embedded default for 'AI Summary' and 'Key Highlights': news puts its gist first, so the summary
 * is the lead (the first two or three usable sentences); highlights are the sentences carrying the
 * document's most frequent content words (and the query's, when given), shown in reading order.
 */
export function extractiveDigest(
  text: string,
  options: { title?: string; query?: string; highlights?: number } = {},
): ExtractiveDigest {
  const plain = markdownToPlain(text);
  const sentences = splitSentences(plain).filter(usable);
  if (sentences.length === 0) {
    const fallback = clip(collapse(plain), SUMMARY_MAX_CHARS);
    return { summary: fallback, highlights: fallback ? [clip(fallback, HIGHLIGHT_MAX_CHARS)] : [] };
  }

  const lead: string[] = [];
  let leadChars = 0;
  for (const sentence of sentences) {
    if (lead.length >= 3 || (lead.length >= 2 && leadChars + sentence.length > SUMMARY_MAX_CHARS)) break;
    lead.push(sentence);
    leadChars += sentence.length + 1;
  }
  const summary = clip(lead.join(' '), SUMMARY_MAX_CHARS);

  const frequency = new Map<string, number>();
  for (const word of contentWords(sentences.join(' '))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const boosted = new Set(contentWords(`${options.title ?? ''} ${options.query ?? ''}`));
  const scored = sentences.map((sentence, index) => {
    const words = contentWords(sentence);
    if (words.length === 0) return { sentence, index, score: 0 };
    let score = 0;
    for (const word of new Set(words)) score += (frequency.get(word) ?? 0) + (boosted.has(word) ? 3 : 0);
    // Favour dense sentences over long ones, and earlier ones slightly.
    return { sentence, index, score: score / Math.sqrt(words.length) / (1 + index / 40) };
  });
  const wanted = options.highlights ?? HIGHLIGHT_COUNT;
  const inLead = new Set(lead);
  const candidates = scored.filter((entry) => !inLead.has(entry.sentence));
  const pool = candidates.length >= Math.min(wanted, 2) ? candidates : scored;
  const highlights = pool
    .sort((a, b) => b.score - a.score)
    .slice(0, wanted)
    .sort((a, b) => a.index - b.index)
    .map((entry) => clip(entry.sentence, HIGHLIGHT_MAX_CHARS));
  return { summary, highlights };
}
