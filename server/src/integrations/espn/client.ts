/**
 * ESPN's public (undocumented, keyless) site API: the scoreboard of NFL, NBA, MLB and NHL
 * (`/apis/site/v2/sports/{sport}/{league}/scoreboard`). Only the fields the app reads are checked;
 * everything else ESPN sends passes through untouched. The base URL comes from ESPN_BASE_URL so tests
 * point it at tests/fakes/espn.ts.
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';

/** League keys and the sport each sits under in ESPN's paths. */
export const ESPN_LEAGUES = {
  nfl: { sport: 'football', league: 'nfl' },
  nba: { sport: 'basketball', league: 'nba' },
  mlb: { sport: 'baseball', league: 'mlb' },
  nhl: { sport: 'hockey', league: 'nhl' },
} as const;
export type EspnLeagueKey = keyof typeof ESPN_LEAGUES;

const DEFAULT_TIMEOUT_MS = 10_000;

// Scores are strings on the scoreboard ("20"), objects on some other endpoints, absent pregame.
const scoreSchema = z
  .union([z.string(), z.number(), z.object({ value: z.number().optional() }).loose()])
  .optional()
  .nullable();

/** An object whose named fields are optional text; ESPN adds fields freely, so the rest pass through. */
function optionalTexts<const Name extends string>(...names: Name[]) {
  const shape = Object.fromEntries(names.map((name) => [name, z.string().optional()]));
  return z.object(shape as Record<Name, z.ZodOptional<z.ZodString>>).loose();
}

const statusTypeSchema = optionalTexts('name', 'state', 'description', 'detail', 'shortDetail').extend({
  completed: z.boolean().optional(),
});

const statusSchema = z
  .object({
    clock: z.number().optional(),
    displayClock: z.string().optional(),
    period: z.number().optional(),
    type: statusTypeSchema,
  })
  .loose();

const competitorTeamSchema = optionalTexts(
  'id',
  'abbreviation',
  'displayName',
  'shortDisplayName',
  'name',
  'location',
);

const competitorSchema = z
  .object({
    id: z.string().optional(),
    homeAway: z.string(),
    score: scoreSchema,
    winner: z.boolean().optional(),
    team: competitorTeamSchema,
  })
  .loose();

const broadcastSchema = z
  .object({ market: z.string().optional(), names: z.array(z.string()).optional() })
  .loose();
const geoBroadcastSchema = z
  .object({
    type: z.object({ shortName: z.string().optional() }).loose().optional(),
    media: z.object({ shortName: z.string().optional() }).loose().optional(),
  })
  .loose();

const competitionSchema = z
  .object({
    id: z.string().optional(),
    date: z.string().optional(),
    startDate: z.string().optional(),
    competitors: z.array(competitorSchema),
    status: statusSchema.optional(),
    broadcasts: z.array(broadcastSchema).optional(),
    geoBroadcasts: z.array(geoBroadcastSchema).optional(),
  })
  .loose();

const linkSchema = z.object({ rel: z.array(z.string()).optional(), href: z.string().optional() }).loose();

export const espnEventSchema = z
  .object({
    id: z.string(),
    date: z.string().optional(),
    name: z.string().optional(),
    shortName: z.string().optional(),
    competitions: z.array(competitionSchema).min(1),
    links: z.array(linkSchema).optional(),
    status: statusSchema.optional(),
  })
  .loose();
export type EspnEvent = z.infer<typeof espnEventSchema>;
export type EspnCompetitor = z.infer<typeof competitorSchema>;
export type EspnStatus = z.infer<typeof statusSchema>;

/** The scoreboard's top level; events are checked one by one so a single odd event cannot sink the rest. */
const scoreboardSchema = z.object({ events: z.array(z.unknown()).default([]) }).loose();

export interface EspnScoreboard {
  events: EspnEvent[];
  /** Events that did not have the shape the app reads, skipped. */
  skipped: number;
}

/** ESPN answered with an error, something that is not a scoreboard, or not at all. */
export class EspnError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'EspnError';
  }
}

export interface EspnClientOptions {
  /** ESPN_BASE_URL, e.g. https://site.api.espn.com */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface EspnClient {
  readonly baseUrl: string;
  /** The scoreboard of one league; `dates` (YYYYMMDD) picks a day, else ESPN's current day or week. */
  scoreboard(
    league: EspnLeagueKey,
    options?: { dates?: string; signal?: AbortSignal },
  ): Promise<EspnScoreboard>;
}

export function createEspnClient(options: EspnClientOptions): EspnClient {
  const baseUrl = withoutTrailingSlashes(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    baseUrl,
    async scoreboard(league, { dates, signal } = {}) {
      const { sport, league: path } = ESPN_LEAGUES[league];
      const url = new URL(`${baseUrl}/apis/site/v2/sports/${sport}/${path}/scoreboard`);
      if (dates) url.searchParams.set('dates', dates);
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new EspnError(`ESPN ${league} scoreboard could not be reached`, undefined, { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new EspnError(`ESPN ${league} scoreboard answered ${response.status}`, response.status);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new EspnError(`ESPN ${league} scoreboard is not JSON`, response.status, { cause: error });
      }
      const parsed = scoreboardSchema.safeParse(body);
      if (!parsed.success) throw new EspnError(`ESPN ${league} answer is not a scoreboard`, response.status);
      const events: EspnEvent[] = [];
      let skipped = 0;
      for (const raw of parsed.data.events) {
        const event = espnEventSchema.safeParse(raw);
        if (event.success) events.push(event.data);
        else skipped++;
      }
      return { events, skipped };
    },
  };
}
