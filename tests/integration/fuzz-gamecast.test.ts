/**
 * Property-based fuzzing of the Gamecast events (fast-check): every malformed, oversized or
 * type-confused `gamecast:watch` and `gamecast:unwatch` payload gets a bad_request acknowledgement,
 * the connection and the process stay up, and nothing stored changes. Then the order of good
 * requests: watches, unwatches and disconnects of several sockets, some at once, in any order, are
 * answered as a model of the per-socket limit says, and leave the shared watch list holding exactly
 * the games an open socket watches (what the one instance reading summaries reads).
 * FUZZ_RUNS sets the cases per property (tests/fuzz/runs.ts).
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gamecastWatchRequestSchema } from '@shared/schemas/gamecast';
import { allGames } from '@shared/schemas/sports';
import { GAMECAST_WATCH_LIMIT } from '@server/sports/gamecast/handlers';
import { keys } from '@server/storage/keys';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { bodiesLike, junk, pathologicalText } from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';
import { storedData } from '../fuzz/snapshot';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';

let redis: RedisServer;
let inspect: Redis;
let espn: FakeEspn;
let server: FaultApp;
let cookie: string;
let socket: TestSocket;
/** Games on the fake's scoreboard the interleavings watch: one more than a socket may watch. */
let games: string[];

beforeAll(async () => {
  [redis, espn] = await Promise.all([startRedisServer(), startFakeEspn()]);
  inspect = new Redis(redis.url);
  server = await startFaultApp({
    redisUrl: redis.url,
    env: {
      ESPN_BASE_URL: espn.url,
      GAMECAST_POLL_SECONDS: '3600',
      // Thousands of cases from one socket: a budget it never spends, so each meets validation.
      SOCKET_EVENT_BURST: '1000000000',
      SOCKETS_PER_LOGIN_LIMIT: '1000',
    },
    deps: { sportsPolling: false },
  });
  const board = await server.app.sports.service.refresh();
  games = allGames(board)
    .map((game) => game.id)
    .slice(0, GAMECAST_WATCH_LIMIT + 1);
  cookie = (await signInAt(server.baseUrl, 'gamecast-fuzzer')).cookieHeader();
  socket = await socketAt(server.baseUrl, cookie);
}, 30_000);

afterAll(async () => {
  socket?.close();
  await server?.close();
  inspect?.disconnect();
  await Promise.all([espn?.close(), redis?.stop()]);
});

const EVENTS = ['gamecast:watch', 'gamecast:unwatch'] as const;

/** What the server receives: Socket.IO sends JSON (NaN becomes null, -0 becomes 0, undefined drops). */
const overTheWire = (value: unknown): unknown => (JSON.parse(JSON.stringify([value])) as unknown[])[0];
const isGoodRequest = (payload: unknown) =>
  gamecastWatchRequestSchema.safeParse(overTheWire(payload)).success;

const watchedGames = async () =>
  (await inspect.hkeys(keys.gamecastWatchers())).map((field) => field.split(' ')[0]!).sort();

describe('fuzzing the Gamecast events', () => {
  it.each(EVENTS)(
    '%s answers every bad payload with bad_request and changes nothing',
    async (event) => {
      const before = await storedData(inspect);
      const payloads = fc.oneof(
        junk,
        bodiesLike({ gameId: games[0] })
          .map((body) => body.parsed)
          .filter((parsed) => parsed !== undefined),
        pathologicalText({ minLength: 1_000, maxLength: 200_000 }).map((text) => ({ gameId: text })),
      );
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          fc.pre(!isGoodRequest(payload));
          expect(await emitUntyped(socket, event, payload)).toEqual({
            ok: false,
            error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
          });
        }),
        fuzzParameters(FUZZ_LARGE_RUNS * 5),
      );
      expect(socket.connected).toBe(true);
      expect((await fetch(`${server.directUrl}/healthz`)).status).toBe(200);
      expect(await storedData(inspect)).toEqual(before);
      expect(await watchedGames()).toEqual([]);
    },
    60_000,
  );
});

type Request =
  { kind: 'watch' | 'unwatch'; socket: number; game: number } | { kind: 'disconnect'; socket: number };

const SOCKETS = 3;

describe('fuzzing the order of Gamecast requests', () => {
  it('answers as the per-socket limit says and leaves exactly the watched games listed', async () => {
    const request: fc.Arbitrary<Request> = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constantFrom('watch' as const, 'unwatch' as const),
          socket: fc.nat(SOCKETS - 1),
          game: fc.nat(GAMECAST_WATCH_LIMIT),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('disconnect' as const), socket: fc.nat(SOCKETS - 1) }),
      },
    );
    // Batches of requests sent at once (each on its own socket), one batch after another.
    const batches = fc.array(fc.uniqueArray(request, { maxLength: SOCKETS, selector: (r) => r.socket }), {
      minLength: 1,
      maxLength: 8,
    });

    await fc.assert(
      fc.asyncProperty(batches, async (steps) => {
        const tabs = await Promise.all(
          Array.from({ length: SOCKETS }, () => socketAt(server.baseUrl, cookie)),
        );
        const model = tabs.map(() => new Set<number>());
        try {
          for (const batch of steps) {
            await Promise.all(
              batch.map(async (step) => {
                const tab = tabs[step.socket]!;
                const open = model[step.socket]!;
                if (step.kind === 'disconnect') {
                  tab.close();
                  open.clear();
                  tabs[step.socket] = await socketAt(server.baseUrl, cookie);
                  return;
                }
                const gameId = games[step.game]!;
                if (step.kind === 'unwatch') {
                  expect(await emit(tab, 'gamecast:unwatch', { gameId })).toEqual({ ok: true, data: null });
                  open.delete(step.game);
                  return;
                }
                const answer = await emit(tab, 'gamecast:watch', { gameId });
                if (open.has(step.game) || open.size < GAMECAST_WATCH_LIMIT) {
                  expect(answer.ok).toBe(true);
                  open.add(step.game);
                } else {
                  expect(answer).toMatchObject({ ok: false, error: { code: 'limit_reached' } });
                }
              }),
            );
          }
          const expected = [...new Set(model.flatMap((open) => [...open]))]
            .map((index) => games[index]!)
            .sort();
          // A disconnect's release runs once the socket has left its rooms.
          await vi.waitFor(async () => expect(await watchedGames()).toEqual(expected));
        } finally {
          for (const tab of tabs) tab.close();
        }
        await vi.waitFor(async () => expect(await watchedGames()).toEqual([]));
      }),
      fuzzParameters(),
    );
  }, 120_000);
});
