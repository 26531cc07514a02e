/**
 * Property-based fuzzing of every HTTP endpoint (fast-check): malformed, oversized and type-confused
 * bodies, queries and path segments. For every bad request the process keeps running, the answer is a
 * 4xx with the API's error body (a known code and a message, no internals), and nothing stored changes.
 * FUZZ_RUNS sets the cases per property (see tests/fuzz/runs.ts). No name resolves and no connection
 * leaves loopback (tests/security/network-guard.ts), whatever a hostile URL says.
 */
import { parse as parseQuery } from 'node:querystring';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { oauthCallbackBodySchema } from '@shared/schemas/auth';
import { chatPostBodySchema } from '@shared/schemas/chat';
import { frameCheckQuerySchema, pageContentRequestSchema } from '@shared/schemas/content';
import {
  answerRequestSchema,
  findSimilarRequestSchema,
  getContentsRequestSchema,
  searchRequestSchema,
  searchWithContentRequestSchema,
} from '@shared/schemas/search';
import { fantasyPointsResponseSchema } from '@shared/schemas/fantasy';
import {
  gameProcessRequestSchema,
  SPORTS_LEAGUE_NAMES,
  sportsGenerateRequestSchema,
} from '@shared/schemas/sports';
import { twilioTokenBodySchema } from '@shared/schemas/voice';
import { POINTS_COMPANIES } from '@server/fantasy';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startFaultApp, type FaultApp } from '../faults/app';
import { signInAt } from '../faults/chat';
import {
  hostileBodies,
  hostileQuery,
  hostileSegment,
  pathologicalText,
  type RawBody,
} from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';
import { storedData } from '../fuzz/snapshot';
import { installNetworkGuard, type NetworkGuard } from '../security/network-guard';

// No host name resolves in this file: a URL that slipped through validation still reaches nothing.
vi.mock('node:dns/promises', () => {
  const lookup = async (hostname: string) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
  return { lookup, default: { lookup } };
});

let redis: RedisServer;
let inspect: Redis;
let espn: FakeEspn;
let server: FaultApp;
let guard: NetworkGuard;
let user: Awaited<ReturnType<typeof signInAt>>;
let before: Map<string, string>;
const GAME = 'fuzz-game';

beforeAll(async () => {
  guard = installNetworkGuard();
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
  espn = await startFakeEspn();
  server = await startFaultApp({
    redisUrl: redis.url,
    env: {
      ESPN_BASE_URL: espn.url,
      API_RATE_LIMIT: '1000000',
      CHAT_RATE_LIMIT: '1000000',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_API_KEY_SID: 'SK00000000000000000000000000000001',
      TWILIO_API_KEY_SECRET: 'fuzz-api-key-secret',
      TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'fuzz-auth-token',
    },
  });
  user = await signInAt(server.baseUrl, 'fuzzer');
  // Something to keep unchanged: a chat message and a stored scoreboard.
  const posted = await user.json(`/api/chat/games/${GAME}/messages`, {
    message: 'kick-off',
    team: 'home',
    awayTeam: 'Bills',
    homeTeam: 'Chiefs',
  });
  expect(posted.status).toBe(201);
  expect((await user.request('/api/sports/scoreboard')).status).toBe(200);
  before = await storedData(inspect);
}, 30_000);

afterAll(async () => {
  await server?.close();
  inspect?.disconnect();
  await espn?.close();
  await redis?.stop();
  guard?.restore();
});

const KNOWN_CODES = new Set(Object.keys(ERROR_MESSAGES));

/** Node's HTTP parser refuses a request line or headers too long (414/431) before the app sees it. */
const PARSER_LIMITS = [414, 431];

/**
 * A refusal as the API answers one: 4xx, JSON `{ error: { code, message } }`, nothing internal. A URL
 * that normalizes out of /api (e.g. /api/%2e%2e/) is the router's plain 404 instead.
 */
async function expectApiRefusal(response: Response, statuses?: number[]) {
  const text = await response.text();
  if (statuses) expect([...statuses, ...PARSER_LIMITS], text).toContain(response.status);
  expect(response.status, text).toBeGreaterThanOrEqual(400);
  expect(response.status, text).toBeLessThan(500);
  if (PARSER_LIMITS.includes(response.status)) return;
  if (!new URL(response.url).pathname.startsWith('/api/')) return;
  expect(response.headers.get('content-type'), text).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: { code: string; message: string } };
  expect(KNOWN_CODES.has(body.error.code), text).toBe(true);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\n\s+at |node_modules|ioredis|ZodError/);
}

async function expectNothingChanged() {
  expect((await fetch(`${server.directUrl}/healthz`)).status).toBe(200);
  expect(await storedData(inspect)).toEqual(before);
  expect(guard.refused).toEqual([]);
  // The session is still this user's: no body changed who is signed in.
  const me = (await (await user.request('/api/auth/me')).json()) as { user: { login: string }; role: string };
  expect(me).toMatchObject({ user: { login: 'fuzzer' }, role: 'user' });
}

const post = (path: string, body: RawBody, contentType = 'application/json') =>
  user.request(path, { method: 'POST', body: body.raw, headers: { 'content-type': contentType } });

/** Valid for the server: body-parser's strict JSON (an object or array) that the schema accepts. */
function acceptedBy(schema: AnySchema | undefined, body: RawBody): boolean {
  if (!schema) return false;
  // An empty JSON body reaches the route as {}.
  if (body.raw.trim() === '') return schema.safeParse({}).success;
  if (body.parsed === undefined || !/^\s*[[{]/.test(body.raw)) return false;
  return schema.safeParse(body.parsed).success;
}

/** A shared schema, written with zod's classic API or its tree-shakable one. */
type AnySchema = { safeParse(value: unknown): { success: boolean } };

interface BodyEndpoint {
  path: string;
  /** The server's schema: bodies it accepts are left out (they are valid requests, not attacks). */
  schema?: AnySchema;
  example: Record<string, unknown>;
}

const BODY_ENDPOINTS: BodyEndpoint[] = [
  // Valid-looking callbacks still fail the state check: every body here must be refused.
  { path: '/api/auth/github', example: { code: 'abc', state: 'x'.repeat(26) } },
  {
    path: `/api/chat/games/${GAME}/messages`,
    schema: chatPostBodySchema,
    example: { message: 'Go!', team: 'home', awayTeam: 'Bills', homeTeam: 'Chiefs' },
  },
  { path: '/api/twilio/access-token', schema: twilioTokenBodySchema, example: { roomName: 'game-1' } },
  { path: '/api/exa/search', schema: searchRequestSchema, example: { query: 'rust', numResults: 10 } },
  {
    path: '/api/exa/search-with-content',
    schema: searchWithContentRequestSchema,
    example: { query: 'rust', text: true, highlights: false, summary: true },
  },
  {
    path: '/api/exa/find-similar',
    schema: findSimilarRequestSchema,
    example: { url: 'https://example.com/a', numResults: 5 },
  },
  {
    path: '/api/exa/get-contents',
    schema: getContentsRequestSchema,
    example: { urls: ['https://example.com/a'], text: true },
  },
  { path: '/api/exa/answer', schema: answerRequestSchema, example: { query: 'who won?', text: false } },
  { path: '/api/exa/stream-answer', schema: answerRequestSchema, example: { query: 'who won?' } },
  { path: '/api/jina', schema: pageContentRequestSchema, example: { url: 'https://example.com/a' } },
  {
    path: '/api/sports/generate',
    schema: sportsGenerateRequestSchema,
    example: { maxGames: 10, includeLive: true, includeCompleted: true, includeScheduled: false },
  },
  {
    path: '/api/game/process',
    schema: gameProcessRequestSchema,
    example: { gameId: '401671002', url: 'https://www.espn.com/nfl/game/_/gameId/401671002' },
  },
];

describe('fuzzing every HTTP endpoint', () => {
  it.each(BODY_ENDPOINTS)(
    'POST $path refuses every bad body with a 4xx and stores nothing',
    async (endpoint) => {
      await fc.assert(
        fc.asyncProperty(hostileBodies(endpoint.example), async (body) => {
          fc.pre(!acceptedBy(endpoint.schema, body));
          await expectApiRefusal(await post(endpoint.path, body));
        }),
        fuzzParameters(),
      );
      await expectNothingChanged();
    },
    60_000,
  );

  it('refuses bodies that are too large (413), not JSON, or sent as another content type', async () => {
    const huge: RawBody = { raw: JSON.stringify({ message: 'x'.repeat(150_000) }), parsed: undefined };
    const form: RawBody = { raw: 'message=hi&team=home&awayTeam=A&homeTeam=B', parsed: undefined };
    for (const { path, example } of BODY_ENDPOINTS) {
      await expectApiRefusal(await post(path, huge), [413]);
      await expectApiRefusal(await post(path, form, 'application/x-www-form-urlencoded'));
      await expectApiRefusal(
        await post(path, { raw: JSON.stringify(example), parsed: example }, 'text/plain'),
      );
      await expectApiRefusal(await post(path, { raw: '{"a":', parsed: undefined }), [400]);
      // JSON is UTF-8 (or another utf-*): any other charset is refused before parsing (415).
      await expectApiRefusal(
        await post(
          path,
          { raw: JSON.stringify(example), parsed: example },
          'application/json; charset=latin1',
        ),
        [415],
      );
    }
    await expectNothingChanged();
  }, 60_000);

  it('refuses fields of pathological text, from a kilobyte to megabytes, with a 4xx', async () => {
    interface Field {
      path: string;
      schema: AnySchema;
      body: (text: string) => Record<string, unknown>;
    }
    const fields: Field[] = [
      {
        path: '/api/exa/search',
        schema: searchRequestSchema,
        body: (text) => ({ query: 'rust', includeDomains: [text] }),
      },
      {
        path: '/api/exa/search-with-content',
        schema: searchWithContentRequestSchema,
        body: (text) => ({ query: text, excludeDomains: [text] }),
      },
      { path: '/api/exa/find-similar', schema: findSimilarRequestSchema, body: (text) => ({ url: text }) },
      {
        path: '/api/exa/get-contents',
        schema: getContentsRequestSchema,
        body: (text) => ({ urls: [text], text: true, summary: true }),
      },
      { path: '/api/jina', schema: pageContentRequestSchema, body: (text) => ({ url: text }) },
      {
        path: '/api/exa/answer',
        schema: answerRequestSchema,
        body: (text) => ({ query: text, systemPrompt: text }),
      },
      {
        path: `/api/chat/games/${GAME}/messages`,
        schema: chatPostBodySchema,
        body: (text) => ({ message: text, team: 'home', awayTeam: 'Bills', homeTeam: text }),
      },
      {
        path: '/api/game/process',
        schema: gameProcessRequestSchema,
        body: (text) => ({ gameId: text, url: text }),
      },
    ];
    const text = fc.oneof(
      // Under the 100 KB body limit: through the JSON parser to the schemas.
      pathologicalText({ minLength: 1_000, maxLength: 95_000 }),
      // Past it: refused (413) before anything reads the text.
      pathologicalText({ minLength: 200_000, maxLength: 4_000_000 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), text, async (field, value) => {
        const parsed = field.body(value);
        const body: RawBody = { raw: JSON.stringify(parsed), parsed };
        fc.pre(!acceptedBy(field.schema, body));
        await expectApiRefusal(await post(field.path, body), [400, 413]);
      }),
      {
        ...fuzzParameters<[Field, string]>(FUZZ_LARGE_RUNS),
        // Always tried: a domain filter of slashes that end nothing, which the search schema once
        // rescanned from every slash (about 40 s of a frozen server per request).
        examples: [[fields[0]!, `${'/'.repeat(95_000)}x`]],
      },
    );
    await expectNothingChanged();
  }, 120_000);

  it('refuses bad game ids in the chat path and bad chat queries, and never fails on them', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileSegment,
        hostileQuery(['before', 'limit', 'awayTeam', 'homeTeam']),
        async (id, query) => {
          const read = await user.request(`/api/chat/games/${id}/messages?${query}`);
          if (read.status !== 200) await expectApiRefusal(read);
          else expect(await read.json()).toMatchObject({ messages: expect.any(Array), fallback: false });
          const write = await post(`/api/chat/games/${id}/messages`, {
            raw: JSON.stringify({ message: 'x', team: 'home', awayTeam: 'A', homeTeam: 'B' }),
            parsed: null,
          });
          // A path the router cannot decode, or a game id the schema refuses: never stored.
          if (write.status === 201) {
            // Only a valid game id gets here; remove what the property just stored before comparing:
            // every key of that game (its history, version and the fan's send count) carries `{gameId}`.
            const tag = `:{${decodeURIComponent(id).trim()}}:`;
            const stored = (await inspect.keys('tt:*')).filter((key) => key.includes(tag));
            if (stored.length > 0) await inspect.del(...stored);
          } else await expectApiRefusal(write);
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses bad frame-check queries with a 4xx before any fetch', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(['url']), async (query) => {
        fc.pre(!frameCheckQuerySchema.safeParse(parseQuery(query)).success);
        await expectApiRefusal(await user.request(`/api/content/frame-check?${query}`));
      }),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses unknown leagues and hostile segments in the standings path, reading and storing nothing', async () => {
    /** The league the route would read, as Express decodes the segment (null when it cannot). */
    const leagueOf = (segment: string) => {
      try {
        return decodeURIComponent(segment).toUpperCase();
      } catch {
        return null;
      }
    };
    const league = fc.oneof(
      hostileSegment,
      // Near misses of the four: other leagues, suffixes, lists, escapes and blanks around a real one.
      fc.constantFrom(
        'xfl',
        'NCAAF',
        'mls',
        'wnba',
        'nfl2',
        'nfl.json',
        'nfl%20',
        'nba,nfl',
        'NFL%00',
        'n-f-l',
      ),
    );
    const asked = { ...espn.standings.stats().requests };
    await fc.assert(
      fc.asyncProperty(league, hostileQuery(['league', 'season', 'level']), async (segment, query) => {
        fc.pre(!(SPORTS_LEAGUE_NAMES as readonly (string | null)[]).includes(leagueOf(segment)));
        await expectApiRefusal(await user.request(`/api/sports/standings/${segment}?${query}`));
      }),
      fuzzParameters(),
    );
    // Refused before any read: ESPN was never asked.
    expect(espn.standings.stats().requests).toEqual(asked);
    await expectNothingChanged();
  }, 60_000);

  it('refuses hostile and unknown company ids in the fantasy points path, and answers the points whatever the query', async () => {
    const known = POINTS_COMPANIES.slice(0, 3).map((company) => company.id);
    const companyId = fc.oneof(
      hostileSegment,
      fc.constantFrom(...known, 'no-such-company', 'nox-metals-', '-nox', 'x'.repeat(81), 'Nox-Metals'),
      fc.constantFrom(...known).map((id) => `%2Fcompanies%2F${id}`),
    );
    await fc.assert(
      fc.asyncProperty(companyId, hostileQuery(['week', 'companyId', 'limit']), async (id, query) => {
        // Nothing is computed in this app: a known company has no points this week yet (404).
        await expectApiRefusal(await user.request(`/api/fantasy/points/${id}?${query}`), [400, 404]);
        const all = await user.request(`/api/fantasy/points?${query}`);
        if (all.status === 200) {
          expect(fantasyPointsResponseSchema.safeParse(await all.json()).success).toBe(true);
        } else await expectApiRefusal(all);
      }),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses megabyte bodies and other methods on the read-only standings and points routes', async () => {
    const asked = { ...espn.standings.stats().requests };
    const paths = [
      '/api/sports/standings/nfl',
      '/api/fantasy/points',
      `/api/fantasy/points/${POINTS_COMPANIES[0]!.id}`,
    ];
    const text = fc.oneof(
      pathologicalText({ minLength: 1_000, maxLength: 95_000 }),
      pathologicalText({ minLength: 200_000, maxLength: 4_000_000 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        text,
        async (path, method, value) => {
          const answer = await user.request(path, {
            method,
            body: JSON.stringify({ league: value, companyId: value }),
            headers: { 'content-type': 'application/json' },
          });
          await expectApiRefusal(answer, [404, 413]);
        },
      ),
      fuzzParameters<[string, string, string]>(FUZZ_LARGE_RUNS),
    );
    expect(espn.standings.stats().requests).toEqual(asked);
    await expectNothingChanged();
  }, 120_000);

  it('answers unknown API paths and methods with a JSON 404', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileSegment,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        async (seg, method) => {
          const answer = await user.request(`/api/${seg}/${seg}`, { method });
          await expectApiRefusal(answer);
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses every anonymous call with a 401 whatever its body', async () => {
    const anonymous = (path: string, body: RawBody) =>
      fetch(`${server.directUrl}${path}`, {
        method: 'POST',
        body: body.raw,
        headers: { 'content-type': 'application/json' },
      });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ENDPOINTS.slice(1)),
        hostileBodies({}),
        async (endpoint, body) => {
          await expectApiRefusal(await anonymous(endpoint.path, body), [400, 401, 413]);
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses anonymous reads of the standings, the points and the leagues with a 401, whatever the path holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('nfl', 'nba', POINTS_COMPANIES[0]!.id, 'A'.repeat(16)), hostileSegment),
        async (segment) => {
          for (const path of [
            `/api/sports/standings/${segment}`,
            '/api/fantasy/points',
            `/api/fantasy/points/${segment}`,
            '/api/leagues',
            `/api/leagues/${segment}`,
            `/api/leagues/invites/${segment}`,
          ]) {
            const answer = await fetch(`${server.directUrl}${path}`);
            await expectApiRefusal(answer, [400, 401, 404]);
            // Every path that names one of these routes is refused for want of a session.
            if (path.endsWith(segment) && !segment.includes('%') && !PARSER_LIMITS.includes(answer.status))
              expect(answer.status).toBe(401);
          }
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('refuses the Twilio webhook without a valid signature, whatever the form says', async () => {
    const form = fc
      .dictionary(
        fc.oneof(fc.constantFrom('To', 'roomName', 'From', 'CallSid'), fc.string({ maxLength: 8 })),
        fc.string({ maxLength: 80 }),
        { maxKeys: 5 },
      )
      .map((fields) => new URLSearchParams(fields).toString());
    await fc.assert(
      fc.asyncProperty(form, fc.option(fc.string({ maxLength: 40 })), async (body, signature) => {
        const answer = await fetch(`${server.directUrl}/api/twilio/voice`, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(signature === null ? {} : { 'x-twilio-signature': signature }),
          },
        });
        await expectApiRefusal(answer, [400, 403]);
      }),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it("keeps the development sign-in's own endpoints to GitHub's answers, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileQuery(['client_id', 'redirect_uri', 'state', 'scope']),
        hostileBodies({ client_id: 'x', client_secret: 'y', code: 'z' }),
        async (query, body) => {
          const page = await fetch(`${server.directUrl}/dev-oauth/login/oauth/authorize?${query}`);
          expect([400, ...PARSER_LIMITS]).toContain(page.status);
          const approve = await fetch(`${server.directUrl}/dev-oauth/login/oauth/authorize`, {
            method: 'POST',
            body: query,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          expect(approve.status).toBeGreaterThanOrEqual(400);
          expect(approve.status).toBeLessThan(500);
          const token = await fetch(`${server.directUrl}/dev-oauth/login/oauth/access_token`, {
            method: 'POST',
            body: body.raw,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
          });
          // GitHub answers a bad exchange with 200 and an `error` field; a body it cannot parse is a 4xx.
          if (token.status === 200) expect(await token.json()).toHaveProperty('error');
          else expect(token.status).toBeLessThan(500);
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);
});

// The callback body schema is the only one with no server-side filter above: keep it honest.
it('the callback schema accepts the example used above, so those bodies fail on the state check', () => {
  expect(oauthCallbackBodySchema.safeParse({ code: 'abc', state: 'x'.repeat(26) }).success).toBe(true);
});
