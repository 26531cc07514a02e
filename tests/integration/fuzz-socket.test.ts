/**
 * Property-based fuzzing of every socket event (fast-check): malformed, oversized and type-confused
 * payloads, missing or bogus acknowledgement callbacks, binary data, unknown events. Every bad payload
 * gets an error acknowledgement ({ ok: false, error: bad_request }), the connection and the process
 * stay up, and nothing stored changes. Then the order of good requests: joins, leaves, follows and
 * disconnects of several sockets in any order leave the instance listening to exactly the games its
 * sockets are in, and no room behind a socket that went. FUZZ_RUNS sets the cases per property
 * (tests/fuzz/runs.ts).
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  chatDeleteSchema,
  chatHistorySchema,
  chatJoinSchema,
  chatModerationLogSchema,
  chatReactSchema,
  chatSeenSchema,
  chatSendSchema,
  chatSlowModeSchema,
  chatSpeakersSchema,
  chatSyncSchema,
  chatTimeoutSchema,
  chatUnreadSchema,
} from '@shared/schemas/chat';
import { voiceRoomSchema, voiceSignalSchema } from '@shared/schemas/voice';
import { keys } from '@server/storage/keys';
import type { TestSocket } from '../helpers/sign-in';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { bodiesLike, junk, pathologicalText, roomRequests, type RoomRequest } from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';
import { storedData } from '../fuzz/snapshot';

let redis: RedisServer;
let inspect: Redis;
let server: FaultApp;
let socket: TestSocket;
let cookie: string;
let before: Map<string, string>;
/** The fan's and the moderator's session cookies, for the interleaving property. */
let roomCookies: [fan: string, moderator: string];
const GAME = 'fuzz-game';
/** Who the interleaving property signs in: a fan's sockets, and a moderator's (who may open the log). */
const FAN = 'fuzz-fan';
const MODERATOR = 'fuzz-moderator';
/** Games and sockets the interleavings play with: few, so requests often meet in one room. */
const ROOM_GAMES = ['fuzz-order-a', 'fuzz-order-b', 'fuzz-order-c'];
const ROOM_SOCKETS = 3;

beforeAll(async () => {
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
  // One socket sends every case (thousands with FUZZ_RUNS): a budget it never spends, so each bad
  // payload meets validation, not the event budget.
  server = await startFaultApp({
    redisUrl: redis.url,
    env: {
      CHAT_RATE_LIMIT: '1000000',
      SOCKET_EVENT_BURST: '1000000000',
      SOCKETS_PER_LOGIN_LIMIT: '1000',
      MODERATOR_LOGINS: MODERATOR,
    },
  });
  cookie = (await signInAt(server.baseUrl, 'fuzzer')).cookieHeader();
  socket = await socketAt(server.baseUrl, cookie);
  roomCookies = [
    (await signInAt(server.baseUrl, FAN)).cookieHeader(),
    (await signInAt(server.baseUrl, MODERATOR)).cookieHeader(),
  ];
  const seeded = await emit(socket, 'chat:send', {
    gameId: GAME,
    message: 'kick-off',
    team: 'home',
    teamName: 'Chiefs',
  });
  expect(seeded.ok).toBe(true);
  before = await storedData(inspect);
}, 30_000);

afterAll(async () => {
  socket?.close();
  await server?.close();
  inspect?.disconnect();
  await redis?.stop();
});

interface SocketEvent {
  event: string;
  schema: z.ZodType;
  example: Record<string, unknown>;
}

const EVENTS: SocketEvent[] = [
  { event: 'chat:join', schema: chatJoinSchema, example: { gameId: GAME } },
  { event: 'chat:leave', schema: chatJoinSchema, example: { gameId: GAME } },
  {
    event: 'chat:send',
    schema: chatSendSchema,
    example: { gameId: GAME, message: 'Go!', team: 'home', teamName: 'Chiefs' },
  },
  { event: 'chat:history', schema: chatHistorySchema, example: { gameId: GAME, before: '1-0', limit: 10 } },
  { event: 'chat:sync', schema: chatSyncSchema, example: { gameId: GAME, after: '1-0' } },
  { event: 'chat:delete', schema: chatDeleteSchema, example: { gameId: GAME, messageId: '1-0' } },
  {
    event: 'chat:react',
    schema: chatReactSchema,
    example: { gameId: GAME, messageId: '1-0', emoji: '👍', reacted: true },
  },
  { event: 'chat:speakers', schema: chatSpeakersSchema, example: { gameId: GAME } },
  { event: 'chat:seen', schema: chatSeenSchema, example: { gameId: GAME, messageId: '1-0' } },
  { event: 'chat:unread', schema: chatUnreadSchema, example: { gameIds: [GAME, 'other-game'] } },
  { event: 'chat:slow-mode', schema: chatSlowModeSchema, example: { gameId: GAME, seconds: 30 } },
  {
    event: 'chat:timeout',
    schema: chatTimeoutSchema,
    example: { gameId: GAME, login: 'someone', minutes: 5 },
  },
  { event: 'chat:moderation-log', schema: chatModerationLogSchema, example: { gameId: GAME } },
  { event: 'voice:join', schema: voiceRoomSchema, example: { gameId: GAME } },
  { event: 'voice:leave', schema: voiceRoomSchema, example: { gameId: GAME } },
  { event: 'voice:heartbeat', schema: voiceRoomSchema, example: { gameId: GAME } },
  { event: 'voice:presence', schema: voiceRoomSchema, example: { gameId: GAME } },
  {
    event: 'voice:signal',
    schema: voiceSignalSchema,
    example: { gameId: GAME, to: 'someone', data: { type: 'offer', sdp: 'v=0' } },
  },
];

/** What the server receives: Socket.IO sends JSON (NaN becomes null, -0 becomes 0, undefined drops). */
const overTheWire = (value: unknown): unknown => {
  const text = JSON.stringify([value]);
  return (JSON.parse(text) as unknown[])[0];
};

/** Payloads near the event's example, or anything at all. */
const payloads = (example: Record<string, unknown>) =>
  fc.oneof(
    junk,
    bodiesLike(example)
      .map((body) => body.parsed)
      .filter((parsed) => parsed !== undefined),
  );

async function expectNothingChanged() {
  expect(socket.connected).toBe(true);
  expect((await fetch(`${server.directUrl}/healthz`)).status).toBe(200);
  // The connection still answers a good request.
  expect((await emit(socket, 'voice:presence', { gameId: GAME })).ok).toBe(true);
  expect(await storedData(inspect)).toEqual(before);
}

describe('fuzzing every socket event', () => {
  it.each(EVENTS)(
    '$event answers every bad payload with a bad_request acknowledgement',
    async ({ event, schema, example }) => {
      await fc.assert(
        fc.asyncProperty(payloads(example), async (payload) => {
          fc.pre(!schema.safeParse(overTheWire(payload)).success);
          const answer = await emitUntyped(socket, event, payload);
          expect(answer).toEqual({
            ok: false,
            error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
          });
        }),
        fuzzParameters(),
      );
      await expectNothingChanged();
    },
    60_000,
  );

  it('answers fields of pathological text, up to the size a socket may send, with bad_request', async () => {
    interface Field {
      event: string;
      schema: z.ZodType;
      payload: (text: string) => Record<string, unknown>;
    }
    const fields: Field[] = [
      { event: 'chat:join', schema: chatJoinSchema, payload: (text) => ({ gameId: text }) },
      {
        event: 'chat:send',
        schema: chatSendSchema,
        payload: (text) => ({ gameId: GAME, message: text, team: 'home', teamName: 'Chiefs' }),
      },
      {
        event: 'chat:history',
        schema: chatHistorySchema,
        payload: (text) => ({ gameId: GAME, before: text, limit: 10 }),
      },
      {
        event: 'chat:delete',
        schema: chatDeleteSchema,
        payload: (text) => ({ gameId: GAME, messageId: text }),
      },
      {
        event: 'chat:react',
        schema: chatReactSchema,
        payload: (text) => ({ gameId: GAME, messageId: '1-0', emoji: text, reacted: true }),
      },
      {
        event: 'chat:seen',
        schema: chatSeenSchema,
        payload: (text) => ({ gameId: GAME, messageId: text }),
      },
      { event: 'chat:unread', schema: chatUnreadSchema, payload: (text) => ({ gameIds: [GAME, text] }) },
      {
        event: 'chat:timeout',
        schema: chatTimeoutSchema,
        payload: (text) => ({ gameId: GAME, login: text, minutes: 5 }),
      },
      {
        event: 'voice:signal',
        schema: voiceSignalSchema,
        payload: (text) => ({ gameId: GAME, to: text, data: { type: 'offer', sdp: 'v=0' } }),
      },
    ];
    // One field per payload, at most 400,000 characters: JSON escaping can double that, still under
    // the megabyte past which Socket.IO cuts the connection (tested below).
    const text = pathologicalText({ minLength: 1_000, maxLength: 400_000 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), text, async (field, value) => {
        const payload = field.payload(value);
        fc.pre(!field.schema.safeParse(overTheWire(payload)).success);
        expect(await emitUntyped(socket, field.event, payload)).toEqual({
          ok: false,
          error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
        });
      }),
      fuzzParameters<[Field, string]>(FUZZ_LARGE_RUNS),
    );
    await expectNothingChanged();
  }, 60_000);

  it('survives payloads without an acknowledgement, bogus callbacks, extra arguments and binary data', async () => {
    const extras = fc.array(fc.oneof(junk, fc.constant(new Uint8Array([0, 1, 2, 255]))), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EVENTS),
        payloads({ gameId: GAME }),
        extras,
        async ({ event, schema }, payload, rest) => {
          fc.pre(!schema.safeParse(overTheWire(payload)).success);
          const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
          raw.emit(event, payload, ...rest); // no callback: nothing comes back, nothing breaks
          raw.emit(event, Buffer.from(JSON.stringify(payload) ?? 'null'));
          const answer = await emitUntyped(socket, event, new Uint8Array([123, 125]));
          expect(answer).toMatchObject({ ok: false, error: { code: 'bad_request' } });
        },
      ),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('ignores events it does not know, and keeps serving', async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        'admin:flush',
        'chat:purge',
        'connect',
        'disconnect',
        'error',
        '__proto__',
        'constructor',
      ),
    );
    await fc.assert(
      fc.asyncProperty(name, junk, async (event, payload) => {
        fc.pre(!EVENTS.some((known) => known.event === event));
        const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
        try {
          raw.emit(event, payload);
        } catch {
          // socket.io-client itself refuses reserved names (connect, disconnect, ...) before sending
        }
      }),
      fuzzParameters(),
    );
    await expectNothingChanged();
  }, 60_000);

  it('cuts a connection that sends more than a megabyte, and serves everyone else', async () => {
    const other = await socketAt(server.baseUrl, cookie);
    const closed = new Promise<string>((resolve) => other.once('disconnect', resolve));
    other.emit(
      'chat:send',
      { gameId: GAME, message: 'x'.repeat(1_100_000), team: 'home', teamName: 'Chiefs' },
      () => {},
    );
    expect(await closed).toMatch(/transport (close|error)/);
    await expectNothingChanged();
  }, 30_000);
});

describe('fuzzing the order of room requests', () => {
  /** The games a connection listens to on the fuzz run's Redis (their feed's sharded channel). */
  async function listenedGames(): Promise<string[]> {
    const channels = (await inspect.call('PUBSUB', 'SHARDCHANNELS', 'tt:chat:*:feed')) as string[];
    return ROOM_GAMES.filter((gameId) => channels.includes(keys.chatFeed(gameId)));
  }

  /** The chat rooms (game, unread, moderation log) of these games that have sockets on the instance. */
  function chatRooms(): string[] {
    const rooms = [...server.app.io.of('/').adapter.rooms.keys()];
    return rooms.filter((room) => ROOM_GAMES.some((gameId) => room.endsWith(`:${gameId}`))).sort();
  }

  /** An acknowledged request with no deadline: a socket that disconnects never answers. */
  const request = (socket: TestSocket, { event, payload }: ReturnType<typeof toRequest>) =>
    new Promise<unknown>((resolve) =>
      (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit(event, payload, resolve),
    );

  it('listens to exactly the games its sockets are in, and keeps no room of a socket that went', async () => {
    await fc.assert(
      fc.asyncProperty(
        roomRequests({ sockets: ROOM_SOCKETS, games: ROOM_GAMES.length }),
        async (requests) => {
          // Each slot's sockets, opened beforehand: a disconnect moves its slot on to the next one at
          // once, so the requests below go out together (but at a pause), none waiting for an answer.
          const opened = await Promise.all(
            Array.from({ length: ROOM_SOCKETS }, (_, slot) => {
              const disconnects = requests.filter((r) => r.slot === slot && r.action === 'disconnect');
              return Promise.all(
                Array.from({ length: disconnects.length + 1 }, () =>
                  socketAt(server.baseUrl, roomCookies[slot % 2]!),
                ),
              );
            }),
          );
          const current = opened.map((sockets) => sockets[0]!);
          const inRooms = current.map(() => new Set<string>());
          const answers = new Map<TestSocket, Array<{ action: string; answer: Promise<unknown> }>>();
          for (const r of requests) {
            const socket = current[r.slot]!;
            if (r.action === 'pause') {
              await new Promise((resolve) => setTimeout(resolve, 1));
              continue;
            }
            if (r.action === 'disconnect') {
              socket.disconnect();
              current[r.slot] = opened[r.slot]![opened[r.slot]!.indexOf(socket) + 1]!;
              inRooms[r.slot] = new Set();
              continue;
            }
            if (r.action === 'join') inRooms[r.slot]!.add(ROOM_GAMES[r.game]!);
            if (r.action === 'leave') inRooms[r.slot]!.delete(ROOM_GAMES[r.game]!);
            const answer = request(socket, toRequest(r));
            answers.set(socket, [...(answers.get(socket) ?? []), { action: r.action, answer }]);
          }
          try {
            // Every socket still connected is answered: yes, or for the fan who opens the log, no.
            for (const [slot, socket] of current.entries()) {
              for (const { action, answer } of answers.get(socket) ?? []) {
                const refusal = { ok: false, error: { code: 'forbidden' } };
                const fanOpensLog = slot % 2 === 0 && action === 'moderation-log';
                expect(await answer).toMatchObject(fanOpensLog ? refusal : { ok: true });
              }
            }
            const expected = ROOM_GAMES.filter((gameId) => inRooms.some((rooms) => rooms.has(gameId)));
            const settle = { interval: 10, timeout: 3000 };
            await expect.poll(listenedGames, settle).toEqual(expected);
            expect(chatRooms().filter((room) => room.startsWith('game:'))).toEqual(
              expected.map((gameId) => `game:${gameId}`),
            );
          } finally {
            for (const sockets of opened) for (const socket of sockets) socket.close();
          }
          await expect.poll(listenedGames, { interval: 10, timeout: 3000 }).toEqual([]);
          await expect.poll(chatRooms, { interval: 10, timeout: 3000 }).toEqual([]);
        },
      ),
      fuzzParameters<[RoomRequest[]]>(),
    );
    // Every socket of the property is gone, counted out of its login.
    for (const login of [FAN, MODERATOR]) {
      await expect
        .poll(() => inspect.exists(keys.socketCount(login)), { interval: 10, timeout: 3000 })
        .toBe(0);
    }
    await expectNothingChanged();
  }, 120_000);
});

/** The socket request a room request stands for (a disconnect or a pause is not one). */
function toRequest({ action, game, games }: RoomRequest) {
  const gameId = ROOM_GAMES[game]!;
  switch (action) {
    case 'join':
      return { event: 'chat:join', payload: { gameId } };
    case 'leave':
      return { event: 'chat:leave', payload: { gameId } };
    case 'unread':
      return { event: 'chat:unread', payload: { gameIds: games.map((i) => ROOM_GAMES[i]!) } };
    default:
      return { event: 'chat:moderation-log', payload: { gameId } };
  }
}
