/**
 * A league's draft room chat: the game rooms' chat machinery, its members' only. Two instances behind
 * the run's one Redis, real socket.io-client fans signed in through the development sign-in; a
 * non-member is told the room does not exist and changes nothing stored, and the league's
 * commissioner moderates there (and only there).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { leagueChatRoomId } from '@shared/schemas/chat';
import { leagueSchema, type League } from '@shared/schemas/leagues';
import { emit } from '../helpers/emit';
import { unique } from '../helpers/ids';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';
import { closeChatRoomsAfterEach, dataOf, gameData, next, say, startInstance } from './chat-room-helpers';

closeChatRoomsAfterEach();

let opened: TestSocket[] = [];
afterEach(() => {
  for (const socket of opened) socket.close();
  opened = [];
});

/** A signed-in fan on `app`: a socket, and REST with the same session. */
async function person(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  opened.push(signedIn.socket);
  const cookie = signedIn.client.cookieHeader();
  const rest = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { socket: signedIn.socket, login: signedIn.user.login, rest };
}
type Person = Awaited<ReturnType<typeof person>>;

/** Alice's league on instance A with Bob seated from instance B; Carol is signed in but not in it. */
async function leagueOfFriends() {
  const a = await startInstance();
  const b = await startInstance();
  const alice = await person(a, 'alice');
  const bob = await person(b, 'bob');
  const carol = await person(b, 'carol');
  const created = await alice.rest('POST', '/api/leagues', { name: 'Friday Founders', pickSeconds: 30 });
  expect(created.status).toBe(201);
  const league: League = leagueSchema.parse(created.body);
  expect((await bob.rest('POST', `/api/leagues/invites/${league.inviteCode}/join`)).status).toBe(200);
  return { a, b, alice, bob, carol, league, room: leagueChatRoomId(league.id) };
}

const joinRoom = async (who: Person, room: string) =>
  dataOf(await emit(who.socket, 'chat:join', { gameId: room }));

describe("a league's draft room chat", () => {
  it('carries a member’s message to another member on the other instance', async () => {
    const { alice, bob, room } = await leagueOfFriends();
    await joinRoom(alice, room);
    await joinRoom(bob, room);
    const arrived = next(bob.socket, 'chat:message-created', (message) => message.gameId === room);
    const sent = await say(alice.socket, room, 'Who takes Stripe first?');
    expect(await arrived).toEqual(sent);
    expect(sent).toMatchObject({ gameId: room, login: alice.login, message: 'Who takes Stripe first?' });
    const page = dataOf(await emit(bob.socket, 'chat:history', { gameId: room, limit: 50 }));
    expect(page.messages.map((message) => message.message)).toEqual(['Who takes Stripe first?']);
  });

  it('tells a non-member the room does not exist, on every event and REST, and stores nothing', async () => {
    const { alice, carol, room } = await leagueOfFriends();
    await joinRoom(alice, room);
    const message = await say(alice.socket, room, 'members only');
    const before = await gameData(room);
    const notFound = { ok: false, error: { code: 'not_found' } };
    const attempts = [
      emit(carol.socket, 'chat:join', { gameId: room }),
      emit(carol.socket, 'chat:send', { gameId: room, message: 'let me in', team: 'home', teamName: 'x' }),
      emit(carol.socket, 'chat:history', { gameId: room, limit: 50 }),
      emit(carol.socket, 'chat:sync', { gameId: room, after: '0-0' }),
      emit(carol.socket, 'chat:react', { gameId: room, messageId: message.id, emoji: '😢', reacted: true }),
      emit(carol.socket, 'chat:speakers', { gameId: room }),
      emit(carol.socket, 'chat:seen', { gameId: room, messageId: message.id }),
      emit(carol.socket, 'chat:unread', { gameIds: [room] }),
      emit(carol.socket, 'chat:delete', { gameId: room, messageId: message.id }),
      emit(carol.socket, 'chat:slow-mode', { gameId: room, seconds: 30 }),
      emit(carol.socket, 'chat:timeout', { gameId: room, login: alice.login, minutes: 5 }),
      emit(carol.socket, 'chat:moderation-log', { gameId: room }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject(notFound);
    const path = `/api/chat/games/${room}/messages`;
    expect(await carol.rest('GET', path)).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(
      await carol.rest('POST', path, { message: 'hi', team: 'home', awayTeam: 'A', homeTeam: 'B' }),
    ).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    // A league that does not exist answers the same: nothing tells the two apart.
    const nowhere = leagueChatRoomId('A'.repeat(16));
    expect(await emit(carol.socket, 'chat:join', { gameId: nowhere })).toMatchObject(notFound);
    expect(await gameData(room)).toEqual(before);
  });

  it('lets the commissioner delete and time out there, and not a plain member', async () => {
    const { alice, bob, room } = await leagueOfFriends();
    await joinRoom(alice, room);
    await joinRoom(bob, room);
    const fromAlice = await say(alice.socket, room, 'I pick first');
    const fromBob = await say(bob.socket, room, 'rigged!');

    const before = await gameData(room);
    const forbidden = { ok: false, error: { code: 'forbidden' } };
    expect(await emit(bob.socket, 'chat:delete', { gameId: room, messageId: fromAlice.id })).toMatchObject(
      forbidden,
    );
    expect(
      await emit(bob.socket, 'chat:timeout', { gameId: room, login: alice.login, minutes: 5 }),
    ).toMatchObject(forbidden);
    expect(await emit(bob.socket, 'chat:slow-mode', { gameId: room, seconds: 5 })).toMatchObject(forbidden);
    expect(await emit(bob.socket, 'chat:moderation-log', { gameId: room })).toMatchObject(forbidden);
    expect(await gameData(room)).toEqual(before);

    const deleted = next(bob.socket, 'chat:message-deleted');
    dataOf(await emit(alice.socket, 'chat:delete', { gameId: room, messageId: fromBob.id }));
    expect(await deleted).toEqual({ gameId: room, messageId: fromBob.id });
    const muted = dataOf(
      await emit(alice.socket, 'chat:timeout', { gameId: room, login: bob.login, minutes: 5 }),
    );
    expect(muted).toMatchObject({ gameId: room, login: bob.login });
    expect(
      await emit(bob.socket, 'chat:send', { gameId: room, message: 'sorry', team: 'home', teamName: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'chat_muted' },
    });
    const log = dataOf(await emit(alice.socket, 'chat:moderation-log', { gameId: room }));
    expect(log.entries.map((entry) => entry.action).sort()).toEqual(['delete', 'timeout']);
    const page = dataOf(await emit(alice.socket, 'chat:history', { gameId: room, limit: 50 }));
    expect(page.messages.map((message) => message.message)).toEqual(['I pick first']);
  });

  it('gives the commissioner no role in a game room, which stays open to everyone', async () => {
    const { alice, carol } = await leagueOfFriends();
    const gameId = unique('game');
    await joinRoom(carol, gameId);
    const fromCarol = await say(carol.socket, gameId, 'open to all');
    await joinRoom(alice, gameId);
    expect(await emit(alice.socket, 'chat:delete', { gameId, messageId: fromCarol.id })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect((await carol.rest('GET', `/api/chat/games/${gameId}/messages`)).status).toBe(200);
  });
});
