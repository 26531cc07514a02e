import { describe, expect, it } from 'vitest';
import { espnEventSchema, type EspnEvent } from '../../integrations/espn/client';
import { espnDate, mapEspnEvent, mapScore, mapStatus } from './espn';

/** An event as ESPN sends it, read through the client's schema as the app reads it. */
const event = (overrides: Record<string, unknown> = {}, top: Record<string, unknown> = {}): EspnEvent =>
  espnEventSchema.parse({
    id: '401',
    date: '2026-10-11T17:00Z',
    competitions: [
      {
        date: '2026-10-11T17:00Z',
        // Away listed first here: the mapping must go by homeAway.
        competitors: [
          { homeAway: 'away', score: '7', team: { displayName: 'Seattle Kraken' } },
          { homeAway: 'home', score: '3', team: { displayName: 'San Jose Sharks' } },
        ],
        status: {
          period: 3,
          displayClock: '4:10',
          type: { name: 'STATUS_IN_PROGRESS', state: 'in', completed: false },
        },
        broadcasts: [],
        ...overrides,
      },
    ],
    ...top,
  });

describe('ESPN mapping', () => {
  it('reads sides from homeAway, and builds the period from period and clock when ESPN gives no detail', () => {
    expect(mapEspnEvent('nhl', event())).toMatchObject({
      id: '401',
      league: 'NHL',
      awayTeam: 'Seattle Kraken',
      homeTeam: 'San Jose Sharks',
      awayScore: 7,
      homeScore: 3,
      period: '4:10 - 3rd Period',
      isLive: true,
      url: 'https://www.espn.com/nhl/game/_/gameId/401',
      startTime: '2026-10-11T17:00:00.000Z',
      broadcast: null,
    });
  });

  it('goes by the status name for delays, suspensions and cancellations, whatever the state', () => {
    expect(mapStatus({ type: { name: 'STATUS_RAIN_DELAY', state: 'in' } })).toEqual({
      gameStatus: 'delayed',
      isLive: true,
      isCompleted: false,
      scored: true,
    });
    expect(mapStatus({ type: { name: 'STATUS_DELAYED', state: 'pre' } })).toMatchObject({
      gameStatus: 'delayed',
      isLive: false,
      scored: false,
    });
    expect(mapStatus({ type: { name: 'STATUS_SUSPENDED', state: 'post' } })).toMatchObject({
      gameStatus: 'suspended',
      isCompleted: false,
    });
    expect(mapStatus({ type: { name: 'STATUS_CANCELED', state: 'pre' } }).gameStatus).toBe('cancelled');
    expect(mapStatus({ type: { name: 'STATUS_END_PERIOD', state: 'in' } }).gameStatus).toBe('live');
    expect(mapStatus({ type: { name: 'STATUS_FINAL', state: 'post', completed: true } }).isCompleted).toBe(
      true,
    );
  });

  it('reads scores as numbers or null', () => {
    expect(mapScore('20')).toBe(20);
    expect(mapScore(3)).toBe(3);
    expect(mapScore(undefined)).toBeNull();
    expect(mapScore('')).toBeNull();
    expect(mapScore('n/a')).toBeNull();
    expect(mapScore('-1')).toBeNull();
  });

  it('keeps an event whatever ESPN puts in the fields it does not read, and reads loose values in those it does', () => {
    // A live MLB day: every unfinished game's competitors carry "winner": null.
    const live = event(
      {
        id: 401075011,
        competitors: [
          {
            homeAway: 'away',
            winner: null,
            score: { value: 7, displayValue: '7' },
            team: { displayName: 'Seattle Kraken', id: 124 },
          },
          { homeAway: 'home', winner: null, score: 3, team: { displayName: 'San Jose Sharks', logo: null } },
        ],
        status: {
          period: '3',
          clock: null,
          displayClock: '4:10',
          type: { name: 'STATUS_IN_PROGRESS', state: 'in', completed: null, detail: null },
        },
        broadcasts: null,
        geoBroadcasts: [{ media: 'ESPN+' }, { media: { shortName: 'NHL.TV' } }],
        venue: null,
      },
      { id: 401075011, name: null, links: [{ rel: 'summary', href: null }] },
    );
    expect(mapEspnEvent('nhl', live)).toMatchObject({
      id: '401075011',
      gameStatus: 'live',
      isLive: true,
      awayScore: 7,
      homeScore: 3,
      period: '4:10 - 3rd Period',
      broadcast: 'NHL.TV',
    });
    expect(espnEventSchema.safeParse({ id: '1', competitions: [] }).success).toBe(false);
    expect(espnEventSchema.safeParse({ id: null, competitions: [{ competitors: [] }] }).success).toBe(false);
  });

  it('never shows a suspended, postponed or cancelled game as live, and keeps a delayed one’s score', () => {
    const suspended = mapEspnEvent(
      'mlb',
      event({
        status: { period: 6, type: { name: 'STATUS_SUSPENDED', state: 'in', detail: 'Suspended - Top 6th' } },
      }),
    );
    expect(suspended).toMatchObject({ gameStatus: 'suspended', isLive: false, awayScore: 7, homeScore: 3 });
    expect(suspended?.period).toBe('Suspended - Top 6th');
    for (const name of ['STATUS_POSTPONED', 'STATUS_CANCELED']) {
      for (const state of ['pre', 'in', 'post']) {
        expect(mapEspnEvent('mlb', event({ status: { type: { name, state } } }))).toMatchObject({
          isLive: false,
          isCompleted: false,
          awayScore: null,
        });
      }
    }
    expect(
      mapEspnEvent(
        'mlb',
        event({
          status: { period: 5, type: { name: 'STATUS_RAIN_DELAY', state: 'in', detail: 'Rain Delay' } },
        }),
      ),
    ).toMatchObject({ gameStatus: 'delayed', awayScore: 7, homeScore: 3, period: 'Rain Delay' });
  });

  it('skips an event without both sides', () => {
    const oneSided = event({ competitors: [{ homeAway: 'home', score: '1', team: { displayName: 'X' } }] });
    expect(mapEspnEvent('nhl', oneSided)).toBeNull();
  });

  it('tells where a live game stands from its situation: the side with the ball by team id, the count, the runners', () => {
    const teams = [
      { id: '18', homeAway: 'away', score: '10', team: { id: '18', displayName: 'New Orleans Saints' } },
      { id: '1', homeAway: 'home', score: '26', team: { id: '1', displayName: 'Atlanta Falcons' } },
    ];
    const football = event({
      competitors: teams,
      situation: {
        downDistanceText: '1st & 10 at ATL 12',
        possession: '18',
        isRedZone: true,
        lastPlay: { text: '  A.Kamara rush up the middle for 9 yards.  ' },
        homeTimeouts: 'three',
      },
    });
    expect(mapEspnEvent('nfl', football)?.situation).toEqual({
      downDistance: '1st & 10 at ATL 12',
      possession: 'away',
      isRedZone: true,
      balls: null,
      strikes: null,
      outs: null,
      onFirst: false,
      onSecond: false,
      onThird: false,
      powerPlay: null,
      lastPlay: 'A.Kamara rush up the middle for 9 yards.',
    });
    // A team id that is neither side names no side; a count out of range is no count.
    const baseball = event({
      competitors: teams,
      situation: { possession: '99', balls: 7, strikes: '2', outs: 1, onSecond: true, onThird: 'yes' },
    });
    expect(mapEspnEvent('mlb', baseball)?.situation).toMatchObject({
      possession: null,
      balls: null,
      strikes: 2,
      outs: 1,
      onFirst: false,
      onSecond: true,
      onThird: false,
    });
    // A game that is not live has no situation, whatever the scoreboard still carries.
    const over = event({
      competitors: teams,
      status: { type: { name: 'STATUS_FINAL', state: 'post', completed: true } },
      situation: { lastPlay: { text: 'End of game' } },
    });
    expect(mapEspnEvent('nfl', over)?.situation).toBeUndefined();
    // An empty situation (the NHL between whistles) tells nothing.
    expect(mapEspnEvent('nhl', event({ situation: {} }))?.situation).toBeUndefined();
    expect(mapEspnEvent('nhl', event({ situation: 'soon' }))?.situation).toBeUndefined();
  });

  it('files a game under its US Eastern day, as ESPN does', () => {
    expect(espnDate('2026-10-12T02:30:00.000Z')).toBe('20261011');
    expect(espnDate('7:30 PM ET')).toBeUndefined();
    expect(espnDate(null)).toBeUndefined();
  });
});
