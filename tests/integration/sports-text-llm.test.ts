import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameProcessResponse, ScoreboardResponse, SportsGenerateResponse } from '@shared/schemas/sports';
import type { PageTextReader } from '@server/sports';
import { keys } from '@server/storage/keys';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { collectProgress, collectPushes, gameIn, nextUpdate, sportsFan } from './sports-helpers';

let espn: FakeEspn;
let openai: FakeOpenAI;
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
let pagesRead: string[] = [];

beforeAll(async () => {
  [espn, openai] = await Promise.all([startFakeEspn(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([espn.close(), openai.close()]);
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  pagesRead = [];
  espn.reset();
  openai.reset();
});

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

/** A stand-in for the page reader: the page's text, tags turned into line breaks. */
const readPage: PageTextReader = async (url) => {
  pagesRead.push(url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`page answered ${response.status}`);
  const body = await response.text();
  const text = response.headers.get('content-type')?.startsWith('text/html')
    ? decode(body.replace(/<[^>]+>/g, '\n'))
    : body;
  return { title: null, url, text };
};

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({
    storeKind: 'memory',
    env: {
      SPORTS_SOURCE: 'text-llm',
      SPORTS_TEXT_URL: `${espn.url}/text/scores`,
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.url,
      OPENAI_MODEL: 'fake-model-1',
      // Would be used if the text-llm source fell back to ESPN; it must not.
      ESPN_BASE_URL: 'http://127.0.0.1:9',
      ...env,
    },
    deps: { readPage },
  });
  apps.push(app);
  return app;
}

const textHost = () => new URL(espn.url).host;

describe('text-llm scoreboard source (page reader + structured output)', () => {
  it('extracts the page’s games with the model and stores them as shared Game objects', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'reader', sockets);
    const answer = await fan.client.request('/api/sports/scoreboard');
    expect(answer.status).toBe(200);
    const { sportsData } = (await answer.json()) as ScoreboardResponse;
    expect(sportsData.totalGames).toBe(13);
    expect(sportsData.leagues.map((league) => league.name)).toEqual(['NFL', 'NBA', 'MLB', 'NHL']);
    expect(pagesRead).toEqual([`${espn.url}/text/scores`]);

    expect(gameIn({ sportsData }, 'nfl-buffalo-bills-at-miami-dolphins')).toEqual({
      id: 'nfl-buffalo-bills-at-miami-dolphins',
      url: espn.gameUrl({ id: '401671002', league: 'nfl' }),
      league: 'NFL',
      gameStatus: 'live',
      isLive: true,
      isCompleted: false,
      awayTeam: 'Buffalo Bills',
      homeTeam: 'Miami Dolphins',
      awayScore: 17,
      homeScore: 10,
      period: '10:17 - 3rd Quarter',
      startTime: null,
      broadcast: 'CBS, Paramount+',
    });
    expect(gameIn({ sportsData }, 'nfl-san-francisco-49ers-at-los-angeles-rams')).toMatchObject({
      gameStatus: 'scheduled',
      awayScore: null,
      homeScore: null,
      startTime: '8:15 PM EDT',
    });
    // Names in the catalogue's spelling, whatever the page wrote.
    expect(gameIn({ sportsData }, 'nba-los-angeles-clippers-at-golden-state-warriors')).toBeDefined();
    expect(gameIn({ sportsData }, 'nhl-montreal-canadiens-at-toronto-maple-leafs')).toMatchObject({
      awayTeam: 'Montreal Canadiens',
    });
    expect(gameIn({ sportsData }, 'nhl-new-jersey-devils-at-tampa-bay-lightning')?.gameStatus).toBe(
      'cancelled',
    );

    const [request] = openai.requests();
    expect(request!.model).toBe('fake-model-1');
    expect(request!.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'sports_games', strict: true },
    });
    expect(request!.messages.at(-1)!.content).toContain('NFL: Detroit Lions 21 at Kansas City Chiefs 20');
  });

  it('broadcasts the refresh progress messages on Refresh All, with stable game ids', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'progress', sockets);
    const first = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    const progress = collectProgress(fan.socket);
    espn.setScore('401671002', 24, 10);
    const body = (await (await fan.client.json('/api/sports/generate', {})).json()) as SportsGenerateResponse;
    expect(gameIn(body, 'nfl-buffalo-bills-at-miami-dolphins')?.awayScore).toBe(24);
    const ids = (data: ScoreboardResponse) =>
      data.sportsData.leagues.flatMap((l) => l.games.map((g) => g.id));
    expect(ids(body)).toEqual(ids(first));
    await vi.waitFor(() =>
      expect(progress).toEqual([
        { stage: 'fetching', message: `Fetching sports data from ${textHost()}...` },
        { stage: 'processing', message: 'Processing with AI to extract game information...' },
        { stage: 'saved', message: 'Sports data updated' },
      ]),
    );
  });

  for (const mode of ['garbage', 'invalid', 'refusal', 'error'] as const) {
    it(`rejects a model that answers ${mode}, and stores nothing`, async () => {
      const app = await start();
      const fan = await sportsFan(app, mode, sockets);
      const good = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;

      openai.setMode(mode);
      const pushed = collectPushes(fan.socket);
      const answer = await fan.client.json('/api/sports/generate', {});
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        error: { code: 'sports_ai_failed', message: 'Failed to process sports data with AI' },
      });
      const kept = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
      expect(kept).toEqual(good);
      expect(pushed).toEqual([]);
    });
  }

  it('stores nothing at all when the very first extraction is garbage', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'first', sockets);
    openai.setMode('garbage');
    const answer = await fan.client.request('/api/sports/scoreboard');
    expect(answer.status).toBe(502);
    expect(await app.store.get(keys.sportsScoreboard())).toBeNull();
  });

  it('says which page could not be read', async () => {
    const app = await start({ SPORTS_TEXT_URL: `${espn.url}/text/missing` });
    const fan = await sportsFan(app, 'missing', sockets);
    const answer = await fan.client.json('/api/sports/generate', {});
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      `Failed to fetch sports data from ${textHost()}`,
    );
    expect(openai.requests()).toHaveLength(0);
  });

  it('refreshes one game from its own page and pushes that game', async () => {
    const app = await start();
    const alice = await sportsFan(app, 'opener', sockets);
    const bob = await sportsFan(app, 'other-tab', sockets);
    await alice.client.request('/api/sports/scoreboard');
    const id = 'nhl-montreal-canadiens-at-toronto-maple-leafs';
    espn.setScore('401687001', 2, 2);
    espn.updateGame('401687001', { detail: '4:05 - 3rd Period' });

    const bobSees = nextUpdate(bob.socket, (payload) => gameIn(payload, id)?.period === '4:05 - 3rd Period');
    const answer = await alice.client.json('/api/game/process', {
      gameId: id,
      url: espn.gameUrl({ id: '401687001', league: 'nhl' }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as GameProcessResponse;
    expect(body.gameData).toMatchObject({ id, awayScore: 2, homeScore: 2, period: '4:05 - 3rd Period' });
    expect(pagesRead.at(-1)).toBe(espn.gameUrl({ id: '401687001', league: 'nhl' }));
    expect(openai.requests().at(-1)!.response_format?.json_schema?.name).toBe('sports_game');
    expect(gameIn(await bobSees, id)).toEqual(body.gameData);

    openai.setMode('garbage');
    const rejected = await alice.client.json('/api/game/process', {
      gameId: id,
      url: espn.gameUrl({ id: '401687001', league: 'nhl' }),
    });
    expect(rejected.status).toBe(502);
    expect(((await rejected.json()) as { error: { message: string } }).error.message).toBe(
      'Failed to process game data',
    );
    const stored = (await (
      await alice.client.request('/api/sports/scoreboard')
    ).json()) as ScoreboardResponse;
    expect(gameIn(stored, id)).toEqual(body.gameData);
  });

  it('reads the page through the app’s own page reader, fresh on every refresh', async () => {
    const app = await startTestApp({
      storeKind: 'memory',
      env: {
        SPORTS_SOURCE: 'text-llm',
        SPORTS_TEXT_URL: `${espn.url}/text/scores`,
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.url,
        FETCH_ALLOW_PRIVATE: '1', // the fake listens on loopback
      },
    });
    apps.push(app);
    const fan = await sportsFan(app, 'default-reader', sockets);
    const first = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    expect(gameIn(first, 'nfl-buffalo-bills-at-miami-dolphins')?.awayScore).toBe(17);
    espn.setScore('401671002', 20, 10);
    const next = (await (await fan.client.json('/api/sports/generate', {})).json()) as SportsGenerateResponse;
    expect(gameIn(next, 'nfl-buffalo-bills-at-miami-dolphins')?.awayScore).toBe(20);
  });

  it('falls back to ESPN when no API key is configured', async () => {
    const app = await start({ OPENAI_API_KEY: '', ESPN_BASE_URL: espn.url });
    expect(app.app.sports.service.source).toBe('espn');
    const fan = await sportsFan(app, 'keyless', sockets);
    const { sportsData } = (await (
      await fan.client.request('/api/sports/scoreboard')
    ).json()) as ScoreboardResponse;
    expect(gameIn({ sportsData }, '401671001')?.homeTeam).toBe('Kansas City Chiefs');
    expect(openai.requests()).toHaveLength(0);
  });
});
