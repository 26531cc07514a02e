import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { GamecastChange } from '@shared/schemas/gamecast';
import { buildSportsDataset, type Game, type SportsDataset } from '@shared/schemas/sports';
import { MemoryStore } from '../../storage/memory-store';
import { createGamecastPoller } from './poller';
import { createGamecastService, LABEL_READ_INTERVAL_MS } from './service';
import type { GamecastReading, GamecastSource } from './source';
import { createGamecastStore } from './store';
import { createGamecastWatchers, WATCH_TTL_MS } from './watchers';

const logger = pino({ level: 'silent' });

const game = (id: string, state: 'scheduled' | 'live' | 'final'): Game => ({
  id,
  url: null,
  league: 'NBA',
  gameStatus: state,
  isLive: state === 'live',
  isCompleted: state === 'final',
  awayTeam: 'Boston Celtics',
  homeTeam: 'New York Knicks',
  awayScore: state === 'scheduled' ? null : 50,
  homeScore: state === 'scheduled' ? null : 48,
  period: null,
  startTime: null,
  broadcast: null,
});

const reading = (gameId: string, plays: number): GamecastReading => ({
  gameId,
  league: 'NBA',
  scoringPlays: [],
  plays: Array.from({ length: plays }, (_, index) => ({
    id: `${gameId}-${plays - index}`,
    period: '1st Quarter',
    clock: '10:00',
    text: `Play ${plays - index}`,
    awayScore: 0,
    homeScore: 0,
    team: 'home' as const,
    scoring: false,
  })),
  teamStats: [],
  playerTables: [],
  leaders: [],
  winProbability: null,
  watch: { kind: 'close', label: 'Close game', reason: 'The lead changed hands late.' },
});

/** A summary source that counts its reads and answers what a test sets. */
function stubSource() {
  const plays = new Map<string, number>();
  const reads: string[] = [];
  let failing = false;
  const source: GamecastSource = {
    fetchGamecast(game) {
      reads.push(game.id);
      if (failing) return Promise.reject(new Error('summary unavailable'));
      return Promise.resolve(reading(game.id, plays.get(game.id) ?? 1));
    },
  };
  return {
    source,
    reads,
    play: (gameId: string) => plays.set(gameId, (plays.get(gameId) ?? 1) + 1),
    fail: (on: boolean) => (failing = on),
  };
}

function setup(
  games: Game[] = [
    game('live-1', 'live'),
    game('live-2', 'live'),
    game('final-1', 'final'),
    game('later', 'scheduled'),
  ],
) {
  let now = Date.parse('2026-11-27T20:00:00Z');
  const clock = () => now;
  const memory = new MemoryStore({ now: clock });
  const store = createGamecastStore(memory, logger);
  const dataset: SportsDataset = buildSportsDataset(games, new Date(now).toISOString());
  const stub = stubSource();
  const pushed: GamecastChange[] = [];
  const service = createGamecastService({
    store,
    source: stub.source,
    broadcaster: { changed: (change) => pushed.push(change) },
    scoreboard: () => Promise.resolve(dataset),
    logger,
    now: clock,
  });
  /** Local watchers per game on one "instance". */
  const rooms = new Map<string, number>();
  const watchers = createGamecastWatchers({
    store,
    logger,
    now: clock,
    localWatchers: (gameId) => rooms.get(gameId) ?? 0,
    localGames: () => [...rooms].filter(([, count]) => count > 0).map(([gameId]) => gameId),
  });
  const signal = new AbortController().signal;
  return {
    memory,
    store,
    service,
    watchers,
    stub,
    pushed,
    rooms,
    round: () => service.round(signal),
    clock,
    advance: (ms: number) => (now += ms),
  };
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('the Gamecast reader', () => {
  it('reads a watched game once a round, stores it and pushes only what changed', async () => {
    const { service, watchers, stub, pushed, rooms, round } = setup();
    rooms.set('live-1', 2);
    await watchers.watched('live-1');
    await watchers.watched('live-1');

    const firstRound = await round();
    expect(firstRound.watched).toEqual(['live-1']);
    expect(stub.reads.filter((id) => id === 'live-1')).toHaveLength(1);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ gameId: 'live-1', previousVersion: 0, version: 1 });
    expect(await service.current('live-1')).toMatchObject({ version: 1, plays: [{ id: 'live-1-1' }] });

    await round();
    expect(pushed).toHaveLength(1); // the same summary: nothing pushed

    stub.play('live-1');
    await round();
    expect(pushed).toHaveLength(2);
    expect(pushed[1]).toEqual({
      gameId: 'live-1',
      previousVersion: 1,
      version: 2,
      updatedAt: expect.any(String),
      playsAdded: [expect.objectContaining({ id: 'live-1-2' })],
    });
    expect(await service.current('live-1')).toMatchObject({ version: 2 });
  });

  it('reads no game nobody watches beyond its label: each live one every 5 minutes, a final one once', async () => {
    const { stub, pushed, round, advance } = setup();
    await round();
    expect([...stub.reads].sort()).toEqual(['final-1', 'live-1', 'live-2']);
    await round();
    advance(LABEL_READ_INTERVAL_MS - 1);
    await round();
    expect(stub.reads).toHaveLength(3);
    advance(1);
    await round();
    expect(stub.reads.slice(3).sort()).toEqual(['live-1', 'live-2']);
    expect(pushed).toEqual([]);
  });

  it('stores each label read, for the scoreboard to carry', async () => {
    const { service, round } = setup();
    await round();
    const labels = await service.labels(['live-1', 'final-1', 'later']);
    expect(labels.get('live-1')).toMatchObject({ label: 'Close game' });
    expect(labels.get('final-1')).toMatchObject({ label: 'Close game' });
    expect(labels.has('later')).toBe(false);
  });

  it('stops reading a game once its last local watcher leaves, and a lapsed instance stops counting', async () => {
    const { watchers, stub, rooms, round, advance } = setup([game('live-1', 'live')]);
    rooms.set('live-1', 1);
    await watchers.watched('live-1');
    await round();
    const afterWatch = stub.reads.length;
    rooms.set('live-1', 0);
    await watchers.released('live-1');
    advance(LABEL_READ_INTERVAL_MS - 1);
    await round();
    expect(stub.reads).toHaveLength(afterWatch);

    // An instance that stops renewing (it crashed) lapses by itself.
    rooms.set('live-1', 1);
    await watchers.watched('live-1');
    advance(WATCH_TTL_MS + 1);
    const lapsed = await round();
    expect(lapsed.watched).toEqual([]);
  });

  it('keeps what was stored when a read fails, and goes on with the other games', async () => {
    const { service, watchers, stub, pushed, rooms, round } = setup();
    rooms.set('live-1', 1);
    await watchers.watched('live-1');
    await round();
    stub.fail(true);
    stub.play('live-1');
    await round();
    expect(pushed).toHaveLength(1);
    expect(await service.current('live-1')).toMatchObject({ version: 1 });
  });

  it('reads from one instance at a time: the lock holder', async () => {
    const { memory, service, watchers, stub, rooms } = setup([game('live-1', 'live')]);
    rooms.set('live-1', 1);
    await watchers.watched('live-1');
    const pollers = [1, 2].map(() =>
      createGamecastPoller({ store: createGamecastStore(memory, logger), service, logger, pollSeconds: 5 }),
    );
    for (const poller of pollers) stops.push(() => poller.stop());
    const rounds = await Promise.all(pollers.map((poller) => poller.round()));
    expect(rounds.filter((result) => result !== null)).toHaveLength(1);
    expect(stub.reads).toEqual(['live-1']);
    expect(pollers.filter((poller) => poller.isLeader())).toHaveLength(1);

    // The leader stops: the other takes over at its next round.
    const leader = pollers.find((poller) => poller.isLeader())!;
    const follower = pollers.find((poller) => poller !== leader)!;
    await leader.stop();
    expect(await follower.round()).not.toBeNull();
  });

  it('compares with what another instance stored after leading again, not with its own old copy', async () => {
    const { memory, store, service, watchers, stub, pushed, rooms, clock } = setup([game('live-1', 'live')]);
    rooms.set('live-1', 1);
    await watchers.watched('live-1');
    const other = createGamecastService({
      store,
      source: stub.source,
      broadcaster: { changed: (change) => pushed.push(change) },
      scoreboard: () => Promise.resolve(buildSportsDataset([game('live-1', 'live')], '2026-11-27T20:00:00Z')),
      logger,
      // The same clock as the watchers' (not the machine's), as instances share one time.
      now: clock,
    });
    const poller = (of: typeof service) =>
      createGamecastPoller({
        store: createGamecastStore(memory, logger),
        service: of,
        logger,
        pollSeconds: 5,
      });

    const first = poller(service);
    await first.round(); // version 1, kept by this instance
    await first.stop();
    const second = poller(other);
    stub.play('live-1');
    await second.round(); // version 2, stored by the other one
    await second.stop();
    const again = poller(service);
    stops.push(() => again.stop());
    stub.play('live-1');
    await again.round();
    expect(pushed.map((change) => [change.previousVersion, change.version])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(pushed[2]!.playsAdded).toHaveLength(1);
  });
});
