import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installNetworkGuard, type NetworkGuard } from '../../../tests/security/network-guard';
import {
  checkAddress,
  createGuardedFetcher,
  decodeBody,
  GuardedFetchError,
  type GuardedFetchErrorKind,
  type Resolver,
} from './guarded-fetch';

// Every real request in this file goes to the loopback server below. Refusals of private, link-local
// and metadata addresses are exercised through a stubbed resolver: the check refuses them before any
// socket is opened, so no packet is ever sent to such an address. Should the check ever let one
// through, the network guard stops the connection before it leaves the machine (and the test fails).

describe('checkAddress', () => {
  const refusedAlways = [
    ['169.254.169.254', 'linkLocal'], // cloud metadata
    ['169.254.0.1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'reserved'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:169.254.169.254', 'linkLocal'], // IPv4-mapped metadata
    ['::a9fe:a9fe', 'linkLocal'], // IPv4-compatible metadata
    ['::2', 'unspecified'], // IPv4-compatible 0.0.0.2
    ['64:ff9b::a9fe:a9fe', 'linkLocal'], // NAT64 of the metadata address
    ['64:ff9b::e000:1', 'multicast'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['not-an-address', 'invalid'],
  ] as const;
  const privateRanges = [
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::1', 'loopback'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'], // AWS IPv6 metadata
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::7f00:1', 'loopback'], // IPv4-compatible 127.0.0.1
    ['::a00:7', 'private'],
    ['::6440:1', 'carrierGradeNat'],
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 of 127.0.0.1
    ['64:ff9b::c0a8:101', 'private'],
  ] as const;
  const publicAddresses = [
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // what DNS64 answers for an IPv4-only site
  ];

  it.each(refusedAlways)('refuses %s (%s), even when private ranges are allowed', (address, range) => {
    expect(checkAddress(address, false)).toEqual({ allowed: false, range });
    expect(checkAddress(address, true)).toEqual({ allowed: false, range });
  });

  it.each(privateRanges)('refuses %s (%s) unless FETCH_ALLOW_PRIVATE', (address, range) => {
    expect(checkAddress(address, false)).toEqual({ allowed: false, range });
    expect(checkAddress(address, true)).toEqual({ allowed: true, range });
  });

  it.each(publicAddresses)('allows the public address %s', (address) => {
    expect(checkAddress(address, false).allowed).toBe(true);
  });

  it('reads bracketed IPv6 and zone ids', () => {
    expect(checkAddress('[::1]', false).allowed).toBe(false);
    expect(checkAddress('fe80::1%eth0', true).range).toBe('linkLocal');
  });
});

/** A loopback server whose answer each test chooses by path. */
let server: Server;
let origin: string;
let port: number;
let guard: NetworkGuard;
const hits: string[] = [];
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

beforeAll(async () => {
  guard = installNetworkGuard();
  server = createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`hello from ${req.url}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  guard.restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Names tests use; anything else is unknown. The real resolver is never asked. */
const stubResolver = vi.fn<Resolver>(async (hostname) => {
  const table: Record<string, string[]> = {
    'fake.test': ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'intranet.test': ['10.0.0.7'],
    'mixed.test': ['93.184.216.34', '192.168.0.10'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'compatible.test': ['::7f00:1'],
    'nat64-metadata.test': ['64:ff9b::a9fe:a9fe'],
  };
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
});

function fetcher(allowPrivate: boolean, extra: { maxBytes?: number; timeoutMs?: number } = {}) {
  return createGuardedFetcher({ allowPrivate, resolver: stubResolver, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

async function expectKind(promise: Promise<unknown>, kind: GuardedFetchErrorKind) {
  const error = await failure(promise);
  expect(error.kind).toBe(kind);
  return error;
}

describe('guarded fetcher: what it refuses before connecting', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://fake.test/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    'gopher://x',
  ])('refuses the scheme of %s', async (url) => {
    const error = await expectKind(fetcher(true)(url), 'scheme');
    expect(error.refused).toBe(true);
    expect(error.message).toBe('Only http and https pages can be read.');
  });

  it('refuses a URL carrying credentials', async () => {
    await expectKind(fetcher(true)(`http://user:pass@fake.test:${port}/`), 'credentials');
  });

  it('refuses loopback by default, even as a literal address', async () => {
    const before = hits.length;
    await expectKind(fetcher(false)(`${origin}/secret`), 'address');
    await expectKind(fetcher(false)(`http://[::1]:${port}/secret`), 'address');
    await expectKind(fetcher(false)(`http://fake.test:${port}/secret`), 'address');
    await expectKind(fetcher(false)(`http://mapped.test:${port}/secret`), 'address');
    const compatible = await expectKind(fetcher(false)(`http://compatible.test:${port}/secret`), 'address');
    expect(compatible.detail).toBe('::7f00:1 (loopback)');
    await expectKind(fetcher(false)(`http://[::7f00:1]:${port}/secret`), 'address');
    await expectKind(fetcher(false)(`http://[::127.0.0.1]:${port}/secret`), 'address');
    expect(hits.length).toBe(before); // nothing reached the server
    expect(guard.refused).toEqual([]); // nor tried to leave loopback
  });

  it('refuses names resolving to link-local (metadata) and private addresses', async () => {
    const metadata = await expectKind(fetcher(false)('http://metadata.test/latest/meta-data/'), 'address');
    expect(metadata.detail).toBe('169.254.169.254 (linkLocal)');
    expect(metadata.message).toBe('This address points to a private or local network and cannot be read.');
    await expectKind(fetcher(false)('http://intranet.test/'), 'address');
    // FETCH_ALLOW_PRIVATE opens private ranges for the fakes, never the metadata range.
    await expectKind(fetcher(true)('http://metadata.test/latest/meta-data/'), 'address');
    // Literal metadata addresses, plain or obfuscated as URL parsers normalise them.
    await expectKind(fetcher(true)('http://169.254.169.254/'), 'address');
    await expectKind(fetcher(true)('http://0xa9fea9fe/'), 'address');
    await expectKind(fetcher(true)('http://[::ffff:a9fe:a9fe]/'), 'address');
    await expectKind(fetcher(true)('http://[::a9fe:a9fe]/'), 'address');
    await expectKind(fetcher(true)('http://[64:ff9b::a9fe:a9fe]/'), 'address');
    await expectKind(fetcher(true)('http://nat64-metadata.test/latest/meta-data/'), 'address');
    expect(guard.refused).toEqual([]);
  });

  it('refuses a name when any of its addresses is private', async () => {
    await expectKind(fetcher(false)('http://mixed.test/'), 'address');
  });

  it('reports a name that does not resolve', async () => {
    await expectKind(fetcher(true)('http://nowhere.test/'), 'dns');
  });
});

describe('guarded fetcher: requests to a loopback fake with FETCH_ALLOW_PRIVATE', () => {
  it('reads a page and its headers', async () => {
    routes.set('/page', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
      res.end('<h1>Hi</h1>');
    });
    const answer = await fetcher(true)(`${origin}/page`);
    expect(answer.status).toBe(200);
    expect(answer.text()).toBe('<h1>Hi</h1>');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.url).toBe(`${origin}/page`);
  });

  it('connects to the address it checked, without a second lookup', async () => {
    // fake.test exists only in the stub: the request can only succeed on the pinned address.
    const answer = await fetcher(true)(`http://fake.test:${port}/pinned`);
    expect(answer.text()).toBe('hello from /pinned');
    expect(hits.at(-1)).toBe(`fake.test:${port}/pinned`);
  });

  it('follows redirects and re-checks each hop', async () => {
    routes.set('/hop1', (_req, res) => {
      res.writeHead(302, { location: '/hop2' });
      res.end();
    });
    routes.set('/hop2', (_req, res) => {
      res.writeHead(301, { location: `http://fake.test:${port}/final` });
      res.end();
    });
    const answer = await fetcher(true)(`${origin}/hop1`);
    expect(answer.text()).toBe('hello from /final');
    expect(answer.url).toBe(`http://fake.test:${port}/final`);
    expect(answer.redirects).toEqual([`${origin}/hop1`, `${origin}/hop2`, `http://fake.test:${port}/final`]);
  });

  it('refuses a redirect into the metadata range, a private network or another scheme', async () => {
    routes.set('/to-metadata', (_req, res) => {
      res.writeHead(302, { location: 'http://metadata.test/latest/meta-data/iam' });
      res.end();
    });
    routes.set('/to-metadata-literal', (_req, res) => {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    routes.set('/to-file', (_req, res) => {
      res.writeHead(301, { location: 'file:///etc/passwd' });
      res.end();
    });
    await expectKind(fetcher(true)(`${origin}/to-metadata`), 'address');
    await expectKind(fetcher(true)(`${origin}/to-metadata-literal`), 'address');
    await expectKind(fetcher(true)(`${origin}/to-file`), 'scheme');
  });

  it('gives up after too many redirects', async () => {
    routes.set('/loop', (_req, res) => {
      res.writeHead(302, { location: '/loop' });
      res.end();
    });
    const error = await expectKind(fetcher(true)(`${origin}/loop`), 'redirects');
    expect(error.refused).toBe(false);
  });

  it('refuses an answer declared larger than the cap', async () => {
    routes.set('/declared-large', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2048) });
      res.end('x'.repeat(2048));
    });
    await expectKind(fetcher(true, { maxBytes: 1024 })(`${origin}/declared-large`), 'too_large');
  });

  it('stops reading a chunked answer once it passes the cap', async () => {
    routes.set('/streamed-large', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 64; i++) res.write('y'.repeat(1024));
      res.end();
    });
    await expectKind(fetcher(true, { maxBytes: 8 * 1024 })(`${origin}/streamed-large`), 'too_large');
  });

  it('caps the decompressed size (a small gzip that expands past the cap)', async () => {
    const bomb = gzipSync(Buffer.alloc(1024 * 1024, 0x61));
    routes.set('/bomb', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    expect(bomb.length).toBeLessThan(8 * 1024);
    await expectKind(fetcher(true, { maxBytes: 64 * 1024 })(`${origin}/bomb`), 'too_large');
  });

  it('decompresses gzip within the cap', async () => {
    routes.set('/gzip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' });
      res.end(gzipSync('compressed text'));
    });
    expect((await fetcher(true)(`${origin}/gzip`)).text()).toBe('compressed text');
  });

  it('times out when the headers never come', async () => {
    routes.set('/silent', () => {
      // never answers
    });
    await expectKind(fetcher(true, { timeoutMs: 150 })(`${origin}/silent`), 'timeout');
  });

  it('times out when the body stalls', async () => {
    routes.set('/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('start');
    });
    await expectKind(fetcher(true, { timeoutMs: 150 })(`${origin}/stall`), 'timeout');
  });

  it('can stop after the headers', async () => {
    routes.set('/headers-only', (_req, res) => {
      res.writeHead(200, { 'content-security-policy': "frame-ancestors 'none'" });
      res.write('start'); // the body never ends; the fetcher must not wait for it
    });
    const answer = await fetcher(true, { timeoutMs: 2000 })(`${origin}/headers-only`, { readBody: false });
    expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(answer.body.length).toBe(0);
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expectKind(fetcher(true)(`http://127.0.0.1:${closedPort}/`), 'network');
  });
});

describe('decodeBody', () => {
  it('uses the charset of Content-Type, then a meta charset, then UTF-8', () => {
    const latin1 = Buffer.from('caf\xe9', 'latin1');
    expect(decodeBody(latin1, 'text/html; charset=ISO-8859-1')).toBe('café');
    const meta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect(decodeBody(meta, 'text/html')).toBe('<meta charset="windows-1252">café');
    expect(decodeBody(Buffer.from('café'), null)).toBe('café');
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=bogus-charset')).toBe('café');
  });

  it('reads a feed’s encoding from its XML declaration when the header names none', () => {
    const prolog = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>\n<rss><title>`;
    const latin1 = Buffer.concat([
      Buffer.from(prolog('ISO-8859-1')),
      Buffer.from('M\xe3e de utente \xe9', 'latin1'),
    ]);
    expect(decodeBody(latin1, 'application/rss+xml')).toContain('<title>Mãe de utente é');
    // windows-1251: "Новости" (news).
    const cyrillic = Buffer.concat([
      Buffer.from(`  \r\n${prolog('windows-1251')}`),
      Buffer.from([0xcd, 0xee, 0xe2, 0xee, 0xf1, 0xf2, 0xe8]),
    ]);
    expect(decodeBody(cyrillic, 'text/xml')).toContain('<title>Новости');
    // The header wins over the declaration; a mark wins over both.
    expect(decodeBody(latin1, 'text/xml; charset=utf-8')).toContain('M\ufffde');
    const marked = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${prolog('UTF-16')}Ünïcode`, 'utf16le'),
    ]);
    expect(decodeBody(marked, 'text/xml; charset=iso-8859-1')).toBe(`${prolog('UTF-16')}Ünïcode`);
    // UTF-16 without a mark, known by its first bytes; a UTF-16 label on 8-bit bytes reads as UTF-8.
    expect(decodeBody(Buffer.from(`${prolog('UTF-16')}é`, 'utf16le'), null)).toBe(`${prolog('UTF-16')}é`);
    expect(decodeBody(Buffer.from(`${prolog('utf-16')}é`), null)).toBe(`${prolog('utf-16')}é`);
    // A made-up label falls through to the next source.
    expect(decodeBody(Buffer.from(`${prolog('x-nonsense')}é`), 'text/xml; charset=nope')).toContain('é');
  });
});

describe('guarded fetcher: vet (URLs handed to a third party that fetches them)', () => {
  it('runs the same checks without connecting', async () => {
    const before = hits.length;
    await expect(fetcher(true).vet(`http://fake.test:${port}/ok`)).resolves.toBeUndefined();
    await expect(fetcher(false).vet('http://metadata.test/')).rejects.toMatchObject({ kind: 'address' });
    await expect(fetcher(true).vet('file:///etc/passwd')).rejects.toMatchObject({ kind: 'scheme' });
    expect(hits.length).toBe(before);
  });
});
