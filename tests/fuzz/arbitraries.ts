/**
 * Hostile inputs for the fuzz tests: malformed, oversized and type-confused values, bodies built from
 * a valid example with one field broken, keys that target prototypes or identity, raw text that is
 * not JSON at all, and path and query strings with broken escapes.
 */
import fc from 'fast-check';

/** Strings an attacker tries: scripts, traversal, SSRF targets, injections, control characters. */
export const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\uD800', // a lone surrogate
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:6379/',
  'http://[::1]/',
  'http://0x7f000001/',
  'gopher://127.0.0.1:6379/_FLUSHALL',
  '${jndi:ldap://x}',
  "' OR '1'='1",
  '{"$gt":""}',
  '*\r\nFLUSHALL\r\n',
  '%00',
  '1-1',
  '0-0',
  '99999999999999999999-1',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'admin',
  // Near misses of the chat's six reactions (skin tone, variation selector, joiner) and another emoji.
  '👍🏽',
  '🔥\uFE0F',
  '👍\u200D',
  '💩',
  // Mentions and hash tags: a lone @, doubled, and braces that would move a key to another shard.
  '@',
  '@@admin',
  '{game}',
  'g}{x',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...SPECIAL_STRINGS),
  // Past every field's limit (500-character messages, 2048-character URLs, 20,000-character prompts).
  fc.integer({ min: 501, max: 3000 }).map((n) => 'x'.repeat(n)),
  fc.constant(`http://example.com/${'a'.repeat(2100)}`),
  fc.constant('p'.repeat(20_001)),
);

/**
 * Pieces that, repeated, make careless regular expressions and parsers super-linear: runs of blanks
 * with no newline after them, brackets and parentheses that never close, tags opened and never
 * closed or nested without end, character references, and the separators of e-mail addresses,
 * paths and sentences.
 */
export const PATHOLOGICAL_PIECES = [
  ' ',
  '\t',
  ' \n',
  '\t \r\n',
  '<head',
  '<div>',
  '<b><i>',
  '<table><tr><td>',
  '<',
  '</',
  '<!--',
  '[',
  '![',
  '](',
  '[](',
  '(',
  '-',
  '@',
  '/',
  '%',
  '&amp;',
  '`',
  '#',
  'Mr. ',
  'A. ',
  '"',
] as const;

/**
 * One pathological piece repeated to a length between minLength and maxLength (spread evenly over the
 * orders of magnitude, so megabyte sizes come up as often as kilobyte ones), sometimes after a line of
 * text and ended by a character the run does not continue with.
 */
export function pathologicalText(lengths: { minLength: number; maxLength: number }): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...PATHOLOGICAL_PIECES),
      fc.double({ min: Math.log(lengths.minLength), max: Math.log(lengths.maxLength), noNaN: true }),
      fc.constantFrom('', 'Kick-off at Arrowhead. '),
      fc.constantFrom('', 'x', '\n', ')', ']', '>', ' '),
    )
    .map(([piece, logLength, prefix, suffix]) => {
      const length = Math.max(
        lengths.minLength,
        Math.round(Math.exp(logLength)) - prefix.length - suffix.length,
      );
      return `${prefix}${piece.repeat(Math.ceil(length / piece.length)).slice(0, length)}${suffix}`;
    });
}

const hostileNumber = fc.oneof(
  fc.constantFrom(-0, -1, 0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 101, 501),
  fc.double(), // NaN and infinities become null in JSON
  fc.integer(),
);

/** Any JSON value, weighted towards the confusing ones. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 12 }),
  fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 4 }),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

/** Keys aimed at prototypes and at identity (the server takes identity from the session only). */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'login',
  'username',
  'role',
  'userId',
  'id',
];

/** A JSON body: its raw text as sent, and what JSON.parse makes of it (undefined when it is no JSON). */
export interface RawBody {
  raw: string;
  parsed: unknown;
}

const asBody = (value: unknown): RawBody => {
  const raw = JSON.stringify(value) ?? 'null';
  return { raw, parsed: JSON.parse(raw) as unknown };
};

/** Inserts `"key": value` as raw JSON text (so '__proto__' stays a plain key, as a client sends it). */
function withKey(example: Record<string, unknown>, key: string, value: unknown): RawBody {
  const base = JSON.stringify(example);
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  const raw = base === '{}' ? `{${extra}}` : `${base.slice(0, -1)},${extra}}`;
  return { raw, parsed: JSON.parse(raw) as unknown };
}

/** Bodies near a valid example: one field replaced, one removed, a hostile key added, or nested deep. */
export function bodiesLike(example: Record<string, unknown>): fc.Arbitrary<RawBody> {
  const keys = Object.keys(example);
  const variants: fc.Arbitrary<RawBody>[] = [
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS), junk).map(([key, value]) => withKey(example, key, value)),
    fc.integer({ min: 20, max: 5000 }).map((depth) => ({
      raw: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      parsed: undefined,
    })),
  ];
  if (keys.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...keys), junk).map(([key, value]) => asBody({ ...example, [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const copy = { ...example };
        delete copy[key];
        return asBody(copy);
      }),
      fc
        .tuple(fc.constantFrom(...keys), fc.constantFrom(...keys), junk, junk)
        .map(([a, b, x, y]) => asBody({ ...example, [a]: x, [b]: y })),
    );
  }
  return fc.oneof(...variants);
}

/** Whole bodies: any JSON value, bodies near the example, or text that is not JSON. */
export function hostileBodies(example: Record<string, unknown>): fc.Arbitrary<RawBody> {
  return fc.oneof(
    junk.map(asBody),
    bodiesLike(example),
    bodiesLike(example),
    fc
      .oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          "{'a':1}",
          '{"a":1}}',
          'undefined',
          'NaN',
          '\u0000{}',
          '{"a":1,}',
        ),
      )
      .map((raw) => {
        try {
          return { raw, parsed: JSON.parse(raw) as unknown };
        } catch {
          return { raw, parsed: undefined };
        }
      }),
  );
}

/** A path segment: printable junk (escaped), or broken escapes sent as they are. */
export const hostileSegment: fc.Arbitrary<string> = fc
  .oneof(
    hostileString
      .filter((s) => s.length > 0)
      .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
    fc.constantFrom('%', '%zz', '%C0%AF', '%E0%A4%A', '..%2F..%2F', '%2e%2e', 'a%00b', '%F0%9F%92'),
  )
  .filter((segment) => segment.length > 0);

/** A query string: known and unknown names with junk values, repeated names, broken escapes. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...names, '__proto__', 'constructor'), fc.string({ maxLength: 8 }));
  const value = fc.oneof(
    hostileString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
    fc.constantFrom('%', '%zz', '%C0%AF', '[]', 'a[b]=c', '%5B%5D'),
  );
  return fc
    .array(
      fc.tuple(name, value).map(([n, v]) => `${encodeURIComponent(n)}=${v}`),
      { minLength: 1, maxLength: 5 },
    )
    .map((pairs) => pairs.join('&'));
}

/**
 * One step of a socket's life in the game rooms, for interleaving tests: which socket (`slot`), what
 * it does, in which game (an index), and for `unread` which games it follows (indexes).
 */
export interface RoomRequest {
  slot: number;
  action: 'join' | 'leave' | 'unread' | 'moderation-log' | 'disconnect' | 'pause';
  game: number;
  games: number[];
}

/**
 * Sequences of room requests from several sockets in any order: joins and leaves of a few games
 * (often the same one), following unread counts, opening the moderation log, and disconnects at any
 * point, weighted towards joins and leaves. A `pause` lets the requests sent so far go out before
 * the next ones, so a disconnect or a leave can also reach the server while a handler is under way.
 */
export function roomRequests(counts: { sockets: number; games: number }): fc.Arbitrary<RoomRequest[]> {
  const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
  const request: fc.Arbitrary<RoomRequest> = fc.record({
    slot: index(counts.sockets),
    action: fc.oneof(
      { weight: 4, arbitrary: fc.constant('join' as const) },
      { weight: 4, arbitrary: fc.constant('leave' as const) },
      { weight: 1, arbitrary: fc.constant('unread' as const) },
      { weight: 1, arbitrary: fc.constant('moderation-log' as const) },
      { weight: 1, arbitrary: fc.constant('disconnect' as const) },
      { weight: 1, arbitrary: fc.constant('pause' as const) },
    ),
    game: index(counts.games),
    games: fc.uniqueArray(index(counts.games), { maxLength: counts.games }),
  });
  return fc.array(request, { minLength: 1, maxLength: 30 });
}

/** One reaction toggle for interleaving tests: from which tab (an index), which emoji (an index), on or off. */
export interface ReactionToggle {
  tab: number;
  emoji: number;
  reacted: boolean;
  /** Let what was sent so far go out before this one. */
  pause: boolean;
}

/** Toggles from several tabs in any order, often on the same emoji, some changing nothing. */
export function reactionToggles(counts: { tabs: number; emojis: number }): fc.Arbitrary<ReactionToggle[]> {
  const toggle = fc.record({
    tab: fc.integer({ min: 0, max: counts.tabs - 1 }),
    emoji: fc.integer({ min: 0, max: counts.emojis - 1 }),
    reacted: fc.boolean(),
    pause: fc.oneof(
      { weight: 4, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
  return fc.array(toggle, { minLength: 1, maxLength: 20 });
}
