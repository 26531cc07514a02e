/**
 * Leagues with friends across instances: two app instances on one Redis (a Redis of this file's own,
 * so the draft clocks' lead and deadlines are its alone), real socket.io-client fans signed in
 * through the development sign-in. The server's clock is injected and the draft clocks are stepped by
 * hand (clocks.tick()), so every deadline below is exact and nothing waits on a real clock.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import { AI_TEAM_NAMES, aiScoreBonus } from '@shared/fantasy/ai-picks';
import {
  LEAGUE_AI_PICK_DELAY_MS,
  LEAGUE_MAX_SEATS,
  leagueSchema,
  type League,
  type LeagueInvitePreview,
  type LeagueList,
  type LeagueQueue,
} from '@shared/schemas/leagues';
import { keys } from '@server/storage/keys';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { storedData } from '../fuzz/snapshot';
import { unique } from '../helpers/ids';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';

let redis: RedisServer;
let inspect: Redis;
let apps: Array<FaultApp | TestApp> = [];
let sockets: TestSocket[] = [];
/** The server's clock, shared by every instance of a test. */
let nowMs = Date.parse('2026-11-27T12:00:00.000Z');
const now = () => nowMs;

beforeAll(async () => {
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
}, 30_000);
afterAll(async () => {
  inspect?.disconnect();
  await redis?.stop();
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  await inspect.flushall();
});

/** An instance on this file's Redis whose draft clocks the test ticks by hand. */
async function instance(): Promise<FaultApp> {
  const app = await startFaultApp({ redisUrl: redis.url, deps: { leagues: { now, clockTicks: false } } });
  apps.push(app);
  return app;
}

/** A signed-in fan: REST on any instance with the one session, sockets wherever the test opens them. */
async function fan(at: FaultApp | TestApp, name: string) {
  const login = unique(name);
  const client = await signInAt(at.baseUrl, login);
  const cookie = client.cookieHeader();
  const rest = async (base: FaultApp | TestApp, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base.baseUrl}/api/leagues${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const socket = async (base: FaultApp | TestApp) => {
    const opened = await socketAt(base.baseUrl, cookie);
    sockets.push(opened);
    return opened;
  };
  return { login, cookie, rest, socket };
}
type Fan = Awaited<ReturnType<typeof fan>>;

/** Every league:changed and league:queue-changed a socket receives, newest last. */
function watchEvents(socket: TestSocket) {
  const leagues: League[] = [];
  const queues: LeagueQueue[] = [];
  socket.on('league:changed', (league) => leagues.push(league));
  socket.on('league:queue-changed', (queue) => queues.push(queue));
  return {
    leagues,
    queues,
    latest: () => leagues.at(-1),
    /** Waits until the socket has seen this version (the push is asynchronous, through the adapter). */
    seen: (version: number) =>
      vi.waitFor(() => expect(leagues.at(-1)?.version).toBe(version), { timeout: 5000, interval: 5 }),
  };
}

async function createLeague(owner: Fan, at: FaultApp | TestApp, pickSeconds = 30): Promise<League> {
  const created = await owner.rest(at, 'POST', '', { name: 'Friday Founders', pickSeconds });
  expect(created.status).toBe(201);
  return leagueSchema.parse(created.body);
}

async function join(member: Fan, at: FaultApp | TestApp, league: League) {
  return member.rest(at, 'POST', `/invites/${league.inviteCode}/join`);
}

const storedLeague = async (leagueId: string) =>
  JSON.parse((await inspect.get(keys.league(leagueId)))!) as League;

/** Steps the server's clock to the deadline on the clock and lets the leading instance pick. */
async function runOutTheClock(leader: FaultApp | TestApp, league: League) {
  nowMs = Date.parse(league.clock!.deadline);
  return leader.app.leagues.clocks.tick();
}

/** The companies with the smallest AI bonus for every AI team (the AI seats take them last). */
const leastLikedByTheAi = (count: number) =>
  CATALOGUE_COMPANIES.map((company) => ({
    id: company.link,
    bonus: Math.max(...AI_TEAM_NAMES.map((team) => aiScoreBonus(company, team))),
  }))
    .sort((x, y) => x.bonus - y.bonus)
    .slice(0, count)
    .map((company) => company.id);

/** Companies not drafted yet, in catalogue order. */
const available = (league: League) => {
  const taken = new Set(league.picks.map((pick) => pick.companyId));
  return CATALOGUE_COMPANIES.filter((company) => !taken.has(company.link)).map((company) => company.link);
};

describe('a league with friends on two instances', () => {
  it('creates, joins by invite, starts with a drawn order, and drafts 80 picks by people and AI in order, seen at once on both instances', async () => {
    const [a, b] = [await instance(), await instance()];
    const alice = await fan(a, 'alice');
    const bob = await fan(b, 'bob');
    const league = await createLeague(alice, a);
    expect(league).toMatchObject({ status: 'lobby', commissioner: alice.login, version: 1, clock: null });
    expect(league.seats).toEqual([
      { seat: 0, kind: 'person', login: alice.login, teamName: expect.any(String) },
    ]);

    const preview = await bob.rest(b, 'GET', `/invites/${league.inviteCode}`);
    expect(preview.body).toMatchObject({
      leagueId: league.id,
      name: 'Friday Founders',
      people: 1,
      maxSeats: LEAGUE_MAX_SEATS,
      joined: false,
    } satisfies Partial<LeagueInvitePreview>);
    const joined = await join(bob, b, league);
    expect(joined.status).toBe(200);
    expect((joined.body as League).seats.map((seat) => seat.login)).toEqual([alice.login, bob.login]);
    expect(((await bob.rest(a, 'GET', '')).body as LeagueList).leagues.map((l) => l.id)).toEqual([league.id]);

    const aliceSocket = await alice.socket(a);
    const bobSocket = await bob.socket(b);
    const aliceSees = watchEvents(aliceSocket);
    const bobSees = watchEvents(bobSocket);
    expect(await emit(aliceSocket, 'league:watch', { leagueId: league.id })).toMatchObject({
      ok: true,
      data: { league: { version: 2 }, queue: { leagueId: league.id, companyIds: [] } },
    });
    await emit(bobSocket, 'league:watch', { leagueId: league.id });

    const started = await alice.rest(b, 'POST', `/${league.id}/start`);
    expect(started.status).toBe(200);
    let current = leagueSchema.parse(started.body);
    expect(current.status).toBe('drafting');
    expect(current.seats).toHaveLength(LEAGUE_MAX_SEATS);
    expect(current.seats.map((seat) => seat.seat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      current.seats
        .filter((seat) => seat.kind === 'person')
        .map((seat) => seat.login)
        .sort(),
    ).toEqual([alice.login, bob.login].sort());
    expect(
      current.seats
        .filter((seat) => seat.kind === 'ai')
        .map((seat) => seat.teamName)
        .sort(),
    ).toEqual(AI_TEAM_NAMES.slice(0, 8).toSorted());
    await Promise.all([aliceSees.seen(current.version), bobSees.seen(current.version)]);

    const socketOf = (login: string | null) => (login === alice.login ? aliceSocket : bobSocket);
    for (let overall = 1; overall <= 80; overall++) {
      expect(current.clock).toMatchObject({ overall, seat: (overall - 1) % LEAGUE_MAX_SEATS });
      const seat = current.seats[current.clock!.seat]!;
      if (seat.kind === 'person') {
        expect(Date.parse(current.clock!.deadline)).toBe(nowMs + 30_000);
        const choice = available(current)[0]!;
        const answer = await emit(socketOf(seat.login), 'league:pick', {
          leagueId: league.id,
          companyId: choice,
        });
        if (!answer.ok) throw new Error(answer.error.message);
        expect(answer.data.picks.at(-1)).toMatchObject({
          overall,
          seat: seat.seat,
          companyId: choice,
          how: 'pick',
        });
      } else {
        expect(Date.parse(current.clock!.deadline)).toBe(nowMs + LEAGUE_AI_PICK_DELAY_MS);
        nowMs += LEAGUE_AI_PICK_DELAY_MS - 1;
        expect(await a.app.leagues.clocks.tick()).toBe(0);
        nowMs += 1;
        expect(await a.app.leagues.clocks.tick()).toBe(1);
      }
      await Promise.all([aliceSees.seen(current.version + 1), bobSees.seen(current.version + 1)]);
      current = aliceSees.latest()!;
      expect(bobSees.latest()).toEqual(current);
      expect(current.picks).toHaveLength(overall);
      expect(current.picks.at(-1)).toMatchObject({
        overall,
        round: Math.ceil(overall / LEAGUE_MAX_SEATS),
        seat: (overall - 1) % LEAGUE_MAX_SEATS,
        how: seat.kind === 'ai' ? 'ai' : 'pick',
      });
    }
    expect(current.status).toBe('complete');
    expect(current.clock).toBeNull();
    expect(new Set(current.picks.map((pick) => pick.companyId)).size).toBe(80);
    expect(await storedLeague(league.id)).toEqual(current);
    expect(await inspect.hgetall(keys.leagueDeadlines())).toEqual({});
  }, 60_000);

  it('picks from the queue when the clock runs out, then by the AI rules once the queue is empty', async () => {
    const [a, b] = [await instance(), await instance()];
    const alice = await fan(a, 'alice');
    const league = await createLeague(alice, a, 60);
    const aliceSocket = await alice.socket(b);
    const sees = watchEvents(aliceSocket);
    await emit(aliceSocket, 'league:watch', { leagueId: league.id });
    // The two companies the AI rules like least, so the AI seats before hers leave them.
    const [first, second] = leastLikedByTheAi(2);
    expect(
      await emit(aliceSocket, 'league:queue-set', { leagueId: league.id, companyIds: [first!, second!] }),
    ).toEqual({
      ok: true,
      data: { leagueId: league.id, companyIds: [first, second] },
    });

    let current = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/start`)).body);
    const mine = current.seats.find((seat) => seat.login === alice.login)!.seat;
    // The AI seats before hers pick (their own queue is nothing; they take what the AI rules say).
    while (current.clock!.seat !== mine) {
      await runOutTheClock(a, current);
      current = await storedLeague(league.id);
    }
    const deadline = Date.parse(current.clock!.deadline);
    expect(deadline).toBe(nowMs + 60_000);
    nowMs = deadline - 1;
    expect(await a.app.leagues.clocks.tick()).toBe(0);
    expect((await storedLeague(league.id)).picks).toHaveLength(current.picks.length);

    nowMs = deadline;
    expect(await b.app.leagues.clocks.tick()).toBeNull(); // a leads: b never picks
    expect(await a.app.leagues.clocks.tick()).toBe(1);
    current = await storedLeague(league.id);
    expect(current.picks.at(-1)).toMatchObject({ seat: mine, companyId: first, how: 'queue' });
    await vi.waitFor(() => expect(sees.queues.at(-1)).toEqual({ leagueId: league.id, companyIds: [second] }));

    // Next round: the queue still holds `second` unless an AI took it; empty it to see the AI rules pick.
    expect(
      await emit(aliceSocket, 'league:queue-set', { leagueId: league.id, companyIds: [] }),
    ).toMatchObject({ ok: true });
    do {
      await runOutTheClock(a, current);
      current = await storedLeague(league.id);
    } while (current.clock!.seat !== mine);
    await runOutTheClock(a, current);
    current = await storedLeague(league.id);
    expect(current.picks.at(-1)).toMatchObject({ seat: mine, how: 'auto' });
    await sees.seen(current.version);
  }, 30_000);

  it('pauses (the clock stops) and resumes with a full clock, the commissioner only', async () => {
    const [a, b] = [await instance(), await instance()];
    const alice = await fan(a, 'alice');
    const bob = await fan(b, 'bob');
    const league = await createLeague(alice, a, 90);
    await join(bob, b, league);
    const current = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/start`)).body);

    expect(await bob.rest(b, 'POST', `/${league.id}/pause`)).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
    const paused = leagueSchema.parse((await alice.rest(b, 'POST', `/${league.id}/pause`)).body);
    expect(paused).toMatchObject({ status: 'paused', clock: null, version: current.version + 1 });
    expect(await inspect.hget(keys.leagueDeadlines(), league.id)).toBeNull();

    nowMs += 10 * 60_000;
    expect(await a.app.leagues.clocks.tick()).toBe(0);
    expect((await storedLeague(league.id)).picks).toEqual(current.picks);
    const bobSocket = await bob.socket(a);
    const refusedWhilePaused = await emit(bobSocket, 'league:pick', {
      leagueId: league.id,
      companyId: available(current)[0]!,
    });
    expect(refusedWhilePaused).toMatchObject({ ok: false, error: { code: 'league_not_drafting' } });
    expect(await bob.rest(a, 'POST', `/${league.id}/resume`)).toMatchObject({ status: 403 });

    const resumed = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/resume`)).body);
    expect(resumed.status).toBe('drafting');
    expect(resumed.clock).toMatchObject({ seat: current.clock!.seat, overall: current.clock!.overall });
    const fullTime = current.seats[current.clock!.seat]!.kind === 'ai' ? LEAGUE_AI_PICK_DELAY_MS : 90_000;
    expect(Date.parse(resumed.clock!.deadline)).toBe(nowMs + fullTime);
    expect(Number(await inspect.hget(keys.leagueDeadlines(), league.id))).toBe(nowMs + fullTime);
  }, 30_000);

  it('keeps the stored deadline through a restart of the leading instance, and another instance picks when it passes', async () => {
    const a = await instance();
    const b = await instance();
    const alice = await fan(a, 'alice');
    const league = await createLeague(alice, a, 120);
    const watcher = await alice.socket(b);
    const sees = watchEvents(watcher);
    await emit(watcher, 'league:watch', { leagueId: league.id });
    let current = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/start`)).body);
    // Drive to alice's turn, so the deadline is a person's two minutes.
    const mine = current.seats.find((seat) => seat.login === alice.login)!.seat;
    while (current.clock!.seat !== mine) {
      await runOutTheClock(a, current);
      current = await storedLeague(league.id);
    }
    // The order is drawn at random: when alice picks first nothing has ticked yet, so a takes the
    // lead here (nothing is due, so it picks nothing).
    expect(await a.app.leagues.clocks.tick()).toBe(0);
    expect(a.app.leagues.clocks.isLeader()).toBe(true);
    const deadline = current.clock!.deadline;

    await a.close();
    apps = apps.filter((app) => app !== a);
    nowMs += 30_000;
    const c = await instance();
    const read = await alice.rest(c, 'GET', `/${league.id}`);
    expect((read.body as { league: League }).league.clock).toEqual(current.clock);
    expect(await inspect.hget(keys.leagueDeadlines(), league.id)).toBe(String(Date.parse(deadline)));

    nowMs = Date.parse(deadline) - 1;
    expect(await c.app.leagues.clocks.tick()).toBe(0);
    nowMs = Date.parse(deadline);
    expect(await c.app.leagues.clocks.tick()).toBe(1);
    expect(await b.app.leagues.clocks.tick()).toBeNull();
    current = await storedLeague(league.id);
    expect(current.picks.at(-1)).toMatchObject({ seat: mine, how: 'auto' });
    await sees.seen(current.version);
  }, 30_000);

  it('takes each slot once when two instances get a pick for it at the same time', async () => {
    const [a, b] = [await instance(), await instance()];
    const alice = await fan(a, 'alice');
    const league = await createLeague(alice, a);
    let current = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/start`)).body);
    const mine = current.seats.find((seat) => seat.login === alice.login)!.seat;
    while (current.clock!.seat !== mine) {
      await runOutTheClock(a, current);
      current = await storedLeague(league.id);
    }
    const [onA, onB] = [await alice.socket(a), await alice.socket(b)];
    const [first, second] = available(current);
    const answers = await Promise.all([
      emit(onA, 'league:pick', { leagueId: league.id, companyId: first! }),
      emit(onB, 'league:pick', { leagueId: league.id, companyId: second! }),
      // The clock running out at that moment too.
      runOutTheClock(a, current),
    ]);
    const stored = await storedLeague(league.id);
    expect(stored.picks).toHaveLength(current.picks.length + 1);
    expect(stored.picks.filter((pick) => pick.seat === mine)).toHaveLength(1);
    const accepted = answers
      .slice(0, 2)
      .filter((answer) => typeof answer === 'object' && answer !== null && answer.ok);
    expect(accepted.length).toBeLessThanOrEqual(1);
    for (const answer of answers.slice(0, 2)) {
      if (typeof answer === 'object' && answer !== null && !answer.ok)
        expect(['league_not_your_turn', 'league_not_drafting']).toContain(answer.error.code);
    }
  }, 30_000);
});

describe('refusals change nothing stored', () => {
  it('refuses picks out of turn, taken or unknown companies, a forged seat, joining a full or started league, a non-member and a non-commissioner', async () => {
    const [a, b] = [await instance(), await instance()];
    const alice = await fan(a, 'alice');
    const bob = await fan(b, 'bob');
    const eve = await fan(b, 'eve');
    const league = await createLeague(alice, a);
    await join(bob, a, league);
    const eveSocket = await eve.socket(a);

    // In the lobby: a non-member reads nothing, a non-commissioner neither starts nor removes.
    let before = await storedData(inspect);
    expect(await emit(eveSocket, 'league:watch', { leagueId: league.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await eve.rest(b, 'GET', `/${league.id}`)).toMatchObject({ status: 404 });
    expect(await bob.rest(b, 'POST', `/${league.id}/start`)).toMatchObject({ status: 403 });
    expect(await bob.rest(b, 'DELETE', `/${league.id}/seats/${alice.login}`)).toMatchObject({ status: 403 });
    expect(await alice.rest(b, 'DELETE', `/${league.id}/seats/${alice.login}`)).toMatchObject({
      status: 400,
    });
    expect(await alice.rest(b, 'DELETE', `/${league.id}/seats/${eve.login}`)).toMatchObject({ status: 404 });
    expect(await alice.rest(b, 'POST', '', { name: '', pickSeconds: 30 })).toMatchObject({ status: 400 });
    expect(await alice.rest(b, 'POST', '', { name: 'x'.repeat(41), pickSeconds: 30 })).toMatchObject({
      status: 400,
    });
    expect(await alice.rest(b, 'POST', '', { name: 'Odd clock', pickSeconds: 45 })).toMatchObject({
      status: 400,
    });
    expect(await eve.rest(b, 'POST', `/invites/${'x'.repeat(22)}/join`)).toMatchObject({ status: 404 });
    expect(await storedData(inspect)).toEqual(before);

    // The commissioner removes bob before the start: his seat and his membership go.
    const removed = leagueSchema.parse(
      (await alice.rest(b, 'DELETE', `/${league.id}/seats/${bob.login}`)).body,
    );
    expect(removed.seats.map((seat) => seat.login)).toEqual([alice.login]);
    expect(((await bob.rest(a, 'GET', '')).body as LeagueList).leagues).toEqual([]);

    // Full: eight more friends fill the ten seats, the eleventh is refused.
    await join(bob, a, league);
    for (let index = 0; index < 8; index++)
      expect((await join(await fan(a, `friend${index}`), a, league)).status).toBe(200);
    before = await storedData(inspect);
    expect(await join(eve, b, league)).toMatchObject({
      status: 409,
      body: { error: { code: 'league_full' } },
    });
    expect(await storedData(inspect)).toEqual(before);

    let current = leagueSchema.parse((await alice.rest(a, 'POST', `/${league.id}/start`)).body);
    expect(current.seats.every((seat) => seat.kind === 'person')).toBe(true);
    before = await storedData(inspect);
    expect(await join(eve, b, league)).toMatchObject({
      status: 409,
      body: { error: { code: 'league_started' } },
    });
    expect(await alice.rest(b, 'DELETE', `/${league.id}/seats/${bob.login}`)).toMatchObject({ status: 409 });
    expect(await alice.rest(b, 'POST', `/${league.id}/start`)).toMatchObject({ status: 409 });
    expect(await alice.rest(b, 'POST', `/${league.id}/resume`)).toMatchObject({ status: 409 });
    expect(await storedData(inspect)).toEqual(before);

    // The first pick is made by whoever is on the clock; then every bad pick is refused.
    const onClock = current.seats[current.clock!.seat]!;
    const pickerFan = onClock.login === alice.login ? alice : onClock.login === bob.login ? bob : null;
    const picker = pickerFan ? await pickerFan.socket(a) : null;
    if (picker) {
      const answer = await emit(picker, 'league:pick', {
        leagueId: league.id,
        companyId: available(current)[0]!,
      });
      expect(answer.ok).toBe(true);
    } else {
      await runOutTheClock(a, current);
    }
    current = await storedLeague(league.id);
    const taken = current.picks[0]!.companyId;
    const nextSeat = current.seats[current.clock!.seat]!;
    const waiting = [alice, bob].find((candidate) => candidate.login !== nextSeat.login)!;
    const waitingSocket = await waiting.socket(b);
    const nextFan = nextSeat.login === alice.login ? alice : nextSeat.login === bob.login ? bob : null;
    const nextSocket = nextFan ? await nextFan.socket(b) : null;
    before = await storedData(inspect);

    const refusals: Array<[string, unknown, string]> = [
      ['league:pick', { leagueId: league.id, companyId: available(current)[0] }, 'league_not_your_turn'],
      // A payload naming another seat or login is the caller's own pick still: out of turn.
      [
        'league:pick',
        { leagueId: league.id, companyId: available(current)[0], seat: nextSeat.seat, login: nextSeat.login },
        'league_not_your_turn',
      ],
      ['league:queue-set', { leagueId: league.id, companyIds: [taken] }, 'league_company_taken'],
      [
        'league:queue-set',
        { leagueId: league.id, companyIds: ['/companies/not-in-the-catalogue'] },
        'bad_request',
      ],
      [
        'league:queue-set',
        { leagueId: league.id, companyIds: [available(current)[0], available(current)[0]] },
        'bad_request',
      ],
      ['league:pick', { leagueId: 'x'.repeat(16), companyId: available(current)[0] }, 'not_found'],
    ];
    for (const [event, payload, code] of refusals)
      expect(await emitUntyped(waitingSocket, event, payload)).toMatchObject({ ok: false, error: { code } });
    if (nextSocket) {
      {
        const socket = nextSocket;
        expect(await emit(socket, 'league:pick', { leagueId: league.id, companyId: taken })).toMatchObject({
          ok: false,
          error: { code: 'league_company_taken' },
        });
        expect(
          await emit(socket, 'league:pick', {
            leagueId: league.id,
            companyId: '/companies/not-in-the-catalogue',
          }),
        ).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      }
    }
    for (const event of ['league:pick', 'league:queue-set', 'league:watch'] as const)
      expect(
        await emitUntyped(eveSocket, event, {
          leagueId: league.id,
          companyId: available(current)[0],
          companyIds: [],
        }),
      ).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    expect(await storedData(inspect)).toEqual(before);
  }, 60_000);
});

describe('a league on the memory store, one instance', () => {
  it('drafts with the clock running out on the same rules', async () => {
    const app = await startTestApp({ storeKind: 'memory', deps: { leagues: { now, clockTicks: false } } });
    apps.push(app);
    const alice = await fan(app, 'alice');
    const league = await createLeague(alice, app);
    const socket = await alice.socket(app);
    const sees = watchEvents(socket);
    await emit(socket, 'league:watch', { leagueId: league.id });
    let current = leagueSchema.parse((await alice.rest(app, 'POST', `/${league.id}/start`)).body);
    for (let overall = 1; overall <= 12; overall++) {
      const seat = current.seats[current.clock!.seat]!;
      if (seat.login === alice.login) {
        const answer = await emit(socket, 'league:pick', {
          leagueId: league.id,
          companyId: available(current)[0]!,
        });
        if (!answer.ok) throw new Error(answer.error.message);
      } else {
        expect(await runOutTheClock(app, current)).toBe(1);
      }
      await sees.seen(current.version + 1);
      current = sees.latest()!;
      expect(current.picks).toHaveLength(overall);
    }
  }, 30_000);
});
