/**
 * ESPN's standings for the fake ESPN (tests/fakes/espn.ts), in the real shape: a tree of groups, each
 * table `standings.entries` of teams with their statistics by name, teams in an order that is not the
 * ranking (as ESPN sends them).
 *
 * - GET /apis/v2/sports/{sport}/{league}/standings   NFL and NBA: real captured answers, byte for byte
 *   (tests/fixtures/real/espn-standings/); MLB and NHL: built here in the same shape with divisions
 *   nested in conferences (as `level=3` answers), since no real MLB or NHL answer was found to keep
 * - POST /__control/standings  {fail: status|null} fails every standings request with that status
 *   until null; {reset: true} undoes it and zeroes the counters
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

type League = 'nfl' | 'nba' | 'mlb' | 'nhl';
const LEAGUES: Record<string, League> = {
  'football/nfl': 'nfl',
  'basketball/nba': 'nba',
  'baseball/mlb': 'mlb',
  'hockey/nhl': 'nhl',
};

const REAL = join(import.meta.dirname, '../fixtures/real/espn-standings');
const CAPTURED: Partial<Record<League, string>> = {
  nfl: 'nfl-conferences-2024-final.json',
  nba: 'nba-conferences-2024-25-final.json',
};

export interface FakeStandingsStats {
  /** Standings requests per league. */
  requests: Record<League, number>;
  /** Query of the last standings request. */
  lastQuery: Record<string, string> | null;
}

export interface FakeStandings {
  /** Answers a standings request or its control; false for any other request. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): boolean;
  /** Fails every standings request with this status until null. */
  fail(status: number | null): void;
  /** Holds standings answers back until release() (to catch reads in flight). */
  hold(): void;
  /** Sends every held answer, and answers at once again. */
  release(): void;
  reset(): void;
  stats(): FakeStandingsStats;
}

// One team's line as ESPN writes it: a stat per column, value and display value.
function stat(name: string, abbreviation: string, value: number, displayValue = String(value)) {
  return {
    name,
    displayName: name,
    shortDisplayName: abbreviation,
    abbreviation,
    type: name.toLowerCase(),
    value,
    displayValue,
  };
}
const pct = (wins: number, games: number) => (wins / games).toFixed(3).replace(/^0/, '');

interface BuiltTeam {
  name: string;
  abbreviation: string;
  wins: number;
  losses: number;
  /** NHL: overtime losses. */
  otl?: number;
  streak: string;
}

function entry(league: 'mlb' | 'nhl', team: BuiltTeam, leader: BuiltTeam) {
  const [location, ...rest] = team.name.split(' ');
  const streak = stat(
    'streak',
    'STRK',
    Number(team.streak.slice(1)) * (team.streak.startsWith('W') ? 1 : -1),
    team.streak,
  );
  const stats =
    league === 'mlb'
      ? [
          stat('wins', 'W', team.wins),
          stat('losses', 'L', team.losses),
          stat(
            'winPercent',
            'PCT',
            team.wins / (team.wins + team.losses),
            pct(team.wins, team.wins + team.losses),
          ),
          (() => {
            const behind = (leader.wins - team.wins + team.losses - leader.losses) / 2;
            return stat('gamesBehind', 'GB', behind, behind === 0 ? '-' : String(behind));
          })(),
          streak,
        ]
      : [
          stat('gamesPlayed', 'GP', team.wins + team.losses + (team.otl ?? 0)),
          stat('wins', 'W', team.wins),
          stat('losses', 'L', team.losses),
          stat('otLosses', 'OTL', team.otl ?? 0),
          stat('points', 'PTS', team.wins * 2 + (team.otl ?? 0)),
          streak,
        ];
  return {
    team: {
      id: team.abbreviation,
      location,
      name: rest.join(' '),
      abbreviation: team.abbreviation,
      displayName: team.name,
      shortDisplayName: rest.join(' '),
      isActive: true,
    },
    stats,
  };
}

type Division = [name: string, teams: BuiltTeam[]];
type Conference = [name: string, divisions: Division[]];

/**
 * A division's teams, one a line as a standings table shows them: name, abbreviation, wins-losses
 * (and overtime losses in the NHL), streak.
 */
function division(name: string, table: string): Division {
  const teams = table
    .trim()
    .split('\n')
    .map((line) => {
      const row = /^(.+?)\s+([A-Z]+)\s+(\d+)-(\d+)(?:-(\d+))?\s+([WL]\d+)$/.exec(line.trim());
      if (!row) throw new Error(`Not a standings line: ${line}`);
      const [, team, abbreviation, wins, losses, otl, streak] = row;
      return {
        name: team!,
        abbreviation: abbreviation!,
        wins: Number(wins),
        losses: Number(losses),
        streak: streak!,
        ...(otl === undefined ? {} : { otl: Number(otl) }),
      };
    });
  return [name, teams];
}

const conference = (name: string, ...divisions: Division[]): Conference => [name, divisions];

/** Divisions as the leagues have them; teams listed out of rank order, as ESPN lists them. */
const BUILT: Record<'mlb' | 'nhl', { name: string; season: string; conferences: Conference[] }> = {
  mlb: {
    name: 'Major League Baseball',
    season: '2025',
    conferences: [
      conference(
        'American League',
        division(
          'American League East',
          `
            Boston Red Sox     BOS  89-73  W1
            New York Yankees   NYY  94-68  W8
            Toronto Blue Jays  TOR  94-68  L1
            Tampa Bay Rays     TB   77-85  L2
            Baltimore Orioles  BAL  75-87  W1
          `,
        ),
        division(
          'American League Central',
          `
            Detroit Tigers       DET  87-75   W2
            Cleveland Guardians  CLE  88-74   L1
            Kansas City Royals   KC   82-80   W1
            Minnesota Twins      MIN  70-92   L3
            Chicago White Sox    CHW  60-102  L1
          `,
        ),
        division(
          'American League West',
          `
            Houston Astros      HOU  87-75  W1
            Seattle Mariners    SEA  90-72  L2
            Texas Rangers       TEX  81-81  W1
            Athletics           ATH  76-86  W3
            Los Angeles Angels  LAA  72-90  L4
          `,
        ),
      ),
      conference(
        'National League',
        division(
          'National League East',
          `
            New York Mets          NYM  83-79  L1
            Philadelphia Phillies  PHI  96-66  W2
            Miami Marlins          MIA  79-83  W1
            Atlanta Braves         ATL  76-86  L2
            Washington Nationals   WSH  66-96  L1
          `,
        ),
        division(
          'National League Central',
          `
            Chicago Cubs         CHC  92-70  W1
            Milwaukee Brewers    MIL  97-65  W3
            Cincinnati Reds      CIN  83-79  L1
            St. Louis Cardinals  STL  78-84  W1
            Pittsburgh Pirates   PIT  71-91  L2
          `,
        ),
        division(
          'National League West',
          `
            San Diego Padres      SD   90-72   W1
            Los Angeles Dodgers   LAD  93-69   W5
            San Francisco Giants  SF   81-81   L1
            Arizona Diamondbacks  ARI  80-82   L3
            Colorado Rockies      COL  43-119  L6
          `,
        ),
      ),
    ],
  },
  nhl: {
    name: 'National Hockey League',
    season: '2025-26',
    conferences: [
      conference(
        'Eastern Conference',
        division(
          'Atlantic Division',
          `
            Boston Bruins        BOS  14-10-1  W2
            Toronto Maple Leafs  TOR  13-9-3   L1
            Detroit Red Wings    DET  15-8-2   W4
            Florida Panthers     FLA  12-10-2  W1
            Tampa Bay Lightning  TB   14-8-1   W3
            Montreal Canadiens   MTL  12-8-3   L2
            Ottawa Senators      OTT  11-9-4   W1
            Buffalo Sabres       BUF  9-11-4   L3
          `,
        ),
        division(
          'Metropolitan Division',
          `
            New Jersey Devils      NJ   15-8-1   L1
            Carolina Hurricanes    CAR  15-7-2   W2
            Washington Capitals    WSH  13-9-2   W1
            Pittsburgh Penguins    PIT  11-7-6   L2
            New York Islanders     NYI  13-8-2   W3
            Philadelphia Flyers    PHI  12-7-3   W1
            Columbus Blue Jackets  CBJ  10-10-3  L1
            New York Rangers       NYR  11-11-2  L2
          `,
        ),
      ),
      conference(
        'Western Conference',
        division(
          'Central Division',
          `
            Dallas Stars         DAL   15-5-4   W2
            Colorado Avalanche   COL   18-2-4   W6
            Minnesota Wild       MIN   13-8-3   W1
            Utah Mammoth         UTAH  12-10-2  L1
            Winnipeg Jets        WPG   13-9-0   L2
            Chicago Blackhawks   CHI   10-9-4   W1
            St. Louis Blues      STL   8-11-5   L3
            Nashville Predators  NSH   8-12-3   W1
          `,
        ),
        division(
          'Pacific Division',
          `
            Edmonton Oilers       EDM  11-10-4  W1
            Vegas Golden Knights  VGK  11-5-6   L1
            Anaheim Ducks         ANA  15-7-1   W3
            Los Angeles Kings     LA   11-7-5   L1
            Seattle Kraken        SEA  11-7-4   W2
            San Jose Sharks       SJ   11-10-3  W1
            Vancouver Canucks     VAN  10-12-2  L2
            Calgary Flames        CGY  8-14-3   L1
          `,
        ),
      ),
    ],
  },
};

function built(league: 'mlb' | 'nhl') {
  const { name, season, conferences } = BUILT[league];
  return {
    name,
    abbreviation: league.toUpperCase(),
    children: conferences.map(([conference, divisions]) => ({
      name: conference,
      isConference: true,
      children: divisions.map(([division, teams]) => {
        const leader = [...teams].sort((a, b) => b.wins - b.losses - (a.wins - a.losses))[0]!;
        return {
          name: division,
          isConference: false,
          standings: {
            name: 'overall',
            displayName: 'Standings',
            seasonDisplayName: season,
            entries: teams.map((team) => entry(league, team, leader)),
          },
        };
      }),
    })),
  };
}

export function createFakeStandings(): FakeStandings {
  let failing: number | null = null;
  let held: Array<() => void> | null = null;
  let stats: FakeStandingsStats;
  const zero = () => {
    stats = { requests: { nfl: 0, nba: 0, mlb: 0, nhl: 0 }, lastQuery: null };
  };
  zero();

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'application/json;charset=UTF-8',
      'cache-control': 'max-age=60',
    });
    res.end(body);
  };

  const api: FakeStandings = {
    handle(req, res, path, query) {
      if (path === '/__control/standings' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          let body: { fail?: number | null; reset?: boolean };
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as typeof body;
          } catch {
            return send(res, 400, '{"message":"Bad JSON"}');
          }
          if (body.reset) api.reset();
          if ('fail' in body) api.fail(body.fail ?? null);
          send(res, 200, '{"ok":true}');
        });
        return true;
      }
      const match = /^\/apis\/v2\/sports\/([a-z]+\/[a-z]+)\/standings$/.exec(path);
      if (!match || req.method !== 'GET') return false;
      const league = LEAGUES[match[1]!];
      if (!league) {
        send(res, 404, '{"code":404,"message":"Not Found"}');
        return true;
      }
      stats.requests[league]++;
      stats.lastQuery = Object.fromEntries(query);
      const answer = () => {
        if (failing !== null) {
          return send(res, failing, JSON.stringify({ code: failing, message: 'Service Unavailable' }));
        }
        const captured = CAPTURED[league];
        send(
          res,
          200,
          captured
            ? readFileSync(join(REAL, captured), 'utf8')
            : JSON.stringify(built(league as 'mlb' | 'nhl')),
        );
      };
      if (held) held.push(answer);
      else answer();
      return true;
    },
    fail(status) {
      failing = status;
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
      failing = null;
      api.release();
      zero();
    },
    stats: () => structuredClone(stats),
  };
  return api;
}
