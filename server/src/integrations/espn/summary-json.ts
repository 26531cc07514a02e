/**
 * Where the values of a JSON body sit, found without building them: one pass over the bytes that
 * records the spans of the members and elements a plan asks for and steps over the rest. ESPN's
 * summary is 0.7–1.8 MB of which the Gamecast reads about two thirds, and a live game's summary read
 * every few seconds is mostly what the last read held: with the spans, the reader parses only the
 * sections it keeps, and of those only what changed since the last read (summary.ts).
 *
 * Given where the values sat in the previous body of the same resource (a hint: what the last read
 * recorded), a value whose bytes are the previous one's, at its new place, is stepped over by
 * comparing bytes instead of scanning them, and marked `same`: only what changed is scanned.
 *
 * What a plan names is spanned exactly, and each span is later read with JSON.parse, which checks its
 * grammar in full. What it steps over is checked for structure only (strings closed, brackets paired
 * and matched, nothing but JSON's characters between them): enough to find where each value ends and
 * to refuse a cut or garbled body, not a full check of the grammar of values nobody reads.
 */

/** A value the plan asked for: its byte span, and the spans of its members or elements when asked. */
export interface JsonSpan {
  start: number;
  /** Exclusive. */
  end: number;
  /**
   * The bytes are those of the value its hint recorded in the previous body: nothing in it was
   * scanned (no members or elements are given).
   */
  same?: true;
  /** An object's members the plan names, by key (the last of a repeated key, as JSON.parse keeps). */
  members?: Map<string, JsonSpan>;
  /** An object's other members, stepped over (for the next scan's hint). */
  skipped?: Map<string, JsonSpan>;
  /** An array's elements, in order. */
  elements?: JsonSpan[];
  /** How many of an array's first elements are `same`: those of its hint, byte for byte. */
  sameFirst?: number;
}

/**
 * Where a value sat in the previous body, as the last read recorded it (summary-memo.ts's Memo): its
 * start relative to its parent's, its length, and the same for its parts.
 */
export interface JsonHint {
  rel: number;
  len: number;
  fields?: ReadonlyMap<string, JsonHint>;
  skipped?: ReadonlyMap<string, { rel: number; len: number }>;
  items?: ReadonlyArray<JsonHint>;
}

/**
 * What to span: `null` a value as a whole; an object plan the members it names (others are stepped
 * over); an array plan each element. A value that is not of the kind its plan expects is spanned whole.
 */
export type JsonPlan =
  null | { readonly members: Readonly<Record<string, JsonPlan>> } | { readonly element: JsonPlan };

/** The body is not JSON, or not JSON this scanner follows (nesting deeper than MAX_DEPTH). */
export class JsonScanError extends Error {
  constructor(message: string, at: number) {
    super(`${message} at byte ${at}`);
    this.name = 'JsonScanError';
  }
}

/** Deepest nesting stepped over; ESPN's is under 20. */
export const MAX_DEPTH = 1_000;
/**
 * Most elements spanned in one array: past it the array is spanned whole (and read whole), so a
 * hostile body of millions of tiny elements costs no more than JSON.parse would.
 */
export const MAX_ELEMENTS = 20_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Whitespace as JSON has it. */
const SPACE = new Uint8Array(256);
for (const c of ' \t\n\r') SPACE[c.charCodeAt(0)] = 1;
/** What a number, true, false or null is made of. */
const SCALAR = new Uint8Array(256);
for (const c of '-+.0123456789eEtruefalsn') SCALAR[c.charCodeAt(0)] = 1;

/** How the scanner takes each byte outside strings (anything else is not JSON). */
const BETWEEN = 1; // whitespace, separators, the letters of scalars
const STRING = 2;
const OPENS = 3;
const CLOSES = 4;
const KIND = new Uint8Array(256);
for (const c of ' \t\n\r,:-+.0123456789eEtruefalsn') KIND[c.charCodeAt(0)] = BETWEEN;
KIND[QUOTE] = STRING;
KIND[OPEN_BRACE] = OPENS;
KIND[OPEN_BRACKET] = OPENS;
KIND[CLOSE_BRACE] = CLOSES;
KIND[CLOSE_BRACKET] = CLOSES;

/** The closers a container being stepped over waits for, innermost last (skipValue never nests). */
const closers = new Uint8Array(MAX_DEPTH);

function skipSpace(bytes: Buffer, at: number): number {
  while (at < bytes.length && SPACE[bytes[at]!] === 1) at++;
  return at;
}

/** The end of the string that opens at `at` (a quote), past its closing quote. */
function stringEnd(bytes: Buffer, at: number): number {
  const length = bytes.length;
  let i = at + 1;
  while (i < length) {
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
    i++;
  }
  throw new JsonScanError('Unterminated string', at);
}

/** The end of the value that starts at `at`, stepped over. */
function skipValue(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = at;
    while (i < bytes.length && SCALAR[bytes[i]!] === 1) i++;
    if (i === at) throw new JsonScanError('Unexpected character', at);
    return i;
  }
  // A container: its end is where the closer of its opener is met, outside strings.
  let depth = 0;
  // '{' + 2 is '}', '[' + 2 is ']'.
  closers[depth++] = first + 2;
  const length = bytes.length;
  let i = at + 1;
  while (i < length) {
    const c = bytes[i]!;
    const kind = KIND[c];
    if (kind === BETWEEN) {
      i++;
    } else if (kind === STRING) {
      i = stringEnd(bytes, i);
    } else if (kind === OPENS) {
      if (depth === MAX_DEPTH) throw new JsonScanError('Nested too deep', i);
      closers[depth++] = c + 2;
      i++;
    } else if (kind === CLOSES) {
      if (closers[--depth] !== c) throw new JsonScanError('Mismatched bracket', i);
      i++;
      if (depth === 0) return i;
    } else {
      throw new JsonScanError('Unexpected character', i);
    }
  }
  throw new JsonScanError('Unexpected end', at);
}

/** A member's key, decoded as JSON.parse decodes it. */
function keyOf(bytes: Buffer, start: number, end: number): string {
  for (let i = start + 1; i < end - 1; i++) {
    if (bytes[i] === BACKSLASH) return JSON.parse(bytes.toString('utf8', start, end)) as string;
  }
  return bytes.toString('utf8', start + 1, end - 1);
}

function expect(bytes: Buffer, at: number, what: number) {
  if (bytes[at] !== what) throw new JsonScanError(`Expected '${String.fromCharCode(what)}'`, at);
}

/** The body being scanned, and the one its hints were recorded in. */
interface Scan {
  bytes: Buffer;
  previous: Buffer | null;
}

/**
 * Whether the value at `at` is the one the hint recorded at `hintAt` in the previous body: the same
 * bytes, not running on (a number that only starts the same is another number).
 */
function unchanged(scan: Scan, at: number, hint: { len: number }, hintAt: number): boolean {
  const { bytes, previous } = scan;
  const end = at + hint.len;
  return (
    previous !== null &&
    end <= bytes.length &&
    bytes.compare(previous, hintAt, hintAt + hint.len, at, end) === 0 &&
    SCALAR[bytes[end] ?? 0] !== 1
  );
}

function spanValue(scan: Scan, at: number, plan: JsonPlan, hint?: JsonHint, hintAt = 0): JsonSpan {
  if (hint && unchanged(scan, at, hint, hintAt)) return { start: at, end: at + hint.len, same: true };
  const { bytes } = scan;
  if (plan !== null) {
    if ('members' in plan && bytes[at] === OPEN_BRACE)
      return spanObject(scan, at, plan.members, hint, hintAt);
    if ('element' in plan && bytes[at] === OPEN_BRACKET)
      return spanArray(scan, at, plan.element, hint, hintAt);
  }
  return { start: at, end: skipValue(bytes, at) };
}

function spanObject(
  scan: Scan,
  start: number,
  plan: Readonly<Record<string, JsonPlan>>,
  hint: JsonHint | undefined,
  hintAt: number,
): JsonSpan {
  const { bytes } = scan;
  const members = new Map<string, JsonSpan>();
  const skipped = new Map<string, JsonSpan>();
  let i = skipSpace(bytes, start + 1);
  if (bytes[i] === CLOSE_BRACE) return { start, end: i + 1, members, skipped };
  for (;;) {
    expect(bytes, i, QUOTE);
    const keyEnd = stringEnd(bytes, i);
    const key = keyOf(bytes, i, keyEnd);
    i = skipSpace(bytes, keyEnd);
    expect(bytes, i, COLON);
    i = skipSpace(bytes, i + 1);
    if (Object.hasOwn(plan, key)) {
      const field = hint?.fields?.get(key);
      const member = spanValue(scan, i, plan[key]!, field, field ? hintAt + field.rel : 0);
      members.set(key, member);
      i = member.end;
    } else {
      const before = hint?.skipped?.get(key);
      const end =
        before && unchanged(scan, i, before, hintAt + before.rel) ? i + before.len : skipValue(bytes, i);
      skipped.set(key, { start: i, end });
      i = end;
    }
    i = skipSpace(bytes, i);
    if (bytes[i] === COMMA) {
      i = skipSpace(bytes, i + 1);
      continue;
    }
    expect(bytes, i, CLOSE_BRACE);
    return { start, end: i + 1, members, skipped };
  }
}

/**
 * How many of the array's first elements are its hint's, byte for byte and at the same places: all
 * of them when the array only grew (a live game's plays), else found by halving.
 */
function sameFirst(scan: Scan, start: number, items: ReadonlyArray<JsonHint>, hintAt: number): number {
  const fits = (count: number) => {
    if (count === 0) return true;
    const last = items[count - 1]!;
    return unchanged(scan, start, { len: last.rel + last.len }, hintAt);
  };
  if (fits(items.length)) return items.length;
  let low = 0;
  let high = items.length;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

function spanArray(
  scan: Scan,
  start: number,
  plan: JsonPlan,
  hint: JsonHint | undefined,
  hintAt: number,
): JsonSpan {
  const { bytes } = scan;
  const elements: JsonSpan[] = [];
  const items = scan.previous !== null ? hint?.items : undefined;
  const kept = items && items.length > 0 ? sameFirst(scan, start, items, hintAt) : 0;
  for (let k = 0; k < kept; k++) {
    const item = items![k]!;
    elements.push({ start: start + item.rel, end: start + item.rel + item.len, same: true });
  }
  let i: number;
  if (kept === 0) {
    i = skipSpace(bytes, start + 1);
    if (bytes[i] === CLOSE_BRACKET) return { start, end: i + 1, elements, sameFirst: 0 };
  } else {
    i = skipSpace(bytes, elements[kept - 1]!.end);
    if (bytes[i] === CLOSE_BRACKET) return { start, end: i + 1, elements, sameFirst: kept };
    expect(bytes, i, COMMA);
    i = skipSpace(bytes, i + 1);
  }
  for (;;) {
    if (elements.length === MAX_ELEMENTS) return { start, end: skipValue(bytes, start) };
    const item = items?.[elements.length];
    const element = spanValue(scan, i, plan, item, item ? hintAt + item.rel : 0);
    elements.push(element);
    i = skipSpace(bytes, element.end);
    if (bytes[i] === COMMA) {
      i = skipSpace(bytes, i + 1);
      continue;
    }
    expect(bytes, i, CLOSE_BRACKET);
    return { start, end: i + 1, elements, sameFirst: kept };
  }
}

/**
 * The spans of a JSON body whose value is an object, as the plan asks; null when the body's value is
 * not an object (the caller reads such a body whole). A UTF-8 byte order mark before it is skipped.
 * With a hint (what the last read of the previous body recorded, its root's `rel` being its start in
 * that body), what did not change is compared instead of scanned. Throws JsonScanError when the body
 * is not JSON.
 */
export function scanJsonObject(
  bytes: Buffer,
  plan: { readonly members: Readonly<Record<string, JsonPlan>> },
  hint?: { previous: Buffer; root: JsonHint },
): JsonSpan | null {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  i = skipSpace(bytes, i);
  if (bytes[i] !== OPEN_BRACE) return null;
  const scan: Scan = { bytes, previous: hint?.previous ?? null };
  const span = spanValue(scan, i, plan, hint?.root, hint?.root.rel);
  const rest = skipSpace(bytes, span.end);
  if (rest !== bytes.length) throw new JsonScanError('Unexpected content after the value', rest);
  return span;
}
