/**
 * SSRF through every URL-taking endpoint: /api/jina (embedded reader and Jina Reader),
 * /api/exa/get-contents and /api/exa/find-similar (local index and Exa), /api/content/frame-check and
 * /api/game/process. Private, loopback, link-local (cloud metadata), CGNAT and unique-local targets are
 * refused on the address check, whether written as literals in any notation or behind a host name.
 * Names resolve through a stubbed resolver, a tripwire stops any connection that would leave loopback
 * (tests/security/network-guard.ts), and a canary server on loopback proves nothing reached it: no
 * packet is ever sent to such an address. The app runs as deployed (FETCH_ALLOW_PRIVATE unset).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScoreboardResponse } from '@shared/schemas/sports';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { FAKE_EXA_API_KEY, startFakeExa, type FakeExa } from '../fakes/exa';
import { FAKE_JINA_API_KEY, startFakeJina, type FakeJina } from '../fakes/jina';
import { signIn } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { installNetworkGuard, type NetworkGuard } from '../security/network-guard';

/** The stubbed resolver: every name an attacker might register, and where it points. */
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'metadata.attacker.test': ['169.254.169.254'],
  'v6-metadata.attacker.test': ['fd00:ec2::254'],
  'intranet.attacker.test': ['10.0.0.7'],
  'rebind.attacker.test': ['127.0.0.1'],
  'mixed.attacker.test': ['93.184.216.34', '192.168.0.10'],
  'nat64.attacker.test': ['64:ff9b::a9fe:a9fe'],
  'mapped.attacker.test': ['::ffff:169.254.169.254'],
  'cgnat.attacker.test': ['100.64.0.1'],
};
const asked: string[] = [];
vi.mock('node:dns/promises', () => {
  const lookup = async (hostname: string, options?: { all?: boolean }) => {
    asked.push(hostname);
    const addresses = DNS[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const answers = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return options?.all ? answers : answers[0];
  };
  return { lookup, default: { lookup } };
});

let guard: NetworkGuard;
let canary: Server;
let canaryHits = 0;
let port: number;
let espn: FakeEspn;
let exa: FakeExa;
let jina: FakeJina;
const apps: TestApp[] = [];

beforeAll(async () => {
  guard = installNetworkGuard();
  // What an attacker would love to reach on the server's own machine.
  canary = createServer((_req, res) => {
    canaryHits++;
    res.end('secret');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  port = (canary.address() as AddressInfo).port;
  espn = await startFakeEspn();
  exa = await startFakeExa();
  jina = await startFakeJina({ apiKey: FAKE_JINA_API_KEY });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await espn?.close();
  await exa?.close();
  await jina?.close();
  await new Promise((resolve) => canary?.close(resolve));
  guard?.restore();
});

/** Every way to write an address the server must not fetch. */
const targets = () => [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/admin',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  `http://127.0.0.1:${port}/`,
  `http://localhost:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://2130706433:${port}/`, // decimal 127.0.0.1
  `http://0x7f000001:${port}/`, // hexadecimal
  `http://0177.0.0.1:${port}/`, // octal
  `http://127.1:${port}/`, // short form
  `http://rebind.attacker.test:${port}/`,
  'http://metadata.attacker.test/latest/meta-data/',
  'http://v6-metadata.attacker.test/',
  'http://intranet.attacker.test/',
  'http://mixed.attacker.test/',
  'http://nat64.attacker.test/',
  'http://mapped.attacker.test/',
  'http://cgnat.attacker.test/',
];

async function start(env: Record<string, string>) {
  const app = await startTestApp({
    storeKind: 'memory',
    env: { NEWS_FEEDS: '', ESPN_BASE_URL: espn.url, ...env },
  });
  apps.push(app);
  const { client } = await signIn(app, 'attacker');
  return { app, client };
}

type Answer = { status: number; body: { error?: { code: string; message: string } } };
const answer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: (await response.json()) as Answer['body'],
});

/** Refused on the address check: 400 url_refused, nothing contacted. */
function expectRefused(result: Answer, url: string) {
  expect({ url, status: result.status, code: result.body.error?.code }).toEqual({
    url,
    status: 400,
    code: 'url_refused',
  });
}

function expectNothingReached() {
  expect(guard.refused).toEqual([]);
  expect(canaryHits).toBe(0);
}

describe('SSRF through the URL-taking endpoints, with the embedded reader and the local index', () => {
  let client: Awaited<ReturnType<typeof start>>['client'];
  beforeAll(async () => {
    ({ client } = await start({}));
  });

  it('refuses POST /api/jina for every private, loopback and metadata target', async () => {
    for (const url of targets()) expectRefused(await answer(await client.json('/api/jina', { url })), url);
    expectNothingReached();
  });

  it('refuses GET /api/content/frame-check for the same targets', async () => {
    for (const url of targets()) {
      const result = await answer(
        await client.request(`/api/content/frame-check?url=${encodeURIComponent(url)}`),
      );
      expectRefused(result, url);
    }
    expectNothingReached();
  });

  it('refuses POST /api/exa/get-contents for the same targets, alone or beside a public page', async () => {
    for (const url of targets()) {
      const result = await answer(await client.json('/api/exa/get-contents', { urls: [url] }));
      expectRefused(result, url);
    }
    expectNothingReached();
  });

  it('answers POST /api/exa/find-similar from the index without fetching the URL', async () => {
    const before = asked.length;
    for (const url of targets()) {
      const result = await answer(await client.json('/api/exa/find-similar', { url }));
      expect(result.status).toBe(200);
    }
    // No name was even looked up: the local index compares text, it fetches nothing.
    expect(asked.length).toBe(before);
    expectNothingReached();
  });

  it('refuses URLs with credentials and schemes other than http(s)', async () => {
    const refusedBySchema = [
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'ftp://10.0.0.1/',
      'dict://x:11211/',
    ];
    for (const url of refusedBySchema) {
      const result = await answer(await client.json('/api/jina', { url }));
      expect(result.status).toBe(400);
    }
    const withCredentials = await answer(
      await client.json('/api/jina', { url: 'http://admin:hunter2@metadata.attacker.test/' }),
    );
    expectRefused(withCredentials, 'credentials');
    expectNothingReached();
  });
});

describe('SSRF with Jina Reader and Exa, which fetch on their side', () => {
  let client: Awaited<ReturnType<typeof start>>['client'];
  beforeAll(async () => {
    ({ client } = await start({
      JINA_API_KEY: FAKE_JINA_API_KEY,
      JINA_READER_URL: jina.url,
      EXA_API_KEY: FAKE_EXA_API_KEY,
      EXA_BASE_URL: exa.url,
    }));
  });

  it('never hands a private target to Jina Reader', async () => {
    for (const url of targets()) expectRefused(await answer(await client.json('/api/jina', { url })), url);
    expect(jina.requests).toEqual([]);
    expectNothingReached();
  });

  it('never hands a private target to Exa, for contents or for similar pages', async () => {
    for (const url of targets()) {
      expectRefused(await answer(await client.json('/api/exa/get-contents', { urls: [url] })), url);
      expectRefused(await answer(await client.json('/api/exa/find-similar', { url })), url);
    }
    expect(exa.requests.filter((request) => request.path !== '/search')).toEqual([]);
    expectNothingReached();
  });

  it('passes the public URLs of a mixed get-contents on to Exa and reports the refused one', async () => {
    const publicUrl = exa.documents[0]!.url;
    const result = (await (
      await client.json('/api/exa/get-contents', { urls: [publicUrl, 'http://metadata.attacker.test/'] })
    ).json()) as { results: Array<{ url: string }>; statuses: Array<{ id: string; status: string }> };
    expect(result.results.map((r) => r.url)).toEqual([publicUrl]);
    expect(result.statuses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'http://metadata.attacker.test/', status: 'error' }),
      ]),
    );
    const sent = exa.requests.filter((request) => request.path === '/contents').at(-1)!;
    expect(sent.body.urls).toEqual([publicUrl]);
    expectNothingReached();
  });
});

describe('SSRF through POST /api/game/process', () => {
  it("reads the stored game's own URL, never the one in the body", async () => {
    const { client } = await start({});
    const board = (await (await client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    const game = board.sportsData.leagues[0]!.games[0]!;
    const pagesBefore = espn.stats().pageRequests;
    for (const url of targets()) {
      const result = await client.json('/api/game/process', { gameId: game.id, url });
      expect(result.status).toBe(200);
    }
    // The scoreboard source was asked (loopback fake ESPN); the hostile URLs never were.
    expect(espn.stats().pageRequests).toBe(pagesBefore);
    expectNothingReached();
  });
});
