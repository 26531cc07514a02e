/**
 * HTML from the web rewritten, in one linear pass, into HTML that the DOM libraries (linkedom, which
 * parses with htmlparser2; Readability; turndown) get through quickly whatever the page looks like.
 *
 * Those libraries slow down far worse than linearly on shapes no real page needs: htmlparser2 keeps its
 * open elements in an array it shifts on every tag (deep nesting is quadratic), Readability walks each
 * element's subtree again for every ancestor (a thousand nested divs took seconds, two thousand most of
 * a minute) and every node again on each of its up to four attempts, every character reference or
 * stray `<` becomes a text node of its own, and turndown recurses once per nesting level. So before any
 * of them runs, this tokenizer (hand-written: no regular expression, every character is looked at a
 * bounded number of times) keeps the page to:
 *
 * - at most HTML_NESTING_MAX_LEVELS open elements: deeper tags are dropped, their text stays;
 * - at most HTML_NODES_MAX_COUNT nodes (elements, text runs, character references), reading at most
 *   HTML_TOKENS_MAX_COUNT tags and text runs: the page is cut where a budget runs out;
 * - at most HTML_ATTRIBUTES_MAX_COUNT attributes per element;
 * - at most HTML_OUTPUT_MAX_CHARS characters of output, read from at most HTML_SOURCE_MAX_CHARS.
 *
 * What it leaves out never holds an article's text: comments, doctype and processing instructions,
 * scripts and styles (except JSON-LD, which Readability reads for the byline and date), and nav,
 * aside, svg, math, template, noscript, iframe, object, canvas, audio, video and select with all
 * they contain. Every tag it keeps is written back well-formed (lower-case name, double-quoted
 * attributes, explicit end tags), so htmlparser2 builds exactly the tree counted here.
 */

/** The most of a page's HTML that is looked at (the guarded fetcher reads at most 5 MiB). */
export const HTML_SOURCE_MAX_CHARS = 5 * 1024 * 1024;
/** The most HTML handed to the DOM libraries (an article's markup is rarely a fifth of this). */
export const HTML_OUTPUT_MAX_CHARS = 300_000;
/** The deepest element nesting kept; real pages stay well under 40 levels. */
export const HTML_NESTING_MAX_LEVELS = 64;
/**
 * Elements, text runs and character references kept, together: the DOM nodes Readability walks (it
 * walks them again for each of its up to four attempts). Most pages have fewer than half as many
 * once scripts, styles, svg and navigation are left out.
 */
export const HTML_NODES_MAX_COUNT = 6_000;
/** Attributes kept per element (class, id, href, content, … come first in practice). */
export const HTML_ATTRIBUTES_MAX_COUNT = 32;
/**
 * Tags of any kind (kept, dropped for depth, unmatched end tags, comments) and text runs read before
 * the page is cut: bounds the tokenizer's own work on pages made of nothing but tags.
 */
export const HTML_TOKENS_MAX_COUNT = 60_000;
/** Longest attribute value kept (a URL fits); longer ones are cut. */
const ATTRIBUTE_VALUE_MAX_CHARS = 4_096;
/** Longest tag or attribute name kept; longer ones are junk. */
const NAME_MAX_CHARS = 64;
/** Most of a <title> or <textarea> kept. */
const RCDATA_MAX_CHARS = 2_000;
/** Most of one JSON-LD script kept. */
const JSON_LD_MAX_CHARS = 100_000;

export interface SanitizeOptions {
  /** A whole page: the result is wrapped in <html><body> when the page did not start with <html>. */
  document?: boolean;
  maxSourceChars?: number;
  maxOutputChars?: number;
  maxDepth?: number;
  maxNodes?: number;
  maxTokens?: number;
}

export interface SanitizedHtml {
  html: string;
  /** Elements kept. */
  elements: number;
  /** The deepest nesting kept. */
  depth: number;
  /** Something was cut or flattened by one of the limits. */
  reduced: boolean;
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose text htmlparser2 reads raw up to their end tag (no tags inside). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** Elements dropped with everything inside them: none holds an article's text. */
const DROPPED = new Set([
  'nav',
  'aside',
  'svg',
  'math',
  'template',
  'noscript',
  'iframe',
  'object',
  'canvas',
  'audio',
  'video',
  'select',
  'noembed',
  'noframes',
]);

// The end tags htmlparser2 implies when these open (its openImpliesClose table), so the tree counted
// here is the tree it builds.
const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (name) => [name, FORM] as [string, Set<string>],
  ),
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((name) => [name, P] as [string, Set<string>]),
]);

const GT = 0x3e; // >
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
/** Characters of tag and attribute names written back: ASCII letters, digits, - _ : . */
const isNameChar = (c: number) =>
  isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f || c === 0x3a || c === 0x2e;

function plainName(name: string): boolean {
  if (name.length === 0 || name.length > NAME_MAX_CHARS) return false;
  for (let i = 0; i < name.length; i++) if (!isNameChar(name.charCodeAt(i))) return false;
  return true;
}

/** Where `</name` (any case) followed by a space, `/` or `>` starts at or after `from`, else -1. */
function findEndTag(html: string, name: string, from: number): number {
  let at = html.indexOf('</', from);
  while (at >= 0) {
    const after = at + 2 + name.length;
    if (html.slice(at + 2, after).toLowerCase() === name) {
      const c = html.charCodeAt(after);
      if (after >= html.length || isSpace(c) || c === SLASH || c === GT) return at;
    }
    at = html.indexOf('</', at + 2);
  }
  return -1;
}

/** `text` cut to `max` characters, never inside a character reference or a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max);
  const amp = text.lastIndexOf('&', end);
  if (amp >= 0 && end - amp < 32 && !text.slice(amp, end).includes(';')) end = amp;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

function countAmpersands(text: string): number {
  let count = 0;
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) count++;
  return count;
}

const escapeAttribute = (value: string) =>
  value.includes('"') || value.includes('<')
    ? value.replaceAll('"', '&quot;').replaceAll('<', '&lt;')
    : value;

interface Tag {
  name: string;
  attributes: [string, string][];
  /** Index just past the tag's `>`, or -1 when the page ends inside the tag. */
  end: number;
}

/**
 * Reads the tag whose name starts at `start` (just past `<`), as htmlparser2's tokenizer does; keeps
 * the first HTML_ATTRIBUTES_MAX_COUNT attributes and only steps over the rest.
 */
function readTag(html: string, start: number): Tag {
  const n = html.length;
  let i = start;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (isSpace(c) || c === SLASH || c === GT) break;
    i++;
  }
  const name = html.slice(start, i).toLowerCase();
  const attributes: [string, string][] = [];
  while (i < n) {
    let c = html.charCodeAt(i);
    if (c === GT) return { name, attributes, end: i + 1 };
    if (isSpace(c) || c === SLASH) {
      i++;
      continue;
    }
    const nameStart = i;
    // An attribute name may start with '='; it ends at a space, '/', '>' or a later '='.
    i++;
    while (i < n) {
      c = html.charCodeAt(i);
      if (isSpace(c) || c === SLASH || c === GT || c === EQUALS) break;
      i++;
    }
    const nameEnd = i;
    let after = i;
    while (after < n && isSpace(html.charCodeAt(after))) after++;
    let valueStart = -1;
    let valueEnd = -1;
    if (html.charCodeAt(after) === EQUALS) {
      i = after + 1;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const quote = html.charCodeAt(i);
      if (quote === DQUOTE || quote === SQUOTE) {
        const close = html.indexOf(quote === DQUOTE ? '"' : "'", i + 1);
        if (close < 0) return { name, attributes, end: -1 };
        valueStart = i + 1;
        valueEnd = close;
        i = close + 1;
      } else {
        valueStart = i;
        while (i < n) {
          c = html.charCodeAt(i);
          if (isSpace(c) || c === GT) break;
          i++;
        }
        valueEnd = i;
      }
    }
    attributes.push([
      html.slice(nameStart, nameEnd).toLowerCase(),
      valueStart < 0 ? '' : cutText(html.slice(valueStart, valueEnd), ATTRIBUTE_VALUE_MAX_CHARS),
    ]);
    if (attributes.length >= HTML_ATTRIBUTES_MAX_COUNT) {
      // The rest of the tag is skipped to the next '>': what is written back is well-formed either way.
      const end = html.indexOf('>', i);
      return { name, attributes, end: end < 0 ? -1 : end + 1 };
    }
  }
  return { name, attributes, end: -1 };
}

export function sanitizeHtml(source: string, options: SanitizeOptions = {}): SanitizedHtml {
  const maxSource = options.maxSourceChars ?? HTML_SOURCE_MAX_CHARS;
  const maxOutput = options.maxOutputChars ?? HTML_OUTPUT_MAX_CHARS;
  const maxDepth = options.maxDepth ?? HTML_NESTING_MAX_LEVELS;
  const maxNodes = options.maxNodes ?? HTML_NODES_MAX_COUNT;
  const maxTokens = options.maxTokens ?? HTML_TOKENS_MAX_COUNT;
  const html = source.length > maxSource ? source.slice(0, maxSource) : source;
  let reduced = html.length < source.length;

  const out: string[] = [];
  let outChars = 0;
  let nodes = 0;
  let elements = 0;
  let deepest = 0;
  let firstElement: string | null = null;
  /** Open elements kept, innermost last (never longer than maxDepth). */
  const stack: string[] = [];
  /** Open elements dropped for being too deep, innermost last. */
  const overflow: string[] = [];
  let full = false;

  /** Counts `cost` nodes and `text` characters; false (and the page is cut) once a budget runs out. */
  const spend = (cost: number, chars: number) => {
    if (full || nodes + cost > maxNodes || outChars + chars > maxOutput) {
      full = true;
      reduced = true;
      return false;
    }
    nodes += cost;
    outChars += chars;
    return true;
  };
  const write = (piece: string) => {
    out.push(piece);
  };
  const text = (piece: string) => {
    if (piece.length === 0) return;
    const room = maxOutput - outChars;
    const kept = piece.length > room ? cutText(piece, room) : piece;
    if (kept.length > 0 && spend(1 + countAmpersands(kept), kept.length)) write(kept);
    if (kept.length < piece.length) {
      full = true;
      reduced = true;
    }
  };
  const popTo = (depth: number) => {
    while (stack.length > depth) write(`</${stack.pop()}>`);
  };

  const open = (tag: Tag) => {
    // A second html, head or body is folded into the first, as browsers do.
    if (tag.name === 'html' && stack.includes('html')) return;
    if (tag.name === 'body' && stack.includes('body')) return;
    if (tag.name === 'head' && (stack.includes('head') || stack.includes('body'))) return;
    const implied = IMPLIES_CLOSE.get(tag.name);
    if (implied && overflow.length === 0) {
      while (stack.length > 0 && implied.has(stack[stack.length - 1]!)) write(`</${stack.pop()}>`);
    }
    const isVoid = VOID_ELEMENTS.has(tag.name);
    if (!isVoid && (stack.length >= maxDepth || overflow.length > 0)) {
      // Too deep: the tag goes, its text stays in the deepest element kept.
      overflow.push(tag.name);
      reduced = true;
      return;
    }
    let serialized = `<${tag.name}`;
    for (const [name, value] of tag.attributes) {
      if (plainName(name)) serialized += value ? ` ${name}="${escapeAttribute(value)}"` : ` ${name}`;
    }
    serialized += '>';
    if (!spend(1, serialized.length)) return;
    write(serialized);
    elements++;
    firstElement ??= tag.name;
    if (!isVoid) {
      stack.push(tag.name);
      deepest = Math.max(deepest, stack.length);
    }
  };

  const close = (name: string) => {
    // Pages often carry more after </body> or </html>; it stays inside the body, as browsers keep it.
    if (name === 'html' || name === 'body') return;
    if (overflow.length > 0) {
      if (overflow[overflow.length - 1] === name) {
        overflow.pop();
        return;
      }
      if (!stack.includes(name)) return;
      overflow.length = 0;
    }
    if (VOID_ELEMENTS.has(name)) {
      if (name === 'br' && spend(1, 4)) write('<br>');
      return;
    }
    // `stack` never holds more than maxDepth names, so this search is bounded.
    const at = stack.lastIndexOf(name);
    if (at >= 0) popTo(at);
  };

  const n = html.length;
  let i = 0;
  let tokens = 0;
  while (i < n && !full) {
    if (++tokens > maxTokens) {
      reduced = true;
      break;
    }
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text(html.slice(i));
      break;
    }
    if (lt > i) text(html.slice(i, lt));
    if (full) break;
    const next = html.charCodeAt(lt + 1);

    if (isLetter(next)) {
      const tag = readTag(html, lt + 1);
      if (tag.end < 0) {
        // The page ends inside a tag: htmlparser2 drops it too.
        reduced = true;
        break;
      }
      i = tag.end;
      if (!plainName(tag.name)) continue; // e.g. `<head<head<head…`: junk, not an element
      if (DROPPED.has(tag.name)) {
        const end = findEndTag(html, tag.name, i);
        if (end < 0) {
          reduced = true;
          break;
        }
        i = html.indexOf('>', end);
        i = i < 0 ? n : i + 1;
        continue;
      }
      if (RAW_TEXT.has(tag.name)) {
        const end = findEndTag(html, tag.name, i);
        const contentEnd = end < 0 ? n : end;
        let content = html.slice(i, contentEnd);
        i = end < 0 ? n : html.indexOf('>', end);
        i = i < 0 ? n : i + 1;
        const jsonLd =
          tag.name === 'script' &&
          tag.attributes.some(([name, value]) => name === 'type' && value.trim() === 'application/ld+json');
        if ((tag.name === 'script' && !jsonLd) || tag.name === 'style') continue;
        const max = jsonLd ? JSON_LD_MAX_CHARS : RCDATA_MAX_CHARS;
        if (content.length > max) {
          content = content.slice(0, max);
          reduced = true;
        }
        const depth = stack.length;
        open(tag);
        if (full) break;
        if (stack.length > depth) {
          // Raw text cannot hold its own end tag; one in the content would end it early.
          if (spend(1 + countAmpersands(content), content.length)) write(content);
          popTo(depth);
        }
        continue;
      }
      open(tag);
      continue;
    }

    if (next === SLASH && isLetter(html.charCodeAt(lt + 2))) {
      const tag = readTag(html, lt + 2);
      if (tag.end < 0) {
        reduced = true;
        break;
      }
      i = tag.end;
      if (plainName(tag.name)) close(tag.name);
      continue;
    }

    if (next === BANG || next === QUESTION || next === SLASH) {
      // Comments, doctypes, CDATA, processing instructions and `</ …>`: nothing to read.
      const comment = html.startsWith('<!--', lt);
      const end = comment ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt + 2);
      if (end < 0) reduced = true;
      i = end < 0 ? n : end + (comment ? 3 : 1);
      continue;
    }

    // A `<` that starts no tag is text.
    if (spend(1, 4)) write('&lt;');
    i = lt + 1;
  }
  popTo(0);

  let result = out.join('');
  if (options.document) {
    result =
      firstElement === 'html'
        ? `<!doctype html>${result}`
        : `<!doctype html><html><head></head><body>${result}</body></html>`;
  }
  return { html: result, elements, depth: deepest, reduced };
}
