/**
 * ESPN's game summary (`/apis/site/v2/sports/{sport}/{league}/summary?event={id}`): plays, scoring
 * plays, box score, leaders and win probability of one game. An answer is 0.7–1.8 MB, most of it news,
 * odds, rosters and videos the app never shows, so the body is capped before it is parsed and only the
 * fields the Gamecast reads are kept, each as leniently as the scoreboard's (client.ts).
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import { readCapped } from '../../http/read-capped';
import {
  ESPN_LEAGUES,
  EspnError,
  looseBoolean,
  looseList,
  looseNumber,
  looseObject,
  looseText,
  type EspnLeagueKey,
} from './client';

/**
 * Largest summary read (bytes). Real ones are 0.7–1.8 MB (an MLB game with every pitch the largest);
 * this leaves room for a long extra-inning game and refuses anything far beyond before it is parsed.
 */
export const ESPN_SUMMARY_MAX_BYTES = 6 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

const teamRefSchema = z.object({ id: looseText });

const periodSchema = z.object({
  number: looseNumber,
  /** '2nd Quarter', '1st Inning', '3rd' (the NHL), absent (the NFL's scoring plays). */
  displayValue: looseText,
  /** MLB: 'Top' or 'Bottom'. */
  type: looseText,
});

const playSchema = z.object({
  id: looseText,
  text: looseText,
  awayScore: looseNumber,
  homeScore: looseNumber,
  period: looseObject(periodSchema),
  clock: looseObject(z.object({ displayValue: looseText })),
  scoringPlay: looseBoolean,
  team: looseObject(teamRefSchema),
  /** `type.type` tells MLB's pitches ('strike-looking') from at-bat results ('play-result'). */
  type: looseObject(z.object({ type: looseText, text: looseText })),
  /** MLB: 'P' a pitch, 'A' a new batter, 'I' an inning, 'N'/'S'/'C' an at-bat's result. */
  summaryType: looseText,
  /** NFL drive plays: the team with the ball. */
  start: looseObject(z.object({ team: looseObject(teamRefSchema) })),
});
export type EspnSummaryPlay = z.infer<typeof playSchema>;

const statSchema = z.object({
  name: looseText,
  label: looseText,
  displayName: looseText,
  displayValue: looseText,
});

const teamStatisticSchema = z.object({
  ...statSchema.shape,
  /** MLB groups its team statistics ('batting', 'pitching', 'fielding'), each with its own list. */
  stats: looseList(statSchema),
});

const boxscoreTeamSchema = z.object({
  team: looseObject(teamRefSchema),
  homeAway: looseText,
  statistics: looseList(teamStatisticSchema),
});

const cellSchema = z.union([z.string(), z.number().transform(String)]);

const athleteRowSchema = z.object({
  athlete: looseObject(
    z.object({
      displayName: looseText,
      shortName: looseText,
      position: looseObject(z.object({ abbreviation: looseText })),
    }),
  ),
  starter: looseBoolean,
  didNotPlay: looseBoolean,
  stats: looseList(cellSchema),
});

const playerTableSchema = z.object({
  /** 'passing', 'forwards'; absent for the NBA's one table. */
  name: looseText,
  /** MLB: 'batting' or 'pitching'. */
  type: looseText,
  /** 'Green Bay Passing'. */
  text: looseText,
  labels: looseList(cellSchema),
  athletes: looseList(athleteRowSchema),
});

const boxscorePlayersSchema = z.object({
  team: looseObject(teamRefSchema),
  statistics: looseList(playerTableSchema),
});

const leaderCategorySchema = z.object({
  name: looseText,
  displayName: looseText,
  leaders: looseList(
    z.object({
      displayValue: looseText,
      athlete: looseObject(z.object({ displayName: looseText, shortName: looseText })),
    }),
  ),
});

const teamLeadersSchema = z.object({
  team: looseObject(teamRefSchema),
  leaders: looseList(leaderCategorySchema),
});

const winProbabilitySchema = z.object({ playId: looseText, homeWinPercentage: looseNumber });

const headerCompetitorSchema = z.object({
  id: looseText,
  homeAway: looseText,
  score: looseNumber,
  team: looseObject(teamRefSchema),
});

const headerSchema = z.object({
  competitions: looseList(
    z.object({
      competitors: looseList(headerCompetitorSchema),
      status: looseObject(
        z.object({
          period: looseNumber,
          type: looseObject(z.object({ state: looseText, completed: looseBoolean })),
        }),
      ),
    }),
  ),
});

/**
 * The summary as the app reads it. Every section may be missing (a game not started has no plays, the
 * NHL no win probability, the NFL lists drives instead of plays): it then reads as empty.
 */
export const espnSummarySchema = z.object({
  header: looseObject(headerSchema),
  plays: looseList(playSchema),
  /** The NFL's scoring summary (the other leagues flag scoring plays in `plays`). */
  scoringPlays: looseList(playSchema),
  drives: looseObject(
    z.object({
      previous: looseList(z.object({ plays: looseList(playSchema) })),
      current: looseObject(z.object({ plays: looseList(playSchema) })),
    }),
  ),
  boxscore: looseObject(
    z.object({
      teams: looseList(boxscoreTeamSchema),
      players: looseList(boxscorePlayersSchema),
    }),
  ),
  leaders: looseList(teamLeadersSchema),
  /** Absent for the NHL; empty before the game. */
  winprobability: z.array(z.unknown()).optional().catch(undefined),
});
export type EspnSummary = z.infer<typeof espnSummarySchema>;

/** The win-probability points that have the shape, or null when the summary has no such section. */
export function winProbabilityPoints(summary: EspnSummary) {
  if (!summary.winprobability) return null;
  return summary.winprobability.flatMap((raw) => {
    const point = winProbabilitySchema.safeParse(raw);
    return point.success ? [point.data] : [];
  });
}

/** A summary body (text) read through the lenient schema; EspnError when it is not a summary at all. */
export function parseEspnSummary(text: string, label = 'ESPN summary'): EspnSummary {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new EspnError(`${label} is not JSON`, undefined, { cause: error });
  }
  const parsed = espnSummarySchema.safeParse(body);
  if (!parsed.success) throw new EspnError(`${label} is not a game summary`);
  return parsed.data;
}

export interface EspnSummaryReaderOptions {
  /** ESPN_BASE_URL, e.g. https://site.api.espn.com (the scoreboard client's `baseUrl`). */
  baseUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

export interface EspnSummaryReader {
  readonly baseUrl: string;
  summary(league: EspnLeagueKey, eventId: string, signal?: AbortSignal): Promise<EspnSummary>;
}

export function createEspnSummaryReader(options: EspnSummaryReaderOptions): EspnSummaryReader {
  const baseUrl = withoutTrailingSlashes(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ESPN_SUMMARY_MAX_BYTES;

  return {
    baseUrl,
    async summary(league, eventId, signal) {
      const { sport, league: path } = ESPN_LEAGUES[league];
      const url = new URL(`${baseUrl}/apis/site/v2/sports/${sport}/${path}/summary`);
      url.searchParams.set('event', eventId);
      const label = `ESPN ${league} summary`;
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new EspnError(`${label} could not be reached`, undefined, { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new EspnError(`${label} answered ${response.status}`, response.status);
      }
      let text: string | null;
      try {
        text = await readCapped(response, maxBytes);
      } catch (error) {
        throw new EspnError(`${label} could not be read`, response.status, { cause: error });
      }
      if (text === null) throw new EspnError(`${label} is larger than ${maxBytes} bytes`, response.status);
      return parseEspnSummary(text, label);
    },
  };
}
