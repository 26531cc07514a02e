/**
 * Property-based fuzzing of every socket event (fast-check): malformed, oversized and type-confused
 * payloads, missing or bogus acknowledgement callbacks, binary data, unknown events. Every bad payload
 * gets an error acknowledgement ({ ok: false, error: bad_request }), the connection and the process
 * stay up, and nothing stored changes. A league's draft room (`league~<id>`) and the league:* events
 * answer not_found for a league the fan is not in and for forged ids, bad_request for ids almost right
 * and for oversized payloads, and never put the fan's socket in a league's room. Then the order of
 * good requests: joins, leaves, follows and disconnects of several sockets in any order leave the
 * instance listening to exactly the games its sockets are in, and no room behind a socket that went;
 * reaction changes from several fans' tabs in any order bring every tab to what a page shows, and
 * never tell the room who changed what.
 * FUZZ_RUNS sets the cases per property (tests/fuzz/runs.ts).
 */
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as chatSchemas from '@shared/schemas/chat';
import {
  leagueCompanyIdSchema,
  leaguePickRequestSchema,
  leagueQueueSetSchema,
  leagueSchema,
  leagueWatchSchema,
  type League,
} from '@shared/schemas/leagues';
import { voiceRoomSchema, voiceSignalSchema } from '@shared/schemas/voice';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import {
  chatReducer,
  initialChatState,
  type ChatAction,
  type ChatState,
} from '@client/features/chat/chat-reducer';
import { keys } from '@server/storage/keys';
import type { TestSocket } from '../helpers/sign-in';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import {
  bodiesLike,
  hostileString,
  junk,
  pathologicalText,
  reactionToggles,
  roomRequests,
  type ReactionToggle,
  type RoomRequest,
} from '../fuzz/arbitraries';
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
/** The reacting fans' session cookies, for the reactions' interleaving property. */
let reactorCookies: string[];
const GAME = 'fuzz-game';
/** Who the interleaving property signs in: a fan's sockets, and a moderator's (who may open the log). */
const FAN = 'fuzz-fan';
const MODERATOR = 'fuzz-moderator';
/** Games and sockets the interleavings play with: few, so requests often meet in one room. */
const ROOM_GAMES = ['fuzz-order-a', 'fuzz-order-b', 'fuzz-order-c'];
const ROOM_SOCKETS = 3;
/** Fans who react, each with two tabs, on two emojis of one message per case. */
const REACTORS = ['fuzz-react-ann', 'fuzz-react-ben', 'fuzz-react-cat'];
const REACTION_GAME = 'fuzz-reactions';
const TOGGLED_EMOJIS = ['🔥', '👍'] as const;
/** A league the fuzzer is not in (its owner's), with a message in its draft room chat. */
let othersLeague: League;
let othersMessageId: string;

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
  reactorCookies = [];
  for (const login of REACTORS) reactorCookies.push((await signInAt(server.baseUrl, login)).cookieHeader());
  const seeded = await emit(socket, 'chat:send', {
    gameId: GAME,
    message: 'kick-off',
    team: 'home',
    teamName: 'Chiefs',
  });
  expect(seeded.ok).toBe(true);
  const ownerCookie = (await signInAt(server.baseUrl, 'fuzz-league-owner')).cookieHeader();
  const created = await fetch(`${server.baseUrl}/api/leagues`, {
    method: 'POST',
    headers: { cookie: ownerCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Not yours', pickSeconds: 30 }),
  });
  othersLeague = leagueSchema.parse(await created.json());
  const owner = await socketAt(server.baseUrl, ownerCookie);
  const inLeague = await emit(owner, 'chat:send', {
    gameId: chatSchemas.leagueChatRoomId(othersLeague.id),
    message: 'members only',
    team: 'home',
    teamName: 'Not yours',
  });
  owner.close();
  if (!inLeague.ok) throw new Error(inLeague.error.message);
  othersMessageId = inLeague.data.id;
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
  { event: 'chat:join', schema: chatSchemas.chatJoinSchema, example: { gameId: GAME } },
  { event: 'chat:leave', schema: chatSchemas.chatJoinSchema, example: { gameId: GAME } },
  {
    event: 'chat:send',
    schema: chatSchemas.chatSendSchema,
    example: { gameId: GAME, message: 'Go!', team: 'home', teamName: 'Chiefs' },
  },
  {
    event: 'chat:history',
    schema: chatSchemas.chatHistorySchema,
    example: { gameId: GAME, before: '1-0', limit: 10 },
  },
  { event: 'chat:sync', schema: chatSchemas.chatSyncSchema, example: { gameId: GAME, after: '1-0' } },
  { event: 'chat:delete', schema: chatSchemas.chatDeleteSchema, example: { gameId: GAME, messageId: '1-0' } },
  {
    event: 'chat:react',
    schema: chatSchemas.chatReactSchema,
    example: { gameId: GAME, messageId: '1-0', emoji: '👍', reacted: true },
  },
  { event: 'chat:speakers', schema: chatSchemas.chatSpeakersSchema, example: { gameId: GAME } },
  { event: 'chat:seen', schema: chatSchemas.chatSeenSchema, example: { gameId: GAME, messageId: '1-0' } },
  { event: 'chat:unread', schema: chatSchemas.chatUnreadSchema, example: { gameIds: [GAME, 'other-game'] } },
  { event: 'chat:slow-mode', schema: chatSchemas.chatSlowModeSchema, example: { gameId: GAME, seconds: 30 } },
  {
    event: 'chat:timeout',
    schema: chatSchemas.chatTimeoutSchema,
    example: { gameId: GAME, login: 'someone', minutes: 5 },
  },
  { event: 'chat:moderation-log', schema: chatSchemas.chatModerationLogSchema, example: { gameId: GAME } },
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
      { event: 'chat:join', schema: chatSchemas.chatJoinSchema, payload: (text) => ({ gameId: text }) },
      {
        event: 'chat:send',
        schema: chatSchemas.chatSendSchema,
        payload: (text) => ({ gameId: GAME, message: text, team: 'home', teamName: 'Chiefs' }),
      },
      {
        event: 'chat:history',
        schema: chatSchemas.chatHistorySchema,
        payload: (text) => ({ gameId: GAME, before: text, limit: 10 }),
      },
      {
        event: 'chat:delete',
        schema: chatSchemas.chatDeleteSchema,
        payload: (text) => ({ gameId: GAME, messageId: text }),
      },
      {
        event: 'chat:react',
        schema: chatSchemas.chatReactSchema,
        payload: (text) => ({ gameId: GAME, messageId: '1-0', emoji: text, reacted: true }),
      },
      {
        event: 'chat:seen',
        schema: chatSchemas.chatSeenSchema,
        payload: (text) => ({ gameId: GAME, messageId: text }),
      },
      {
        event: 'chat:unread',
        schema: chatSchemas.chatUnreadSchema,
        payload: (text) => ({ gameIds: [GAME, text] }),
      },
      {
        event: 'chat:timeout',
        schema: chatSchemas.chatTimeoutSchema,
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

describe('fuzzing league rooms and league events with ids the fan may not use', () => {
  /** A shared schema, written with zod's classic API or its tree-shakable one. */
  type AnySchema = { safeParse(value: unknown): { success: boolean } };
  const COMPANY = CATALOGUE_COMPANIES[0]!.link;

  /** Every event that names a chat room or a league, with a payload for a given league id. */
  const LEAGUE_EVENTS: Array<{ event: string; schema: AnySchema; payload: (leagueId: string) => unknown }> = [
    ...EVENTS.filter(({ event }) => event.startsWith('chat:') && event !== 'chat:unread').map(
      ({ event, schema, example }) => ({
        event,
        schema,
        payload: (leagueId: string) => ({
          ...example,
          gameId: chatSchemas.leagueChatRoomId(leagueId),
          ...('messageId' in example ? { messageId: othersMessageId } : {}),
        }),
      }),
    ),
    {
      event: 'chat:unread',
      schema: chatSchemas.chatUnreadSchema,
      payload: (leagueId) => ({ gameIds: [GAME, chatSchemas.leagueChatRoomId(leagueId)] }),
    },
    { event: 'league:watch', schema: leagueWatchSchema, payload: (leagueId) => ({ leagueId }) },
    { event: 'league:unwatch', schema: leagueWatchSchema, payload: (leagueId) => ({ leagueId }) },
    {
      event: 'league:pick',
      schema: leaguePickRequestSchema,
      payload: (leagueId) => ({ leagueId, companyId: COMPANY }),
    },
    {
      event: 'league:queue-set',
      schema: leagueQueueSetSchema,
      payload: (leagueId) => ({ leagueId, companyIds: [COMPANY] }),
    },
  ];

  /** The rooms of the fuzzer's sockets on the server that belong to a league. */
  const leagueRoomsOfFuzzer = () =>
    [...server.app.io.of('/').sockets.values()]
      .filter((serverSocket) => serverSocket.data.login === 'fuzzer')
      .flatMap((serverSocket) => [...serverSocket.rooms])
      .filter((room) => room.includes('league'));

  async function expectNoLeagueReached() {
    expect(leagueRoomsOfFuzzer()).toEqual([]);
    await expectNothingChanged();
  }

  it('answers not_found for a league the fan is not in and for forged league ids, on every chat and league event', async () => {
    const leagueId = fc.oneof(fc.constant(othersLeague.id), fc.stringMatching(/^[\w-]{16}$/));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LEAGUE_EVENTS),
        leagueId,
        async ({ event, schema, payload }, id) => {
          const sent = payload(id);
          expect(schema.safeParse(sent).success).toBe(true);
          const answer = await emitUntyped(socket, event, sent);
          // Leaving needs no membership: it answers yes, and the socket is in none of the rooms.
          if (event === 'chat:leave' || event === 'league:unwatch')
            expect(answer).toEqual({ ok: true, data: null });
          else expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
        },
      ),
      fuzzParameters(),
    );
    await expectNoLeagueReached();
  }, 60_000);

  it('answers bad_request for league room ids and league ids that are almost right, or broken', async () => {
    const almost = fc.oneof(
      fc.constantFrom(
        `league~${othersLeague.id}x`,
        `league~${othersLeague.id.slice(1)}`,
        `League~${othersLeague.id}`,
        `league~~${othersLeague.id}`,
        `league~ ${othersLeague.id}`,
        `league:${othersLeague.id}`,
        `league~${othersLeague.id}\n`,
        `league~${othersLeague.id.slice(0, 15)}~`,
        `league~${othersLeague.id.slice(0, 15)}/`,
        '__proto__',
        'league~',
      ),
      hostileString.map((text) => `league~${text}`),
      fc.stringMatching(/^[\w-]{16}$/).map((id) => `${id}\u0000`),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LEAGUE_EVENTS), almost, async ({ event, schema, payload }, id) => {
        // A league event takes the id itself; a chat event the room id made of it.
        const base = payload(othersLeague.id) as Record<string, unknown>;
        const sent = event.startsWith('league:') ? { ...base, leagueId: id } : withRoom(base, id);
        // What a schema still takes is a game's room (open to all): not what this property is about.
        fc.pre(!schema.safeParse(overTheWire(sent)).success);
        expect(await emitUntyped(socket, event, sent)).toEqual({
          ok: false,
          error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
        });
      }),
      fuzzParameters(),
    );
    await expectNoLeagueReached();
  }, 60_000);

  it('answers oversized league payloads with bad_request, and cuts a connection that sends more than a megabyte', async () => {
    const text = pathologicalText({ minLength: 1_000, maxLength: 400_000 });
    const oversized = fc.oneof(
      text.map((value) => ({ event: 'chat:join', payload: { gameId: `league~${value}` } })),
      text.map((value) => ({ event: 'league:watch', payload: { leagueId: value } })),
      text.map((value) => ({
        event: 'league:pick',
        payload: { leagueId: othersLeague.id, companyId: value },
      })),
      // A queue far past its 50 companies, or one company id past its length.
      fc.integer({ min: 51, max: 20_000 }).map((count) => ({
        event: 'league:queue-set',
        payload: { leagueId: othersLeague.id, companyIds: Array.from({ length: count }, () => COMPANY) },
      })),
      text.map((value) => ({
        event: 'league:queue-set',
        payload: { leagueId: othersLeague.id, companyIds: [`/companies/${value}`] },
      })),
    );
    await fc.assert(
      fc.asyncProperty(oversized, async ({ event, payload }) => {
        const schema = LEAGUE_EVENTS.find((known) => known.event === event)!.schema;
        fc.pre(!schema.safeParse(overTheWire(payload)).success);
        expect(await emitUntyped(socket, event, payload)).toEqual({
          ok: false,
          error: { code: 'bad_request', message: expect.stringMatching(/^Invalid request: /) },
        });
      }),
      fuzzParameters(FUZZ_LARGE_RUNS),
    );
    expect(leagueCompanyIdSchema.safeParse(COMPANY).success).toBe(true);

    const other = await socketAt(server.baseUrl, cookie);
    const closed = new Promise<string>((resolve) => other.once('disconnect', resolve));
    other.emit(
      'league:queue-set',
      { leagueId: othersLeague.id, companyIds: Array.from({ length: 60_000 }, () => COMPANY) },
      () => {},
    );
    expect(await closed).toMatch(/transport (close|error)/);
    await expectNoLeagueReached();
  }, 60_000);
});

/** A chat payload with its room (`gameId`, or the league's in `gameIds`) replaced by `roomId`. */
function withRoom(payload: unknown, roomId: string): unknown {
  const fields = payload as Record<string, unknown>;
  return 'gameIds' in fields ? { ...fields, gameIds: [GAME, roomId] } : { ...fields, gameId: roomId };
}

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

describe('fuzzing the order of reaction changes', () => {
  type Changed = Extract<ChatAction, { type: 'reactions-changed' }>['changed'];

  it("brings every tab to the room's reactions and its fan's own, and tells the room nobody's change", async () => {
    // Two tabs per fan, index `2 * fan + n`, all in the room, and someone watching there.
    const tabs = await Promise.all(
      reactorCookies.flatMap((reactor) => [0, 1].map(() => socketAt(server.baseUrl, reactor))),
    );
    const watcher = await socketAt(server.baseUrl, roomCookies[1]);
    const everyone = [...tabs, watcher];
    const fanOf = (tab: number) => Math.floor(tab / 2);
    try {
      for (const tab of everyone)
        expect((await emit(tab, 'chat:join', { gameId: REACTION_GAME })).ok).toBe(true);
      await fc.assert(
        fc.asyncProperty(
          reactionToggles({ tabs: tabs.length, emojis: TOGGLED_EMOJIS.length }),
          async (toggles: ReactionToggle[]) => {
            const sent = await emit(tabs[0]!, 'chat:send', {
              gameId: REACTION_GAME,
              message: 'Pick six!',
              team: 'home',
              teamName: 'Chiefs',
            });
            if (!sent.ok) throw new Error(sent.error.message);
            const message = sent.data;
            // Each tab's chat as the app keeps it (its reducer), from a page read before any reaction.
            const views: ChatState[] = everyone.map(() =>
              chatReducer(initialChatState, {
                type: 'loaded',
                messages: [message],
                hasMore: false,
                version: 0,
                mine: {},
              }),
            );
            const apply = (tab: number, changed: Changed) => {
              if (changed.messageId === message.id)
                views[tab] = chatReducer(views[tab]!, { type: 'reactions-changed', changed });
            };
            const roomPushes: Changed[] = [];
            const ownPushes: Changed[][] = everyone.map(() => []);
            const listeners = everyone.map((tab, i) => {
              const room = (changed: Changed) => {
                if (changed.messageId === message.id) roomPushes.push(changed);
                apply(i, changed);
              };
              const own = (changed: Changed) => {
                if (changed.messageId === message.id) ownPushes[i]!.push(changed);
                apply(i, changed);
              };
              tab.on('chat:reactions-changed', room);
              tab.on('chat:my-reaction-changed', own);
              return () => {
                tab.off('chat:reactions-changed', room);
                tab.off('chat:my-reaction-changed', own);
              };
            });
            try {
              const answered: Array<Promise<{ fan: number; changed: Changed }>> = [];
              for (const { tab, emoji, reacted, pause } of toggles) {
                if (pause) await new Promise((resolve) => setTimeout(resolve, 1));
                const payload = {
                  gameId: REACTION_GAME,
                  messageId: message.id,
                  emoji: TOGGLED_EMOJIS[emoji]!,
                  reacted,
                };
                answered.push(
                  emit(tabs[tab]!, 'chat:react', payload).then((answer) => {
                    if (!answer.ok) throw new Error(answer.error.message);
                    apply(tab, answer.data);
                    return { fan: fanOf(tab), changed: answer.data };
                  }),
                );
              }
              const answers = await Promise.all(answered);
              // The watcher claps last (a change on this new message): once every tab has its push,
              // each has had every push before it.
              const last = await emit(watcher, 'chat:react', {
                gameId: REACTION_GAME,
                messageId: message.id,
                emoji: '👏',
                reacted: true,
              });
              if (!last.ok) throw new Error(last.error.message);
              apply(everyone.length - 1, last.data);
              await expect
                .poll(() => views.map((view) => view.messages[0]?.reactionsVersion), {
                  interval: 10,
                  timeout: 3000,
                })
                .toEqual(views.map(() => last.data.version));

              // The room is told counts and the first fans of each reaction, never who changed one.
              for (const push of roomPushes) {
                expect(Object.keys(push).sort()).toEqual(['gameId', 'messageId', 'reactions', 'version']);
              }
              // A fan's own changes reach that fan's tabs only.
              for (const [i, pushes] of ownPushes.entries()) {
                const fan = i < tabs.length ? fanOf(i) : -1;
                const theirs =
                  fan === -1 ? [last.data] : answers.filter((a) => a.fan === fan).map((a) => a.changed);
                for (const push of pushes) expect(theirs).toContainEqual(push);
              }
              // Every tab shows what a page read now shows: the reactions, and its fan's own.
              const readers = [...REACTORS.map((_, fan) => tabs[2 * fan]!), watcher];
              for (const [reader, socket] of readers.entries()) {
                const page = await emit(socket, 'chat:history', { gameId: REACTION_GAME, limit: 1 });
                if (!page.ok) throw new Error(page.error.message);
                const [listed] = page.data.messages;
                expect(listed?.id).toBe(message.id);
                const viewsOfReader =
                  reader < REACTORS.length ? [2 * reader, 2 * reader + 1] : [everyone.length - 1];
                for (const tab of viewsOfReader) {
                  const shown = views[tab]!.messages[0]!;
                  expect(shown.reactions ?? []).toEqual(listed!.reactions ?? []);
                  expect([...(shown.myReactions ?? [])].sort()).toEqual(
                    [...(page.data.mine[message.id] ?? [])].sort(),
                  );
                }
              }
            } finally {
              for (const stop of listeners) stop();
            }
          },
        ),
        fuzzParameters<[ReactionToggle[]]>(),
      );
    } finally {
      for (const tab of everyone) tab.close();
      // What the property stored (its messages and reactions) goes: nothing else here is to change.
      let cursor = '0';
      do {
        const [next, stored] = await inspect.scan(cursor, 'MATCH', `*{${REACTION_GAME}}*`, 'COUNT', 500);
        cursor = next;
        if (stored.length > 0) await inspect.del(...stored);
      } while (cursor !== '0');
    }
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
