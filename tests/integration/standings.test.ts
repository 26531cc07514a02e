import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Standings } from '@shared/schemas/gamecast';
import { SPORTS_LEAGUE_NAMES } from '@shared/schemas/sports';
import { keys } from '@server/storage/keys';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import { signIn } from '../helpers/sign-in';

let espn: FakeEspn;
let apps: TestApp[] = [];

beforeAll(async () => {
  espn = await startFakeEspn();
});
afterAll(async () => {
  await espn.close();
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  espn.reset();
});

// Every instance shares the test run's Redis, as instances behind one load balancer do.
async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ env: { ESPN_BASE_URL: espn.url, ...env } });
  apps.push(app);
  return app;
}

async function fanOf(app: TestApp) {
  return (await signIn(app, 'standings-fan')).client;
}

const requests = (league: 'nfl' | 'nba' | 'mlb' | 'nhl') => espn.standings.stats().requests[league];

/** Waits until the fake has been asked `count` times (a condition, not a delay). */
async function untilRequested(league: 'nfl' | 'nba' | 'mlb' | 'nhl', count: number) {
  const deadline = Date.now() + 5000;
  while (requests(league) < count) {
    if (Date.now() > deadline) throw new Error(`ESPN was asked ${requests(league)} times, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('standings', () => {
  beforeEach(async () => {
    // Nothing stored from an earlier test: each starts with ESPN the only place standings come from.
    const app = await start();
    for (const league of SPORTS_LEAGUE_NAMES) await app.store.del(keys.sportsStandings(league));
  });

  it("lists a league's conferences ranked, with its own columns and catalogue names", async () => {
    const fan = await fanOf(apps[0]!);
    const answer = await fan.request('/api/sports/standings/NFL');
    expect(answer.status).toBe(200);
    const standings = (await answer.json()) as Standings;
    expect(standings).toMatchObject({
      league: 'NFL',
      season: '2024',
      columns: ['W', 'L', 'T', 'PCT', 'STRK'],
    });
    expect(standings.groups.map((group) => group.name)).toEqual([
      'American Football Conference',
      'National Football Conference',
    ]);
    // ESPN lists the Chiefs last; they are the AFC's top seed.
    expect(standings.groups[0]!.teams!.slice(0, 2)).toEqual([
      { name: 'Kansas City Chiefs', abbreviation: 'KC', values: ['15', '2', '0', '.882', 'L1'] },
      { name: 'Buffalo Bills', abbreviation: 'BUF', values: ['13', '4', '0', '.765', 'L1'] },
    ]);
    // The NFL is asked for its divisions.
    expect(espn.standings.stats().lastQuery).toEqual({ level: '3' });
  });

  it('nests divisions in conferences where the source does, in league order', async () => {
    const fan = await fanOf(apps[0]!);
    const standings = (await (await fan.request('/api/sports/standings/nhl')).json()) as Standings;
    expect(standings.columns).toEqual(['GP', 'W', 'L', 'OTL', 'PTS', 'STRK']);
    const east = standings.groups[0]!;
    expect(east.name).toBe('Eastern Conference');
    expect(east.groups!.map((division) => division.name)).toEqual([
      'Atlantic Division',
      'Metropolitan Division',
    ]);
    // By points; on 29, Tampa Bay (fewer games) then Boston (more wins) then Toronto.
    expect(east.groups![0]!.teams!.slice(0, 4).map((team) => [team.name, team.values[4]])).toEqual([
      ['Detroit Red Wings', '32'],
      ['Tampa Bay Lightning', '29'],
      ['Boston Bruins', '29'],
      ['Toronto Maple Leafs', '29'],
    ]);
  });

  it('reads ESPN once for two reads on two instances, and once for reads at the same moment', async () => {
    const other = await start();
    const first = await fanOf(apps[0]!);
    const second = await fanOf(other);
    expect((await first.request('/api/sports/standings/NBA')).status).toBe(200);
    const again = await second.request('/api/sports/standings/NBA');
    expect(again.status).toBe(200);
    expect(requests('nba')).toBe(1);

    // Two fans on two instances at once, while ESPN is slow to answer: still one read.
    espn.standings.hold();
    const reads = [first.request('/api/sports/standings/MLB'), second.request('/api/sports/standings/MLB')];
    await untilRequested('mlb', 1);
    espn.standings.release();
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((answer) => answer.json()))) as Standings[];
    expect(a).toEqual(b);
    expect(a!.groups[0]!.groups![0]!.teams![0]!.name).toBe('New York Yankees');
    expect(requests('mlb')).toBe(1);
  });

  it('serves the stored standings however old while ESPN fails, and says so when none are stored', async () => {
    const fan = await fanOf(apps[0]!);
    espn.standings.fail(503);
    const none = await fan.request('/api/sports/standings/NBA');
    expect(none.status).toBe(502);
    expect(await none.json()).toEqual({
      error: { code: 'upstream_failed', message: 'The standings could not be read. Please try again.' },
    });

    espn.standings.fail(null);
    const fresh = (await (await fan.request('/api/sports/standings/NBA')).json()) as Standings;
    // An hour later the stored standings are old: they are read again, and ESPN fails.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await apps[0]!.store.set(keys.sportsStandings('NBA'), JSON.stringify({ ...fresh, updatedAt: hourAgo }));
    espn.standings.fail(503);
    const before = requests('nba');
    const stale = await fan.request('/api/sports/standings/NBA');
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ ...fresh, updatedAt: hourAgo });
    expect(requests('nba')).toBe(before + 1);
  });

  it('refuses an unknown league with the leagues it keeps, and anyone signed out', async () => {
    const fan = await fanOf(apps[0]!);
    const unknown = await fan.request('/api/sports/standings/XFL');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: { code: 'bad_request', message: 'Unknown league: standings are kept for NFL, NBA, MLB, NHL.' },
    });

    const stranger = cookieClient(apps[0]!.baseUrl);
    const refused = await stranger.request('/api/sports/standings/NFL');
    expect(refused.status).toBe(401);
    expect(requests('nfl')).toBe(0);
  });

  it('says standings are not available with the text scoreboard source', async () => {
    const app = await start({
      SPORTS_SOURCE: 'text-llm',
      SPORTS_TEXT_URL: 'http://127.0.0.1:9/scores',
      OPENAI_API_KEY: 'sk-test-standings',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    const fan = await fanOf(app);
    const answer = await fan.request('/api/sports/standings/NFL');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: { code: 'not_configured', message: 'Standings are not available with this scoreboard source.' },
    });
    expect(requests('nfl')).toBe(0);
  });
});
