/**
 * Property-based fuzzing of the league events (fast-check): every malformed, oversized or
 * type-confused `league:watch`, `league:unwatch`, `league:pick` and `league:queue-set` payload gets a
 * bad_request acknowledgement, the connection and the process stay up, and nothing stored changes.
 * The REST routes refuse bad bodies and path segments, a non-member (not_found, as for leagues and
 * invites nobody made), a member who is not the commissioner (forbidden) and bodies of megabytes
 * (413, the commissioner's too) with a 4xx and a known code, storing nothing.
 * Then well-formed requests in any order from the two members of a running draft (any company, any
 * queue, sent at once): each is answered with a league error or accepted, an accepted pick is always
 * the caller's own seat on the clock, no company is drafted twice and the stored picks are exactly
 * the accepted ones. FUZZ_RUNS sets the cases per property (tests/fuzz/runs.ts).
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import { ERROR_MESSAGES } from '@shared/errors';
import type { Ack } from '@shared/events';
import {
  leaguePickRequestSchema,
  leagueCreateSchema,
  leagueQueueSetSchema,
  leagueSchema,
  leagueWatchSchema,
  type League,
} from '@shared/schemas/leagues';
import { keys } from '@server/storage/keys';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emitUntyped, signInAt, socketAt } from '../faults/chat';
import { bodiesLike, hostileBodies, hostileSegment, junk, pathologicalText } from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';
import { storedData } from '../fuzz/snapshot';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';

let redis: RedisServer;
let inspect: Redis;
let server: FaultApp;
let alice: { login: string; cookie: string; socket: TestSocket };
let bob: { login: string; cookie: string; socket: TestSocket };
let league: League;
/** The server's clock: stepped only to let the AI seats pick between batches. */
let nowMs = 0;

async function member(login: string) {
  const cookie = (await signInAt(server.baseUrl, login)).cookieHeader();
  return { login, cookie, socket: await socketAt(server.baseUrl, cookie) };
}

const rest = async (cookie: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}/api/leagues${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as unknown;
};

beforeAll(async () => {
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
  server = await startFaultApp({
    redisUrl: redis.url,
    env: {
      // Thousands of cases from one socket: a budget it never spends, so each meets validation.
      SOCKET_EVENT_BURST: '1000000000',
      SOCKETS_PER_LOGIN_LIMIT: '1000',
      API_RATE_LIMIT: '1000000',
    },
    // The clocks are stepped by hand: only AI seats' clocks are let run out, between batches.
    deps: { leagues: { now: () => nowMs, clockTicks: false, changesPerMinute: 1_000_000 } },
  });
  alice = await member('league-fuzzer-a');
  bob = await member('league-fuzzer-b');
  league = leagueSchema.parse(await rest(alice.cookie, 'POST', '', { name: 'Fuzz', pickSeconds: 30 }));
  await rest(bob.cookie, 'POST', `/invites/${league.inviteCode}/join`);
}, 30_000);

afterAll(async () => {
  alice?.socket.close();
  bob?.socket.close();
  await server?.close();
  inspect?.disconnect();
  await redis?.stop();
});

const EVENTS = {
  'league:watch': leagueWatchSchema,
  'league:unwatch': leagueWatchSchema,
  'league:pick': leaguePickRequestSchema,
  'league:queue-set': leagueQueueSetSchema,
} as const;

/** What the server receives: Socket.IO sends JSON (NaN becomes null, -0 becomes 0, undefined drops). */
const overTheWire = (value: unknown): unknown => (JSON.parse(JSON.stringify([value])) as unknown[])[0];

describe('fuzzing the league events', () => {
  it.each(Object.keys(EVENTS) as Array<keyof typeof EVENTS>)(
    '%s answers every bad payload with bad_request and changes nothing',
    async (event) => {
      const before = await storedData(inspect);
      const example = {
        leagueId: league.id,
        companyId: CATALOGUE_COMPANIES[0]!.link,
        companyIds: [CATALOGUE_COMPANIES[1]!.link],
      };
      const payloads = fc.oneof(
        junk,
        bodiesLike(example)
          .map((body) => body.parsed)
          .filter((parsed) => parsed !== undefined),
        pathologicalText({ minLength: 1_000, maxLength: 200_000 }).map((text) => ({
          ...example,
          leagueId: text,
        })),
        pathologicalText({ minLength: 1, maxLength: 2_000 }).map((text) => ({ ...example, companyId: text })),
        fc
          .array(fc.constantFrom(...CATALOGUE_COMPANIES.map((company) => company.link)), {
            minLength: 51,
            maxLength: 200,
          })
          .map((companyIds) => ({ ...example, companyIds })),
      );
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          fc.pre(!EVENTS[event].safeParse(overTheWire(payload)).success);
          expect(await emitUntyped(alice.socket, event, payload)).toEqual({
            ok: false,
            error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
          });
        }),
        fuzzParameters(FUZZ_LARGE_RUNS * 5),
      );
      expect(alice.socket.connected).toBe(true);
      expect((await fetch(`${server.directUrl}/healthz`)).status).toBe(200);
      expect(await storedData(inspect)).toEqual(before);
    },
    60_000,
  );
});

/** Runs the AI seats' clocks out until a person is on the clock (or the draft is over). */
async function letTheAiSeatsPick() {
  for (;;) {
    const stored = JSON.parse((await inspect.get(keys.league(league.id)))!) as League;
    if (!stored.clock || stored.seats[stored.clock.seat]!.kind === 'person') return;
    nowMs = Date.parse(stored.clock.deadline);
    await server.app.leagues.clocks.tick();
  }
}

/** A refused HTTP request: a 4xx with the API's error body, a known code and no internals. */
async function expectRefusal(response: Response) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(ERROR_MESSAGES)).toContain(body.error.code);
  expect(body.error.message).not.toMatch(/at .*\.ts|Error:/);
}

describe('fuzzing the league routes', () => {
  it('refuses every bad create body and every bad league id or invite code in a path, and changes nothing', async () => {
    const before = await storedData(inspect);
    const send = (method: string, path: string, raw?: string) =>
      fetch(`${server.baseUrl}/api/leagues${path}`, {
        method,
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        body: raw,
      });
    await fc.assert(
      fc.asyncProperty(hostileBodies({ name: 'Fuzz', pickSeconds: 30 }), async (body) => {
        fc.pre(body.parsed === undefined || !leagueCreateSchema.safeParse(body.parsed).success);
        await expectRefusal(await send('POST', '', body.raw));
      }),
      fuzzParameters(FUZZ_LARGE_RUNS * 5),
    );
    await fc.assert(
      fc.asyncProperty(hostileSegment, hostileSegment, async (id, login) => {
        for (const [method, path] of [
          ['GET', `/${id}`],
          ['POST', `/${id}/start`],
          ['POST', `/${id}/pause`],
          ['POST', `/${id}/resume`],
          ['DELETE', `/${id}/seats/${login}`],
          ['DELETE', `/${league.id}/seats/${login}`],
          ['GET', `/invites/${id}`],
          ['POST', `/invites/${id}/join`],
        ] as const) {
          // A dot segment ('%2e%2e') is resolved by the URL parser before anything is sent.
          if (!new URL(`${server.baseUrl}/api/leagues${path}`).pathname.endsWith(path)) continue;
          const response = await send(method, path);
          // A path Node itself refuses (too long, not decodable) is answered before the app sees it.
          if (!response.headers.get('content-type')?.includes('json')) {
            expect(response.status).toBeGreaterThanOrEqual(400);
            expect(response.status).toBeLessThan(500);
            continue;
          }
          await expectRefusal(response);
        }
      }),
      fuzzParameters(),
    );
    expect(await storedData(inspect)).toEqual(before);
  }, 120_000);
});

describe('fuzzing the league routes as someone who may not', () => {
  /** A route of the league API, and who is refused it: a non-member, or a member who is no commissioner. */
  const ROUTES = (leagueId: string, inviteCode: string) =>
    [
      ['GET', `/${leagueId}`],
      ['POST', `/${leagueId}/start`],
      ['POST', `/${leagueId}/pause`],
      ['POST', `/${leagueId}/resume`],
      ['DELETE', `/${leagueId}/seats/${alice.login}`],
      ['DELETE', `/${leagueId}/seats/${bob.login}`],
      ['GET', `/invites/${inviteCode}`],
      ['POST', `/invites/${inviteCode}/join`],
    ] as const;
  const send = (cookie: string, method: string, path: string, raw?: string) =>
    fetch(`${server.baseUrl}/api/leagues${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      // fetch sends no body with a GET
      body: method === 'GET' ? undefined : raw,
    });
  const someLeagueId = fc.stringMatching(/^[\w-]{16}$/);
  const someInviteCode = fc.stringMatching(/^[\w-]{22}$/);

  it('answers a non-member not_found for the league, and anyone not_found for leagues and invites that do not exist, whatever the body', async () => {
    const eve = await member('league-fuzzer-eve');
    eve.socket.close();
    const before = await storedData(inspect);
    const body = fc.oneof(
      fc.constant(undefined),
      hostileBodies({ name: 'Fuzz', pickSeconds: 30 }).map((hostile) => hostile.raw),
      pathologicalText({ minLength: 1_000, maxLength: 95_000 }).map((text) => JSON.stringify({ name: text })),
    );
    await fc.assert(
      fc.asyncProperty(
        someLeagueId,
        someInviteCode,
        fc.constantFrom(0, 1, 2, 3, 4, 5),
        body,
        async (unknownId, unknownCode, routeIndex, raw) => {
          fc.pre(unknownId !== league.id && unknownCode !== league.inviteCode);
          // The real league (not the invite routes: whoever holds the code may see and join it) ...
          const [method, path] = ROUTES(league.id, league.inviteCode)[routeIndex]!;
          const asEve = await send(eve.cookie, method, path, raw);
          // ... and leagues and invites nobody made, for its members too.
          const unknown = ROUTES(unknownId, unknownCode);
          const [otherMethod, otherPath] = unknown[routeIndex]!;
          const [inviteMethod, invitePath] = unknown[6 + (routeIndex % 2)]!;
          const answers = [
            asEve,
            await send(alice.cookie, otherMethod, otherPath, raw),
            await send(bob.cookie, inviteMethod, invitePath, raw),
          ];
          for (const answer of answers) {
            // A body that is no JSON (400) or too large (413) is refused as such before any look-up.
            if (answer.status === 400 || answer.status === 413) {
              await expectRefusal(answer);
              continue;
            }
            expect(answer.status).toBe(404);
            expect(await answer.json()).toMatchObject({ error: { code: 'not_found' } });
          }
        },
      ),
      fuzzParameters(),
    );
    expect(await storedData(inspect)).toEqual(before);
  }, 120_000);

  it("refuses a member who is not the commissioner the commissioner's changes, whatever the body", async () => {
    const before = await storedData(inspect);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 3, 4, 5),
        fc.option(hostileBodies({ login: alice.login }).map((hostile) => hostile.raw)),
        async (routeIndex, raw) => {
          const [method, path] = ROUTES(league.id, league.inviteCode)[routeIndex]!;
          const answer = await send(bob.cookie, method, path, raw ?? undefined);
          if (answer.status === 400 || answer.status === 413) await expectRefusal(answer);
          else expect(answer.status).toBe(403);
        },
      ),
      fuzzParameters(),
    );
    expect(await storedData(inspect)).toEqual(before);
  }, 60_000);

  it('refuses bodies of megabytes on every league route, for the commissioner too, before anything is done', async () => {
    const before = await storedData(inspect);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES(league.id, league.inviteCode), ['POST', ''] as const),
        pathologicalText({ minLength: 200_000, maxLength: 4_000_000 }),
        async ([method, path], text) => {
          if (method === 'GET') return;
          for (const who of [alice, bob]) {
            const answer = await send(
              who.cookie,
              method,
              path,
              JSON.stringify({ name: text, pickSeconds: 30 }),
            );
            expect(answer.status).toBe(413);
            await expectRefusal(answer);
          }
        },
      ),
      fuzzParameters<[readonly [string, string], string]>(FUZZ_LARGE_RUNS),
    );
    expect(await storedData(inspect)).toEqual(before);
    const stored = JSON.parse((await inspect.get(keys.league(league.id)))!) as League;
    expect(stored).toMatchObject({ status: 'lobby', version: league.version + 1 });
  }, 120_000);
});

type Request =
  { kind: 'pick'; who: 0 | 1; company: number } | { kind: 'queue'; who: 0 | 1; companies: number[] };

describe('fuzzing the order of league requests in a running draft', () => {
  it('accepts only the seat on the clock, never drafts a company twice, and stores exactly the accepted picks', async () => {
    const started = leagueSchema.parse(await rest(alice.cookie, 'POST', `/${league.id}/start`));
    const members = [alice, bob];
    const seatOf = (login: string) => started.seats.find((seat) => seat.login === login)!.seat;
    await letTheAiSeatsPick();
    let acceptedInAll = 0;
    // A small pool, so requests often collide on one company.
    const pool = CATALOGUE_COMPANIES.slice(0, 12).map((company) => company.link);
    const request: fc.Arbitrary<Request> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('pick' as const),
          who: fc.constantFrom(0 as const, 1 as const),
          company: fc.nat(pool.length - 1),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('queue' as const),
          who: fc.constantFrom(0 as const, 1 as const),
          companies: fc.uniqueArray(fc.nat(pool.length - 1), { maxLength: 4 }),
        }),
      },
    );
    const batches = fc.array(fc.array(request, { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 6,
    });
    const LEAGUE_ERRORS = ['league_not_your_turn', 'league_company_taken', 'league_not_drafting'];

    await fc.assert(
      fc.asyncProperty(batches, async (steps) => {
        for (const batch of steps) {
          const before = JSON.parse((await inspect.get(keys.league(league.id)))!) as League;
          const answers = await Promise.all(
            batch.map((step) =>
              step.kind === 'pick'
                ? emitUntyped(members[step.who]!.socket, 'league:pick', {
                    leagueId: league.id,
                    companyId: pool[step.company],
                  })
                : emitUntyped(members[step.who]!.socket, 'league:queue-set', {
                    leagueId: league.id,
                    companyIds: step.companies.map((index) => pool[index]),
                  }),
            ),
          );
          const after = JSON.parse((await inspect.get(keys.league(league.id)))!) as League;
          let accepted = 0;
          batch.forEach((step, index) => {
            const answer = answers[index] as Ack<unknown>;
            if (!answer.ok) {
              expect([...LEAGUE_ERRORS, 'rate_limited']).toContain(answer.error.code);
              return;
            }
            if (step.kind !== 'pick') return;
            accepted++;
            acceptedInAll++;
            const pick = (answer.data as League).picks.at(-1)!;
            expect(pick).toMatchObject({
              seat: seatOf(members[step.who]!.login),
              companyId: pool[step.company],
              how: 'pick',
            });
          });
          expect(after.picks).toHaveLength(before.picks.length + accepted);
          expect(after.version).toBe(before.version + accepted);
          expect(new Set(after.picks.map((pick) => pick.companyId)).size).toBe(after.picks.length);
          for (const pick of after.picks) expect(pick.seat).toBe((pick.overall - 1) % after.seats.length);
          await letTheAiSeatsPick();
        }
      }),
      fuzzParameters(FUZZ_LARGE_RUNS),
    );
    // The property is not empty: people's picks went through.
    expect(acceptedInAll).toBeGreaterThan(0);
  }, 120_000);
});
