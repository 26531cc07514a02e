/**
 * The draft clocks read what is due, not every running draft: a tick reads the leagues whose
 * deadline has passed and nothing else, the whole list of deadlines is read only when an instance
 * takes the lead and once a minute while it leads, a deadline only the list holds (written by an
 * instance of an earlier version) is still run, and an index entry that is out of step with its
 * league is put right. On the memory store, with the service's clock stepped by hand.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { League } from '@shared/schemas/leagues';
import { keys } from '../storage/keys';
import { MemoryStore } from '../storage/memory-store';
import { createLeagueClocks, LEAGUE_CLOCK_REINDEX_MS } from './clocks';
import { createLeagueService, type LeagueBroadcaster } from './service';
import { createLeagueStore } from './store';

const START = Date.parse('2026-11-27T18:00:00.000Z');
const logger = pino({ level: 'silent' });
const quiet: LeagueBroadcaster = {
  changed: () => undefined,
  queueChanged: () => undefined,
  left: async () => undefined,
  removed: () => undefined,
};

let store: MemoryStore;
let nowMs: number;

beforeEach(() => {
  store = new MemoryStore();
  nowMs = START;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
});

function service() {
  return createLeagueService({ store: createLeagueStore(store), broadcaster: quiet, now: () => nowMs });
}

function clocks(leagues = service()) {
  return createLeagueClocks({ store, service: leagues, logger, now: () => nowMs });
}

/** `count` drafts started 10 ms apart (well within the first pick's clock), each by its own commissioner. */
async function runningDrafts(count: number): Promise<League[]> {
  const leagues = service();
  const started: League[] = [];
  for (let index = 0; index < count; index++) {
    const actor = { login: `drafter-${index}`, name: null };
    const league = await leagues.create(actor, { name: `League ${index}`, pickSeconds: 120 });
    started.push(await leagues.start(league.id, actor.login));
    nowMs += 10;
  }
  return started;
}

const deadlineOf = (league: League) => Date.parse(league.clock!.deadline);

/** The ids of the leagues whose stored record was read since the spy was set. */
function leagueReads() {
  const get = vi.spyOn(store, 'get');
  const from = get.mock.calls.length;
  return () =>
    get.mock.calls.slice(from).flatMap(([key]) => {
      const match = /^.*league:\{([^}]+)\}:state$/.exec(key);
      return match ? [match[1]!] : [];
    });
}

describe('the league clocks', () => {
  it('read only the due deadlines and their leagues on a tick, the whole list only when taking the lead and once a minute', async () => {
    const drafts = await runningDrafts(40);
    const runner = clocks();
    // Taking the lead reads the whole list once; nothing is due yet, so no league is read.
    const wholeList = vi.spyOn(store, 'hashGetAll');
    let reads = leagueReads();
    expect(await runner.tick()).toBe(0);
    expect(wholeList).toHaveBeenCalledTimes(1);
    expect(reads()).toEqual([]);

    // The two earliest deadlines pass: those two leagues are read and picked for, no other.
    const byDeadline = [...drafts].sort((a, b) => deadlineOf(a) - deadlineOf(b));
    nowMs = deadlineOf(byDeadline[1]!);
    const due = drafts.filter((league) => deadlineOf(league) <= nowMs).map((league) => league.id);
    expect(due.length).toBeGreaterThanOrEqual(2);
    expect(due.length).toBeLessThan(drafts.length);
    reads = leagueReads();
    expect(await runner.tick()).toBe(due.length);
    expect(new Set(reads())).toEqual(new Set(due));

    // A tick with nothing due reads no league, and the whole list is not read again within the minute.
    reads = leagueReads();
    expect(await runner.tick()).toBe(0);
    expect(reads()).toEqual([]);
    expect(wholeList).toHaveBeenCalledTimes(1);
    nowMs += LEAGUE_CLOCK_REINDEX_MS;
    await runner.tick();
    expect(wholeList).toHaveBeenCalledTimes(2);
    await runner.stop();
  });

  it('runs a deadline only the stored list holds (an instance of an earlier version wrote it) once it takes the lead', async () => {
    const [league] = await runningDrafts(1);
    // An earlier version kept the list alone: no index entry.
    await store.sortedSetRemove(keys.leagueDeadlineIndex(), league!.id);
    expect(await store.hashGetAll(keys.leagueDeadlines())).toEqual({
      [league!.id]: String(deadlineOf(league!)),
    });
    nowMs = deadlineOf(league!);
    const leagues = service();
    expect(await clocks(leagues).tick()).toBe(1);
    const { league: after } = await leagues.read(league!.id, 'drafter-0');
    expect(after.picks).toHaveLength(1);
    expect(await store.hashGetAll(keys.leagueDeadlines())).toEqual({
      [league!.id]: String(deadlineOf(after)),
    });
  });

  it('puts right an index entry that runs out before its league does, and reads the league again only when it is due', async () => {
    const [league] = await runningDrafts(1);
    const runner = clocks();
    expect(await runner.tick()).toBe(0);
    // The entry says a minute early (a change cut off between its writes, say).
    const early = deadlineOf(league!) - 60_000;
    await store.sortedSetAdd(keys.leagueDeadlineIndex(), [{ member: league!.id, score: early }]);
    nowMs = early;
    let reads = leagueReads();
    expect(await runner.tick()).toBe(0);
    expect(reads()).toEqual([league!.id]);
    expect(await store.sortedSetUpTo(keys.leagueDeadlineIndex(), Number.MAX_SAFE_INTEGER, 10)).toEqual([
      { member: league!.id, score: deadlineOf(league!) },
    ]);
    reads = leagueReads();
    nowMs = deadlineOf(league!) - 1;
    expect(await runner.tick()).toBe(0);
    expect(reads()).toEqual([]);
    nowMs = deadlineOf(league!);
    expect(await runner.tick()).toBe(1);
  });

  it('takes the deadline out of the index and the list when the draft pauses, and back with a full clock on resume', async () => {
    const [league] = await runningDrafts(1);
    const leagues = service();
    const runner = clocks(leagues);
    await leagues.pause(league!.id, 'drafter-0');
    expect(await store.sortedSetUpTo(keys.leagueDeadlineIndex(), Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    expect(await store.hashGetAll(keys.leagueDeadlines())).toEqual({});
    nowMs += 10 * 60_000;
    expect(await runner.tick()).toBe(0);
    const resumed = await leagues.resume(league!.id, 'drafter-0');
    expect(await store.sortedSetUpTo(keys.leagueDeadlineIndex(), Number.MAX_SAFE_INTEGER, 10)).toEqual([
      { member: league!.id, score: deadlineOf(resumed) },
    ]);
    nowMs = deadlineOf(resumed);
    expect(await runner.tick()).toBe(1);
  });
});
