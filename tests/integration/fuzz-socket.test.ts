/**
 * Property-based fuzzing of every socket event (fast-check): malformed, oversized and type-confused
 * payloads, missing or bogus acknowledgement callbacks, binary data, unknown events. Every bad payload
 * gets an error acknowledgement ({ ok: false, error: bad_request }), the connection and the process
 * stay up, and nothing stored changes. FUZZ_RUNS sets the cases per property (tests/fuzz/runs.ts).
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
import type { TestSocket } from '../helpers/sign-in';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { bodiesLike, junk, pathologicalText } from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';
import { storedData } from '../fuzz/snapshot';

let redis: RedisServer;
let inspect: Redis;
let server: FaultApp;
let socket: TestSocket;
let cookie: string;
let before: Map<string, string>;
const GAME = 'fuzz-game';

beforeAll(async () => {
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
  // One socket sends every case (thousands with FUZZ_RUNS): a budget it never spends, so each bad
  // payload meets validation, not the event budget.
  server = await startFaultApp({
    redisUrl: redis.url,
    env: { CHAT_RATE_LIMIT: '1000000', SOCKET_EVENT_BURST: '1000000000' },
  });
  cookie = (await signInAt(server.baseUrl, 'fuzzer')).cookieHeader();
  socket = await socketAt(server.baseUrl, cookie);
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
