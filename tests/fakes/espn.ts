/**
 * A local fake of ESPN's public site API scoreboard, speaking its real shape: string scores, `homeAway` rather than array order, status type names
 * and states (postponed and cancelled in both of the states fixtures disagree on), broadcasts and
 * geoBroadcasts, game links. Every game is "today", relative to when the fake starts.
 *
 * - GET /apis/site/v2/sports/{sport}/{league}/scoreboard[?dates=YYYYMMDD]  the scoreboard (US Eastern days);
 *                                      a live game carries its situation (down and distance, count…)
 * - GET /apis/site/v2/sports/{sport}/{league}/summary?event={id}  the game's summary, built from a real
 *                                      one (tests/fakes/espn-summary.ts)
 * - GET /{league}/game/_/gameId/{id}   the game's page (HTML box score), as the game's link points to
 * - GET /text/scores                   every game as lines of plain text (a page for the text-llm source)
 * - GET /apis/v2/sports/{sport}/{league}/standings   standings (tests/fakes/espn-standings.ts)
 * - GET|POST /__control                tests steer it: {reset}, {clear} (no games), {score:{id,away,home}},
 *                                      {game:{id,...patch}}, {fail:{league?,status?,mode?}|null},
 *                                      {scoringPlay:{id,team:'home'|'away',points,text}} (the summary's
 *                                      plays, the score and the win probability move),
 *                                      {summarySections:{id,omit:['boxscore',…]}} (a summary lacking them)
 *
 * Standalone: `npx tsx tests/fakes/espn.ts --port 4200`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createFakeSummaries, type FakeScoringPlay, type SummarySection } from './espn-summary';
import { createFakeStandings, type FakeStandings } from './espn-standings';

export type FakeLeague = 'nfl' | 'nba' | 'mlb' | 'nhl';
const SPORTS: Record<FakeLeague, string> = {
  nfl: 'football',
  nba: 'basketball',
  mlb: 'baseball',
  nhl: 'hockey',
};
const LEAGUE_IDS: Record<FakeLeague, { id: string; sportId: string; name: string }> = {
  nfl: { id: '28', sportId: '20', name: 'National Football League' },
  nba: { id: '46', sportId: '40', name: 'National Basketball Association' },
  mlb: { id: '10', sportId: '1', name: 'Major League Baseball' },
  nhl: { id: '90', sportId: '70', name: 'National Hockey League' },
};

interface FakeTeam {
  id: string;
  abbreviation: string;
  location: string;
  name: string;
  displayName: string;
  color: string;
  alternateColor: string;
}

const team = (
  id: string,
  abbreviation: string,
  location: string,
  name: string,
  color: string,
  alternateColor: string,
  displayName = `${location} ${name}`,
): FakeTeam => ({ id, abbreviation, location, name, displayName, color, alternateColor });

/** ESPN's own spellings, including the ones that differ from the app's catalogue. */
export const FAKE_TEAMS = {
  nfl: {
    DET: team('8', 'DET', 'Detroit', 'Lions', '0076b6', 'bbbbbb'),
    KC: team('12', 'KC', 'Kansas City', 'Chiefs', 'e31837', 'ffb612'),
    BUF: team('2', 'BUF', 'Buffalo', 'Bills', '00338d', 'd50a0a'),
    MIA: team('15', 'MIA', 'Miami', 'Dolphins', '008e97', 'fc4c02'),
    SF: team('25', 'SF', 'San Francisco', '49ers', 'aa0000', 'b3995d'),
    LAR: team('14', 'LAR', 'Los Angeles', 'Rams', '003594', 'ffd100'),
    WSH: team('28', 'WSH', 'Washington', 'Commanders', '5a1414', 'ffb612'),
    DAL: team('6', 'DAL', 'Dallas', 'Cowboys', '002a5c', 'b0b7bc'),
  },
  nba: {
    LAC: team('12', 'LAC', 'LA', 'Clippers', 'c8102e', '1d428a', 'LA Clippers'),
    GS: team('9', 'GS', 'Golden State', 'Warriors', '1d428a', 'ffc72c'),
    BOS: team('2', 'BOS', 'Boston', 'Celtics', '008348', 'ffffff'),
    NY: team('18', 'NY', 'New York', 'Knicks', '1d428a', 'f58426'),
    DEN: team('7', 'DEN', 'Denver', 'Nuggets', '0e2240', 'fec524'),
    LAL: team('13', 'LAL', 'Los Angeles', 'Lakers', '552583', 'fdb927'),
  },
  mlb: {
    NYY: team('10', 'NYY', 'New York', 'Yankees', '132448', 'c4ced4'),
    BOS: team('2', 'BOS', 'Boston', 'Red Sox', 'bd3039', '0d2b56'),
    CHC: team('16', 'CHC', 'Chicago', 'Cubs', '0e3386', 'cc3433'),
    STL: team('24', 'STL', 'St. Louis', 'Cardinals', 'c41e3a', '0c2340'),
    ATH: team('11', 'ATH', 'Athletics', 'Athletics', '003831', 'efb21e', 'Athletics'),
    SEA: team('12', 'SEA', 'Seattle', 'Mariners', '005c5c', 'c4ced4'),
  },
  nhl: {
    MTL: team('10', 'MTL', 'Montréal', 'Canadiens', 'af1e2d', '192168'),
    TOR: team('21', 'TOR', 'Toronto', 'Maple Leafs', '00205b', 'ffffff'),
    VGK: team('37', 'VGK', 'Vegas', 'Golden Knights', 'b4975a', '333f42'),
    COL: team('17', 'COL', 'Colorado', 'Avalanche', '6f263d', '236192'),
    NJ: team('11', 'NJ', 'New Jersey', 'Devils', 'ce1126', '000000'),
    TB: team('20', 'TB', 'Tampa Bay', 'Lightning', '002868', 'ffffff'),
  },
} as const;

type StatusName =
  | 'STATUS_SCHEDULED'
  | 'STATUS_IN_PROGRESS'
  | 'STATUS_HALFTIME'
  | 'STATUS_END_PERIOD'
  | 'STATUS_FINAL'
  | 'STATUS_POSTPONED'
  | 'STATUS_CANCELED'
  | 'STATUS_DELAYED'
  | 'STATUS_RAIN_DELAY';

const STATUS_IDS: Record<StatusName, string> = {
  STATUS_SCHEDULED: '1',
  STATUS_IN_PROGRESS: '2',
  STATUS_HALFTIME: '23',
  STATUS_END_PERIOD: '22',
  STATUS_FINAL: '3',
  STATUS_POSTPONED: '6',
  STATUS_CANCELED: '5',
  STATUS_DELAYED: '7',
  STATUS_RAIN_DELAY: '17',
};

/** One game as a test describes it; the fake renders ESPN's event around it. */
export interface FakeGame {
  id: string;
  league: FakeLeague;
  away: string;
  home: string;
  state: 'pre' | 'in' | 'post';
  statusName: StatusName;
  /** As ESPN sends them: strings; null leaves the field out (some sports pregame). */
  awayScore: string | null;
  homeScore: string | null;
  period: number;
  displayClock: string;
  detail: string;
  shortDetail: string;
  /** Minutes from when the fake started (negative: already begun). */
  startOffsetMinutes: number;
  broadcasts: string[];
  /** Networks only in geoBroadcasts (some MLB streams). */
  geoBroadcasts?: string[];
  /** The game page answers this status instead of a box score (e.g. 404). */
  pageStatus?: number;
}

/** A realistic day: scheduled, live, final (and in overtime), postponed, cancelled, null scores. */
export function defaultFakeGames(): FakeGame[] {
  return [
    // NFL
    {
      id: '401671001',
      league: 'nfl',
      away: 'DET',
      home: 'KC',
      state: 'post',
      statusName: 'STATUS_FINAL',
      awayScore: '21',
      homeScore: '20',
      period: 4,
      displayClock: '0:00',
      detail: 'Final',
      shortDetail: 'Final',
      startOffsetMinutes: -240,
      broadcasts: ['NBC'],
    },
    {
      id: '401671002',
      league: 'nfl',
      away: 'BUF',
      home: 'MIA',
      state: 'in',
      statusName: 'STATUS_IN_PROGRESS',
      awayScore: '17',
      homeScore: '10',
      period: 3,
      displayClock: '10:17',
      detail: '10:17 - 3rd Quarter',
      shortDetail: '10:17 - 3rd',
      startOffsetMinutes: -90,
      broadcasts: ['CBS', 'Paramount+'],
    },
    {
      id: '401671003',
      league: 'nfl',
      away: 'SF',
      home: 'LAR',
      state: 'pre',
      statusName: 'STATUS_SCHEDULED',
      awayScore: '0',
      homeScore: '0',
      period: 0,
      displayClock: '0:00',
      detail: 'Tonight at 8:15 PM EDT',
      shortDetail: '8:15 PM EDT',
      startOffsetMinutes: 180,
      broadcasts: ['ESPN', 'ABC'],
    },
    {
      id: '401671004',
      league: 'nfl',
      away: 'WSH',
      home: 'DAL',
      state: 'pre',
      statusName: 'STATUS_POSTPONED',
      awayScore: '0',
      homeScore: '0',
      period: 0,
      displayClock: '0:00',
      detail: 'Postponed',
      shortDetail: 'Postponed',
      startOffsetMinutes: 60,
      broadcasts: ['FOX'],
      pageStatus: 404,
    },
    // NBA
    {
      id: '401705001',
      league: 'nba',
      away: 'LAC',
      home: 'GS',
      state: 'in',
      statusName: 'STATUS_HALFTIME',
      awayScore: '58',
      homeScore: '61',
      period: 2,
      displayClock: '0.0',
      detail: 'Halftime',
      shortDetail: 'Halftime',
      startOffsetMinutes: -70,
      broadcasts: ['TNT'],
    },
    {
      id: '401705002',
      league: 'nba',
      away: 'BOS',
      home: 'NY',
      state: 'post',
      statusName: 'STATUS_FINAL',
      awayScore: '118',
      homeScore: '121',
      period: 5,
      displayClock: '0.0',
      detail: 'Final/OT',
      shortDetail: 'Final/OT',
      startOffsetMinutes: -200,
      broadcasts: ['ESPN'],
    },
    {
      id: '401705003',
      league: 'nba',
      away: 'DEN',
      home: 'LAL',
      state: 'pre',
      statusName: 'STATUS_SCHEDULED',
      awayScore: null,
      homeScore: null,
      period: 0,
      displayClock: '0.0',
      detail: 'Tonight at 10:30 PM EDT',
      shortDetail: '10:30 PM EDT',
      startOffsetMinutes: 300,
      broadcasts: [],
    },
    // MLB
    {
      id: '401695001',
      league: 'mlb',
      away: 'NYY',
      home: 'BOS',
      state: 'in',
      statusName: 'STATUS_IN_PROGRESS',
      awayScore: '4',
      homeScore: '3',
      period: 8,
      displayClock: '0:00',
      detail: 'Top 8th',
      shortDetail: 'Top 8th',
      startOffsetMinutes: -150,
      broadcasts: [],
      geoBroadcasts: ['MLB.TV'],
    },
    {
      id: '401695002',
      league: 'mlb',
      away: 'CHC',
      home: 'STL',
      state: 'post',
      statusName: 'STATUS_POSTPONED',
      awayScore: '0',
      homeScore: '0',
      period: 0,
      displayClock: '0:00',
      detail: 'Postponed',
      shortDetail: 'Postponed',
      startOffsetMinutes: -30,
      broadcasts: ['Marquee'],
    },
    {
      id: '401695003',
      league: 'mlb',
      away: 'ATH',
      home: 'SEA',
      state: 'pre',
      statusName: 'STATUS_SCHEDULED',
      awayScore: '0',
      homeScore: '0',
      period: 0,
      displayClock: '0:00',
      detail: 'Tonight at 9:40 PM EDT',
      shortDetail: '9:40 PM EDT',
      startOffsetMinutes: 240,
      broadcasts: ['ROOT Sports'],
    },
    // NHL
    {
      id: '401687001',
      league: 'nhl',
      away: 'MTL',
      home: 'TOR',
      state: 'in',
      statusName: 'STATUS_IN_PROGRESS',
      awayScore: '1',
      homeScore: '2',
      period: 2,
      displayClock: '12:34',
      detail: '12:34 - 2nd Period',
      shortDetail: '12:34 - 2nd',
      startOffsetMinutes: -60,
      broadcasts: ['SN', 'TVAS'],
    },
    {
      id: '401687002',
      league: 'nhl',
      away: 'VGK',
      home: 'COL',
      state: 'post',
      statusName: 'STATUS_FINAL',
      awayScore: '3',
      homeScore: '4',
      period: 4,
      displayClock: '0:00',
      detail: 'Final/OT',
      shortDetail: 'Final/OT',
      startOffsetMinutes: -220,
      broadcasts: ['ESPN+'],
    },
    {
      id: '401687003',
      league: 'nhl',
      away: 'NJ',
      home: 'TB',
      state: 'post',
      statusName: 'STATUS_CANCELED',
      awayScore: null,
      homeScore: null,
      period: 0,
      displayClock: '0:00',
      detail: 'Canceled',
      shortDetail: 'Canceled',
      startOffsetMinutes: 30,
      broadcasts: [],
    },
  ];
}

export type FakeFailMode = 'status' | 'html' | 'garbage' | 'hang';

export interface FakeEspnFailure {
  /** One league, or every league when absent. */
  league?: FakeLeague;
  /** Only the requests for a given day's board (`dates`), not the current one. */
  datedOnly?: boolean;
  /** HTTP status for mode 'status' (default 503). */
  status?: number;
  /** 'status' (default): an error status; 'html': 200 with an HTML page; 'garbage': 200 JSON that is no scoreboard; 'hang': never answers. */
  mode?: FakeFailMode;
}

export interface FakeEspnStats {
  /** Requests for a league's current board (no `dates`): one per league in each refresh. */
  scoreboardRequests: Record<FakeLeague, number>;
  /** Requests for a given day's board (`dates`): a game's refresh, yesterday's late games. */
  dayRequests: Record<FakeLeague, number>;
  pageRequests: number;
  /** Summary requests by event id (`summary?event=`), answered or not. */
  summaryRequests: Record<string, number>;
  /** Query of the last scoreboard request. */
  lastQuery: Record<string, string> | null;
}

export type FakeGamePatch = Partial<Omit<FakeGame, 'id' | 'league'>>;

export interface FakeEspn {
  /** Base URL: use it as ESPN_BASE_URL. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The current games. */
  games(): FakeGame[];
  /** Sets a game's scores (strings, as ESPN sends them). */
  setScore(id: string, away: number | string | null, home: number | string | null): void;
  /** Changes any field of a game (status, period, clock, …). */
  updateGame(id: string, patch: FakeGamePatch): void;
  /** Replaces every game. */
  setGames(games: FakeGame[]): void;
  /**
   * Adds a scoring play to a game: `points` go to `team` on the scoreboard, and the game's summary
   * gets the play (with the score after it) and a win-probability point. Answers the play's id.
   */
  addScoringPlay(gameId: string, play: FakeScoringPlay): string;
  /** Serves the game's summary without these sections (an empty list serves them again). */
  omitSummarySections(gameId: string, sections: readonly SummarySection[]): void;
  /** Summary requests for one event id so far. */
  summaryRequests(gameId: string): number;
  /** Fails scoreboard requests until cleared with null. */
  fail(failure: FakeEspnFailure | null): void;
  /** Holds scoreboard answers back until release() (to catch requests in flight). */
  hold(): void;
  /** Sends every held answer, and answers at once again. */
  release(): void;
  /** Back to the default day, no failures, counters zeroed. */
  reset(): void;
  stats(): FakeEspnStats;
  /** The URL of a game's page on this fake. */
  gameUrl(game: Pick<FakeGame, 'id' | 'league'>): string;
  /** ESPN's standings (tests/fakes/espn-standings.ts). */
  standings: FakeStandings;
}

export interface FakeEspnOptions {
  port?: number;
  host?: string;
  games?: FakeGame[];
  /** Clock for start times (default Date.now at start). */
  now?: () => number;
  /**
   * Answer a scoreboard asked for without `dates` with the games of the current US Eastern day by
   * `now` only, rolling over at midnight as ESPN does. By default every game is "today".
   */
  currentDayOnly?: boolean;
  /** Called once each summary answer has been sent (benchmarks time from it). */
  onSummarySent?: (eventId: string) => void;
}

/** The ESPN-style ISO date without seconds ("2023-09-08T00:20Z"). */
const espnIso = (time: number) => new Date(time).toISOString().replace(/:\d\d\.\d{3}Z$/, 'Z');

function easternDay(time: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(time)
    .replace(/-/g, '');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'max-age=10' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export async function startFakeEspn(options: FakeEspnOptions = {}): Promise<FakeEspn> {
  const clock = options.now ?? Date.now;
  const startedAt = clock();
  let games: FakeGame[] = structuredClone(options.games ?? defaultFakeGames());
  let failure: FakeEspnFailure | null = null;
  let stats: FakeEspnStats;
  let baseUrl = '';
  const hanging = new Set<ServerResponse>();
  let held: Array<() => void> | null = null;
  const summaries = createFakeSummaries();
  const standings = createFakeStandings();

  function resetStats() {
    stats = {
      scoreboardRequests: { nfl: 0, nba: 0, mlb: 0, nhl: 0 },
      dayRequests: { nfl: 0, nba: 0, mlb: 0, nhl: 0 },
      pageRequests: 0,
      summaryRequests: {},
      lastQuery: null,
    };
  }
  resetStats();

  const teamOf = (league: FakeLeague, key: string): FakeTeam => {
    const table = FAKE_TEAMS[league] as Record<string, FakeTeam>;
    const found = table[key];
    if (!found) throw new Error(`fake ESPN: no ${league} team ${key}`);
    return found;
  };
  const gameUrl = (game: Pick<FakeGame, 'id' | 'league'>) =>
    `${baseUrl}/${game.league}/game/_/gameId/${game.id}`;
  const startOf = (game: FakeGame) => startedAt + game.startOffsetMinutes * 60_000;

  function status(game: FakeGame) {
    return {
      clock: game.state === 'in' ? 617 : 0,
      displayClock: game.displayClock,
      period: game.period,
      type: {
        id: STATUS_IDS[game.statusName],
        name: game.statusName,
        state: game.state,
        completed: game.state === 'post' && game.statusName === 'STATUS_FINAL',
        description: {
          STATUS_SCHEDULED: 'Scheduled',
          STATUS_IN_PROGRESS: 'In Progress',
          STATUS_HALFTIME: 'Halftime',
          STATUS_END_PERIOD: 'End of Period',
          STATUS_FINAL: 'Final',
          STATUS_POSTPONED: 'Postponed',
          STATUS_CANCELED: 'Canceled',
          STATUS_DELAYED: 'Delayed',
          STATUS_RAIN_DELAY: 'Rain Delay',
        }[game.statusName],
        detail: game.detail,
        shortDetail: game.shortDetail,
      },
    };
  }

  function competitor(game: FakeGame, side: 'home' | 'away', order: number) {
    const t = teamOf(game.league, side === 'home' ? game.home : game.away);
    const score = side === 'home' ? game.homeScore : game.awayScore;
    const other = side === 'home' ? game.awayScore : game.homeScore;
    const decided = game.state === 'post' && game.statusName === 'STATUS_FINAL';
    return {
      id: t.id,
      uid: `s:${LEAGUE_IDS[game.league].sportId}~l:${LEAGUE_IDS[game.league].id}~t:${t.id}`,
      type: 'team',
      order,
      homeAway: side,
      ...(decided ? { winner: Number(score) > Number(other) } : {}),
      ...(score === null ? {} : { score }),
      ...(game.state === 'pre' ? {} : { linescores: [{ value: Number(score ?? 0) }] }),
      records: [
        { name: 'overall', abbreviation: 'Game', type: 'total', summary: side === 'home' ? '5-2' : '4-3' },
      ],
      statistics: [],
      team: {
        id: t.id,
        uid: `s:${LEAGUE_IDS[game.league].sportId}~l:${LEAGUE_IDS[game.league].id}~t:${t.id}`,
        location: t.location,
        name: t.name,
        abbreviation: t.abbreviation,
        displayName: t.displayName,
        shortDisplayName: t.name,
        color: t.color,
        alternateColor: t.alternateColor,
        isActive: true,
        venue: { id: '3622' },
        links: [],
        logo: `${baseUrl}/i/teamlogos/${game.league}/500/scoreboard/${t.abbreviation.toLowerCase()}.png`,
      },
    };
  }

  function event(game: FakeGame) {
    const away = teamOf(game.league, game.away);
    const home = teamOf(game.league, game.home);
    const date = espnIso(startOf(game));
    const league = LEAGUE_IDS[game.league];
    return {
      id: game.id,
      uid: `s:${league.sportId}~l:${league.id}~e:${game.id}`,
      date,
      name: `${away.displayName} at ${home.displayName}`,
      shortName: `${away.abbreviation} @ ${home.abbreviation}`,
      season: { year: 2026, type: 2, slug: 'regular-season' },
      ...(game.league === 'nfl' ? { week: { number: 6 } } : {}),
      competitions: [
        {
          id: game.id,
          uid: `s:${league.sportId}~l:${league.id}~e:${game.id}~c:${game.id}`,
          date,
          startDate: date,
          attendance: game.state === 'pre' ? 0 : 18_000,
          type: { id: '1', abbreviation: 'STD' },
          timeValid: true,
          neutralSite: false,
          conferenceCompetition: false,
          playByPlayAvailable: game.state !== 'pre',
          recent: false,
          venue: {
            id: '3622',
            fullName: `${home.location} Arena`,
            address: { city: home.location },
            indoor: true,
          },
          // ESPN lists home first; readers must go by homeAway, not order.
          competitors: [competitor(game, 'home', 0), competitor(game, 'away', 1)],
          notes: [],
          status: status(game),
          ...situationOf(game),
          broadcasts: game.broadcasts.length > 0 ? [{ market: 'national', names: game.broadcasts }] : [],
          geoBroadcasts: [...game.broadcasts, ...(game.geoBroadcasts ?? [])].map((name) => ({
            type: { id: '1', shortName: name.includes('.TV') || name.endsWith('+') ? 'Web' : 'TV' },
            market: { id: '1', type: 'National' },
            media: { shortName: name },
            lang: 'en',
            region: 'us',
          })),
          format: { regulation: { periods: game.league === 'mlb' ? 9 : game.league === 'nhl' ? 3 : 4 } },
        },
      ],
      links: [
        {
          language: 'en-US',
          rel: ['summary', 'desktop', 'event'],
          href: gameUrl(game),
          text: 'Gamecast',
          shortText: 'Gamecast',
          isExternal: false,
          isPremium: false,
        },
      ],
      status: status(game),
    };
  }

  /** A live game's `situation`, in the shape real live scoreboards carry it. */
  function situationOf(game: FakeGame): { situation?: unknown } {
    const situation = summaries.situation(
      game,
      teamOf(game.league, game.away),
      teamOf(game.league, game.home),
    );
    return situation ? { situation } : {};
  }

  /** A game's summary, or ESPN's answer for an event it does not know. */
  function summary(res: ServerResponse, league: FakeLeague, eventId: string | null) {
    const key = eventId ?? '';
    stats.summaryRequests[key] = (stats.summaryRequests[key] ?? 0) + 1;
    const game = games.find((candidate) => candidate.id === eventId && candidate.league === league);
    if (!game) return sendJson(res, 404, { code: 404, message: 'Failed to get event summary' });
    if (options.onSummarySent) res.once('finish', () => options.onSummarySent!(game.id));
    sendJson(
      res,
      200,
      summaries.summary(game, teamOf(game.league, game.away), teamOf(game.league, game.home)),
    );
  }

  function scoreboard(league: FakeLeague, dates: string | null) {
    const ids = LEAGUE_IDS[league];
    const today = easternDay(options.currentDayOnly ? clock() : startedAt);
    // null: every game, the fake's default "today".
    const day = dates ?? (options.currentDayOnly ? today : null);
    const shown = day ?? today;
    const events = games
      .filter((game) => game.league === league)
      .filter((game) => day === null || easternDay(startOf(game)) === day)
      .sort((a, b) => startOf(a) - startOf(b))
      .map(event);
    return {
      leagues: [
        {
          id: ids.id,
          uid: `s:${ids.sportId}~l:${ids.id}`,
          name: ids.name,
          abbreviation: league.toUpperCase(),
          slug: league,
          season: {
            year: 2026,
            startDate: '2026-01-01T08:00Z',
            endDate: '2026-12-31T07:59Z',
            displayName: '2026',
          },
          calendarType: 'day',
          calendar: [],
        },
      ],
      season: { type: 2, year: 2026 },
      ...(league === 'nfl'
        ? { week: { number: 6 } }
        : {
            day: {
              date: `${shown.slice(0, 4)}-${shown.slice(4, 6)}-${shown.slice(6)}`,
            },
          }),
      events,
    };
  }

  function gamePage(res: ServerResponse, league: string, id: string) {
    stats.pageRequests++;
    const game = games.find((candidate) => candidate.id === id && candidate.league === league);
    if (!game || game.pageStatus) {
      res.writeHead(game?.pageStatus ?? 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Page not found - ESPN</title><h1>Page not found</h1>');
      return;
    }
    const away = teamOf(game.league, game.away);
    const home = teamOf(game.league, game.home);
    const title = `${away.displayName} vs. ${home.displayName} - Game Stats`;
    const row = (t: FakeTeam, score: string | null) =>
      `<tr><th scope="row">${escapeHtml(t.displayName)}</th><td>${escapeHtml(score ?? '-')}</td></tr>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><article>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(game.detail)}. Team statistics and the box score for ${escapeHtml(away.displayName)} at ${escapeHtml(home.displayName)}, updated as the game goes on.</p>
<p class="scoreline">${escapeHtml(textLine(game))}</p>
<h2>Box Score</h2>
<table><thead><tr><th>Team</th><th>Total</th></tr></thead><tbody>${row(away, game.awayScore)}${row(home, game.homeScore)}</tbody></table>
<h2>Team Stats</h2>
<ul><li>Possession: ${escapeHtml(away.abbreviation)} 52%, ${escapeHtml(home.abbreviation)} 48%</li><li>Turnovers: 1 to 2</li><li>Penalties: 4 for 35 yards to 6 for 50 yards</li></ul>
<p>The advanced numbers for this game come from the league's official play-by-play feed and are refreshed every few minutes while it is live.</p>
</article></main></body></html>`);
  }

  /** A game as one line of text: `NFL: Away 21 at Home 20 | Final | Final | NBC | <game page>`. */
  function textLine(game: FakeGame): string {
    const away = teamOf(game.league, game.away);
    const home = teamOf(game.league, game.home);
    const played = game.state !== 'pre' && !['STATUS_POSTPONED', 'STATUS_CANCELED'].includes(game.statusName);
    const status =
      game.statusName === 'STATUS_POSTPONED'
        ? 'Postponed'
        : game.statusName === 'STATUS_CANCELED'
          ? 'Cancelled'
          : game.state === 'in'
            ? 'Live'
            : game.state === 'post'
              ? 'Final'
              : 'Scheduled';
    const score = (value: string | null) => (played && value !== null ? ` ${value}` : '');
    const networks = [...game.broadcasts, ...(game.geoBroadcasts ?? [])].join(', ');
    const when = game.state === 'pre' ? game.shortDetail : game.detail;
    return `${game.league.toUpperCase()}: ${away.displayName}${score(game.awayScore)} at ${home.displayName}${score(game.homeScore)} | ${status} | ${when} | ${networks} | ${gameUrl(game)}`;
  }

  /** The day as plain text, one line per game. */
  function textPage(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Scores today\n\n${games.map(textLine).join('\n')}\n`);
  }

  function failScoreboard(res: ServerResponse): boolean {
    const mode = failure?.mode ?? 'status';
    if (mode === 'hang') {
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return true;
    }
    if (mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>ESPN</title><p>We are having technical difficulties.</p>');
      return true;
    }
    if (mode === 'garbage') {
      sendJson(res, 200, { events: 'none today', code: 'garbled' });
      return true;
    }
    sendJson(res, failure?.status ?? 503, { code: failure?.status ?? 503, message: 'Service Unavailable' });
    return true;
  }

  function find(id: string): FakeGame {
    const game = games.find((candidate) => candidate.id === id);
    if (!game) throw new Error(`fake ESPN: no game ${id}`);
    return game;
  }

  const api: FakeEspn = {
    url: '',
    port: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    games: () => structuredClone(games),
    setScore(id, away, home) {
      const game = find(id);
      game.awayScore = away === null ? null : String(away);
      game.homeScore = home === null ? null : String(home);
    },
    updateGame(id, patch) {
      Object.assign(find(id), patch);
    },
    setGames(next) {
      games = structuredClone(next);
    },
    addScoringPlay(gameId, play) {
      const game = find(gameId);
      if (!Number.isInteger(play.points) || play.points < 1)
        throw new Error('fake ESPN: points must be 1 or more');
      if (play.team === 'home') game.homeScore = String(Number(game.homeScore ?? 0) + play.points);
      else game.awayScore = String(Number(game.awayScore ?? 0) + play.points);
      return summaries.addScoringPlay(
        game,
        teamOf(game.league, game.away),
        teamOf(game.league, game.home),
        play,
      );
    },
    omitSummarySections(gameId, sections) {
      summaries.omit(find(gameId).id, sections);
    },
    summaryRequests: (gameId) => stats.summaryRequests[gameId] ?? 0,
    fail(next) {
      failure = next;
      if (!next) for (const res of hanging) res.destroy();
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    reset() {
      games = structuredClone(options.games ?? defaultFakeGames());
      failure = null;
      summaries.reset();
      api.release();
      resetStats();
      standings.reset();
    },
    stats: () => structuredClone(stats),
    gameUrl,
    standings,
  };

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET') return sendJson(res, 200, { ...stats, games, failure });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { message: 'Bad JSON' });
    }
    try {
      if (body.reset) api.reset();
      if (body.clear) api.setGames([]);
      const score = body.score as { id: string; away: number | null; home: number | null } | undefined;
      if (score) api.setScore(score.id, score.away, score.home);
      const game = body.game as ({ id: string } & FakeGamePatch) | undefined;
      if (game) {
        const { id, ...patch } = game;
        api.updateGame(id, patch);
      }
      if ('fail' in body) api.fail((body.fail as FakeEspnFailure | null) ?? null);
      const scoringPlay = body.scoringPlay as ({ id: string } & FakeScoringPlay) | undefined;
      if (scoringPlay) {
        const { id, ...play } = scoringPlay;
        return sendJson(res, 200, { ok: true, playId: api.addScoringPlay(id, play) });
      }
      const sections = body.summarySections as { id: string; omit: SummarySection[] } | undefined;
      if (sections) api.omitSummarySections(sections.id, sections.omit);
    } catch (error) {
      return sendJson(res, 400, { message: error instanceof Error ? error.message : String(error) });
    }
    sendJson(res, 200, { ok: true });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-espn.invalid');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const handle = async () => {
      if (path === '/__control' && (req.method === 'GET' || req.method === 'POST')) return control(req, res);
      if (standings.handle(req, res, path, url.searchParams)) return;
      if (req.method !== 'GET') return sendJson(res, 405, { code: 405, message: 'Method Not Allowed' });
      const board = /^\/apis\/site\/v2\/sports\/([a-z-]+)\/([a-z0-9.-]+)\/scoreboard$/.exec(path);
      if (board) {
        const league = board[2] as FakeLeague;
        if (!(league in SPORTS) || SPORTS[league] !== board[1]) {
          return sendJson(res, 404, { code: 404, message: 'Not Found' });
        }
        (url.searchParams.has('dates') ? stats.dayRequests : stats.scoreboardRequests)[league]++;
        stats.lastQuery = Object.fromEntries(url.searchParams);
        const answer = () => {
          const failing =
            failure &&
            (!failure.league || failure.league === league) &&
            (!failure.datedOnly || url.searchParams.has('dates'));
          if (failing) return failScoreboard(res);
          sendJson(res, 200, scoreboard(league, url.searchParams.get('dates')));
        };
        if (held) held.push(answer);
        else answer();
        return;
      }
      const summaryPath = /^\/apis\/site\/v2\/sports\/([a-z-]+)\/([a-z0-9.-]+)\/summary$/.exec(path);
      if (summaryPath) {
        const league = summaryPath[2] as FakeLeague;
        if (!(league in SPORTS) || SPORTS[league] !== summaryPath[1]) {
          return sendJson(res, 404, { code: 404, message: 'Not Found' });
        }
        return summary(res, league, url.searchParams.get('event'));
      }
      const page = /^\/(nfl|nba|mlb|nhl)\/game\/_\/gameId\/(\d+)$/.exec(path);
      if (page) return gamePage(res, page[1]!, page[2]!);
      if (path === '/text/scores') return textPage(res);
      sendJson(res, 404, { code: 404, message: 'Not Found' });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  api.url = baseUrl;
  api.port = port;
  return api;
}

// Standalone: tsx tests/fakes/espn.ts --port 4200
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4200' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const fake = await startFakeEspn({ port: Number(values.port), host: values.host });
  console.log(`fake ESPN on ${fake.url}: ESPN_BASE_URL=${fake.url} FETCH_ALLOW_PRIVATE=1`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
