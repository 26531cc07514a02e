/**
 * The one way the server fetches a URL it did not choose itself: page
 * content, the frame check and news feeds. It refuses anything but http/https, resolves the host once,
 * refuses loopback, private, link-local (cloud metadata), CGNAT, multicast, unspecified and reserved
 * addresses (IPv4 and IPv6, IPv6 forms carrying an IPv4 address included), then connects to exactly
 * the address it checked, so a second DNS answer cannot point the connection somewhere else (DNS
 * rebinding). Redirects are followed by hand and checked again; the body has a size cap and the whole
 * fetch a deadline.
 *
 * FETCH_ALLOW_PRIVATE (tests only) lets it reach loopback and private ranges, where the local fakes
 * listen; link-local, multicast and the rest stay refused even then.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import ipaddr from 'ipaddr.js';

export const GUARDED_FETCH_DEFAULTS = {
  /** Largest body read, after decompression. */
  maxBytes: 5 * 1024 * 1024,
  /** Deadline for the whole fetch, redirects included. */
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: 'TechTouchdown/1.0 (+https://github.com/tech-touchdown; page reader)',
} as const;

/** One resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (tests stub it; the default asks the system resolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export type GuardedFetchErrorKind =
  /** Refused by policy before any packet was sent to the target. */
  | 'scheme'
  | 'credentials'
  | 'address'
  /** Failed while fetching. */
  | 'dns'
  | 'redirects'
  | 'too_large'
  | 'timeout'
  | 'network';

const MESSAGES: Record<GuardedFetchErrorKind, string> = {
  scheme: 'Only http and https pages can be read.',
  credentials: 'Addresses with a user name or password cannot be read.',
  address: 'This address points to a private or local network and cannot be read.',
  dns: 'The site could not be found.',
  redirects: 'The page redirected too many times.',
  too_large: 'The page is too large to read.',
  timeout: 'The page took too long to answer.',
  network: 'The page could not be reached.',
};

/** A refused or failed guarded fetch; `refused` is true when policy stopped it before connecting. */
export class GuardedFetchError extends Error {
  constructor(
    readonly kind: GuardedFetchErrorKind,
    readonly url: string,
    options: { cause?: unknown; detail?: string } = {},
  ) {
    super(MESSAGES[kind], { cause: options.cause });
    this.name = 'GuardedFetchError';
    this.detail = options.detail;
  }

  readonly detail: string | undefined;

  get refused(): boolean {
    return this.kind === 'scheme' || this.kind === 'credentials' || this.kind === 'address';
  }
}

/** Ranges FETCH_ALLOW_PRIVATE opens (where tests' fakes listen); every other non-unicast range stays shut. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/**
 * IPv6 blocks whose last 32 bits are an IPv4 address that traffic may end up at: IPv4-compatible
 * (::/96, deprecated, yet automatic tunnelling still sends `::7f00:1` to 127.0.0.1) and the
 * well-known NAT64 prefix (a NAT64 gateway forwards 64:ff9b::a9fe:a9fe to 169.254.169.254).
 * IPv4-mapped (::ffff:0:0/96) is the third, recognised on its own. The other blocks that carry IPv4
 * addresses (6to4, Teredo, local-use NAT64 64:ff9b:1::/48, IPv4-translated ::ffff:0:0:0/96) have
 * range names of their own and are refused outright.
 */
const IPV4_CARRYING_BLOCKS = [ipaddr.parseCIDR('::/96'), ipaddr.parseCIDR('64:ff9b::/96')] as const;

/** The IPv4 address an IPv6 address stands for, or null when it stands for none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  // :: and ::1 are in ::/96 but are IPv6's own unspecified and loopback addresses.
  const own = address.range();
  if (own === 'unspecified' || own === 'loopback') return null;
  if (!IPV4_CARRYING_BLOCKS.some((block) => address.match(block))) return null;
  return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
}

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's range name ('unicast', 'loopback', 'linkLocal', …), of the embedded IPv4 address when there is one. */
  range: string;
}

/**
 * Whether the server may connect to `address`. Only globally routed unicast addresses pass, plus
 * loopback/private/unique-local/CGNAT when `allowPrivate`. An IPv6 address that carries an IPv4 one
 * (IPv4-mapped, IPv4-compatible, well-known NAT64) is judged as that IPv4 address.
 */
export function checkAddress(address: string, allowPrivate = false): AddressVerdict {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  // An IPv6 zone ('%eth0') is cut at its '%' (a /%.*$/ would rescan a run of '%' from each of them).
  const zone = unbracketed.indexOf('%');
  const bare = zone < 0 ? unbracketed : unbracketed.slice(0, zone);
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, range };
  return { allowed: allowPrivate && PRIVATE_RANGES.has(range), range };
}

export interface GuardedFetchOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface GuardedRequest {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** false: stop after the headers (the frame check needs no body). Default true. */
  readBody?: boolean;
  /** Overrides the fetcher's cap for this request. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** The decompressed body (empty when readBody is false or for HEAD). */
  body: Buffer;
  /** Every URL visited, the first one included. */
  redirects: string[];
  /** The body decoded in the encoding it declares: a byte-order mark, Content-Type, the document's own
   * declaration (XML encoding, HTML <meta charset>), else UTF-8. */
  text(): string;
}

export interface GuardedFetcher {
  (url: string, request?: GuardedRequest): Promise<GuardedResponse>;
  /**
   * Runs the checks alone (scheme, credentials, resolved addresses) without connecting: for URLs
   * handed to a third party that fetches them itself (Jina Reader, Exa).
   */
  vet(url: string): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Builds the guarded fetcher; `allowPrivate` comes from FETCH_ALLOW_PRIVATE. */
export function createGuardedFetcher(options: GuardedFetchOptions): GuardedFetcher {
  const resolver = options.resolver ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  const userAgent = options.userAgent ?? GUARDED_FETCH_DEFAULTS.userAgent;

  /** Checks a URL and returns the one address to connect to. */
  async function vet(raw: string): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch (cause) {
      throw new GuardedFetchError('scheme', raw, { cause, detail: 'not a URL' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new GuardedFetchError('scheme', raw, { detail: url.protocol });
    }
    if (url.username || url.password) throw new GuardedFetchError('credentials', raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (ipaddr.isValid(host)) {
      addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
    } else {
      try {
        addresses = await resolver(host);
      } catch (cause) {
        throw new GuardedFetchError('dns', raw, { cause, detail: host });
      }
      if (addresses.length === 0) throw new GuardedFetchError('dns', raw, { detail: host });
    }
    // Every address must pass: a host that also resolves to a private one is refused outright.
    for (const candidate of addresses) {
      const verdict = checkAddress(candidate.address, options.allowPrivate);
      if (!verdict.allowed) {
        throw new GuardedFetchError('address', raw, { detail: `${candidate.address} (${verdict.range})` });
      }
    }
    return { url, addresses };
  }

  const guardedFetch = async function guardedFetch(raw: string, request: GuardedRequest = {}) {
    const method = request.method ?? 'GET';
    const readBody = request.readBody !== false && method !== 'HEAD';
    const maxBytes = request.maxBytes ?? options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const visited: string[] = [];
    let current = raw;

    for (let hop = 0; ; hop++) {
      const { url, addresses } = await vet(current);
      visited.push(url.toString());
      const response = await send(url, addresses, method, request.headers ?? {}, signal, userAgent, raw);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= maxRedirects)
          throw new GuardedFetchError('redirects', raw, { detail: visited.join(' → ') });
        current = new URL(location, url).toString();
        continue;
      }
      const headers = toHeaders(response);
      let body: Buffer = Buffer.alloc(0);
      if (readBody) {
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          throw new GuardedFetchError('too_large', raw, { detail: `content-length ${declared}` });
        }
        body = await readLimited(response, maxBytes, signal, raw);
      } else {
        response.destroy();
      }
      const finalUrl = url.toString();
      return {
        url: finalUrl,
        status: response.statusCode ?? 0,
        headers,
        body,
        redirects: visited,
        text: () => decodeBody(body, headers.get('content-type')),
      };
    }
  };
  return Object.assign(guardedFetch, {
    vet: async (raw: string) => {
      await vet(raw);
    },
  });
}

function send(
  url: URL,
  addresses: ResolvedAddress[],
  method: string,
  extraHeaders: Record<string, string>,
  signal: AbortSignal,
  userAgent: string,
  original: string,
): Promise<IncomingMessage> {
  // Connect to vetted addresses only: the socket never asks DNS again. Every address was checked,
  // so all are offered (Node tries them in turn, e.g. ::1 then 127.0.0.1 for localhost).
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  };
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal, original));
      return;
    }
    const req = requestFn(url, {
      method,
      lookup: pinnedLookup,
      headers: {
        'user-agent': userAgent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
        ...extraHeaders,
      },
      signal,
    });
    req.once('response', resolve);
    req.once('error', (cause) => {
      reject(
        signal.aborted ? abortError(signal, original) : new GuardedFetchError('network', original, { cause }),
      );
    });
    req.end();
  });
}

function abortError(signal: AbortSignal, url: string): GuardedFetchError {
  const reason = signal.reason as { name?: string } | undefined;
  return new GuardedFetchError(reason?.name === 'TimeoutError' ? 'timeout' : 'network', url, {
    cause: reason,
  });
}

function decompressor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

/** Reads the body, decompressed, refusing once it passes `maxBytes` (which also stops zip bombs). */
function readLimited(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  url: string,
): Promise<Buffer> {
  const inflate = decompressor(response.headers['content-encoding']);
  const source = inflate ? response.pipe(inflate) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: GuardedFetchError) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      response.destroy();
      inflate?.destroy();
      reject(error);
    };
    const onAbort = () => fail(abortError(signal, url));
    signal.addEventListener('abort', onAbort, { once: true });
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        fail(new GuardedFetchError('too_large', url, { detail: `more than ${maxBytes} bytes` }));
        return;
      }
      chunks.push(chunk);
    });
    source.once('end', () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
    source.once('error', (cause) => fail(new GuardedFetchError('network', url, { cause })));
    response.once('aborted', () => fail(new GuardedFetchError('network', url, { detail: 'connection cut' })));
  });
}

function toHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, item);
      } catch {
        // A header value Headers will not hold (bad bytes) is dropped rather than failing the page.
      }
    }
  }
  return headers;
}

// Where a body's encoding is read from, in the order browsers and XML readers use (the Encoding and XML
// standards): a byte-order mark, the charset of Content-Type, the document's own declaration near its
// top (an XML declaration's encoding, or HTML's <meta charset>), else UTF-8. Many servers send feeds
// with no charset at all, so the declaration is often the only word on a Latin-1 or windows-1251 feed.
const DECLARATION_SEARCH_BYTES = 1024;

function bomEncoding(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function headerCharset(contentType: string | null): string | undefined {
  return /charset=["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
}

function declaredCharset(body: Buffer): string | undefined {
  // UTF-16 without a mark still starts with '<?' two bytes a character.
  if (body[0] === 0x3c && body[1] === 0x00 && body[2] === 0x3f && body[3] === 0x00) return 'utf-16le';
  if (body[0] === 0x00 && body[1] === 0x3c && body[2] === 0x00 && body[3] === 0x3f) return 'utf-16be';
  const head = body.subarray(0, DECLARATION_SEARCH_BYTES).toString('latin1');
  const start = head.indexOf('<?xml');
  if (start >= 0 && head.slice(0, start).trim() === '') {
    const end = head.indexOf('?>', start);
    const declaration = head.slice(start, end < 0 ? undefined : end);
    const label = /\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(declaration)?.[1];
    // Read as 8-bit text, the document is not UTF-16 whatever it says: its bytes are ASCII's.
    if (label) return /^utf-?16/i.test(label) ? 'utf-8' : label;
  }
  return /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
}

/** A decoder for the label, or null when no decoder knows it (a made-up or misspelt charset). */
function decoderFor(label: string | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * The body's text in the encoding it declares (a mark, the header, the document itself). One that
 * declares none is UTF-8, unless its bytes are not: then it is taken for windows-1252, the encoding
 * old servers wrote Latin-1 text in without saying so.
 */
export function decodeBody(body: Buffer, contentType: string | null): string {
  const decoder =
    decoderFor(bomEncoding(body)) ??
    decoderFor(headerCharset(contentType)) ??
    decoderFor(declaredCharset(body));
  if (decoder) return decoder.decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
