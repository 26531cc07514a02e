import { describe, expect, it } from 'vitest';
import type {
  Game,
  SportsDataUpdatedPayload,
  SportsGamesChangedPayload,
  SportsRefreshProgress,
} from '@shared/schemas/sports';
import { createLogger } from '../logger';
import { MemoryStore } from '../storage/memory-store';
import { createSportsService } from './service';
import { createSportsStore } from './store';
import type { SportsSource } from './source';

const game = (awayScore: number): Game => ({
  id: 'g1',
  url: null,
  league: 'NBA',
  gameStatus: 'live',
  isLive: true,
  isCompleted: false,
  awayTeam: 'Boston Celtics',
  homeTeam: 'New York Knicks',
  awayScore,
  homeScore: 0,
  period: 'Q1',
  startTime: null,
  broadcast: null,
});

/** The service on a real memory store whose clock the test moves, with a source that counts fetches. */
function setup(minRefreshIntervalMs: number) {
  let clock = Date.parse('2026-10-11T18:00:00.000Z');
  let score = 0;
  let fetches = 0;
  const source: SportsSource = {
    name: 'espn',
    async fetchAll() {
      fetches++;
      return [game(score)];
    },
    async fetchGame(stored) {
      return stored;
    },
  };
  const pushes: Array<SportsDataUpdatedPayload | SportsGamesChangedPayload> = [];
  const progress: Array<{ progress: SportsRefreshProgress; logins: string[] }> = [];
  const service = createSportsService({
    store: createSportsStore(new MemoryStore({ now: () => clock }), createLogger('silent')),
    source,
    broadcaster: {
      dataUpdated: (payload) => pushes.push(payload),
      gamesChanged: (payload) => pushes.push(payload),
      progressed: (stage, logins) => progress.push({ progress: stage, logins }),
    },
    logger: createLogger('silent'),
    now: () => new Date(clock),
    minRefreshIntervalMs,
  });
  return {
    service,
    pushes,
    progress,
    fetches: () => fetches,
    score: (next: number) => {
      score = next;
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('asked-for scoreboard refreshes', () => {
  it('fetch at most once per minimum interval; the asks in between get the stored scoreboard', async () => {
    const sports = setup(10_000);
    await sports.service.refresh({ requestedBy: 'alice' });
    expect(sports.fetches()).toBe(1);

    sports.score(3);
    sports.advance(9_999);
    const stale = await sports.service.refresh({ requestedBy: 'bob' });
    expect(stale.leagues[0]!.games[0]!.awayScore).toBe(0);
    expect(sports.fetches()).toBe(1);

    sports.advance(1);
    const fresh = await sports.service.refresh({ requestedBy: 'bob' });
    expect(fresh.leagues[0]!.games[0]!.awayScore).toBe(3);
    expect(sports.fetches()).toBe(2);

    // The poller fetches on its own schedule, inside the interval too, and starts no interval.
    await sports.service.refresh();
    expect(sports.fetches()).toBe(3);
    sports.advance(10_000);
    await sports.service.refresh();
    await sports.service.refresh({ requestedBy: 'carol' });
    expect(sports.fetches()).toBe(5);
  });

  it('tell only the askers how it goes, and push to everyone only what changed', async () => {
    const sports = setup(0);
    await sports.service.refresh({ requestedBy: 'alice' });
    expect(sports.progress).toEqual([
      { progress: { stage: 'saved', message: 'Sports data updated' }, logins: ['alice'] },
    ]);
    expect(sports.pushes).toHaveLength(1); // the first scoreboard is news to everyone

    await sports.service.refresh({ requestedBy: 'bob' });
    await sports.service.refresh();
    expect(sports.pushes).toHaveLength(1);
    expect(sports.progress.map((entry) => entry.logins)).toEqual([['alice'], ['bob']]);

    sports.score(2);
    await sports.service.refresh();
    expect(sports.pushes).toHaveLength(2);
    // The same game list: only the game that changed goes out, with how it stood before.
    expect(sports.pushes[1]).toMatchObject({
      changes: [{ game: { id: 'g1', awayScore: 2 }, previous: { awayScore: 0 }, kinds: ['scored'] }],
    });
    expect(sports.pushes[1]).not.toHaveProperty('sportsData');
    expect(sports.progress).toHaveLength(2); // nobody asked for the poller's refresh
  });
});

describe('worth-watching labels on the stored scoreboard', () => {
  const close = { kind: 'close' as const, label: 'Close game', reason: 'It is within one score.' };
  function labelled(watchLabels: (ids: readonly string[]) => Promise<Map<string, typeof close | null>>) {
    const source: SportsSource = {
      name: 'espn',
      fetchAll: async () => [game(2)],
      fetchGame: async (stored) => ({ ...stored, awayScore: 4, watch: undefined }),
    };
    return createSportsService({
      store: createSportsStore(new MemoryStore(), createLogger('silent')),
      source,
      broadcaster: { dataUpdated() {}, gamesChanged() {}, progressed() {} },
      logger: createLogger('silent'),
      watchLabels,
    });
  }

  it('puts each game’s stored label on it when the scoreboard is stored, and keeps it on a game refresh', async () => {
    const service = labelled(async (ids) => new Map(ids.map((id) => [id, close])));
    const dataset = await service.refresh();
    expect(dataset.leagues[0]!.games[0]!.watch).toEqual(close);
    expect((await service.current())!.leagues[0]!.games[0]!.watch).toEqual(close);
    const { game: refreshed } = await service.refreshGame('g1');
    expect(refreshed).toMatchObject({ awayScore: 4, watch: close });
  });

  it('stores the scoreboard without labels when they cannot be read', async () => {
    const service = labelled(() => Promise.reject(new Error('store down')));
    const dataset = await service.refresh();
    expect(dataset.leagues[0]!.games[0]).toMatchObject({ awayScore: 2 });
    expect(dataset.leagues[0]!.games[0]!.watch).toBeUndefined();
  });
});
