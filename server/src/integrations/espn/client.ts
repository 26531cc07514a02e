/**
 * ESPN's public (undocumented, keyless) site API: the scoreboard of NFL, NBA, MLB and NHL
 * (`/apis/site/v2/sports/{sport}/{league}/scoreboard`). Only the fields the app reads are kept, and
 * each accepts what ESPN really sends. The base URL comes from ESPN_BASE_URL so tests
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

// ESPN sends what its own pages need, not a contract: a field may be null, absent, a number where
// text was expected ("id": 401547417) or an object where a string was (`score` on some endpoints). Each
// field the app reads falls back to "absent" when it has another shape, and the fields it does not
// read are not checked at all, so no odd value in one of them can sink an event.

/** Text, or a number read as text; anything else reads as absent. */
export const looseText = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/** A number, or text that holds one; anything else reads as absent. */
export const looseNumber = z
  .union([z.number(), z.string().trim().min(1).transform(Number)])
  .pipe(z.number().finite())
  .optional()
  .catch(undefined);

export const looseBoolean = z.boolean().optional().catch(undefined);

/** A list whose entries are kept only when they have the shape; a list that is not one reads as empty. */
export function looseList<T extends z.ZodType>(entry: T) {
  return z
    .array(z.unknown())
    .catch([])
    .optional()
    .transform((entries) =>
      (entries ?? []).flatMap((raw) => {
        const parsed = entry.safeParse(raw);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** An object that may be missing or of another shape: then it reads as absent. */
export const looseObject = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

// Scores are strings on the scoreboard ("20"), objects on some other endpoints, absent pregame.
const scoreSchema = z
  .union([
    z.string(),
    z.number(),
    z
      .object({ value: looseNumber, displayValue: looseText })
      .transform((score) => score.value ?? score.displayValue),
  ])
  .optional()
  .catch(undefined);

const statusTypeSchema = z.object({
  name: looseText,
  state: looseText,
  description: looseText,
  detail: looseText,
  shortDetail: looseText,
  completed: looseBoolean,
});

const statusSchema = z.object({
  displayClock: looseText,
  period: looseNumber,
  type: looseObject(statusTypeSchema),
});

const competitorSchema = z.object({
  /** The team's id, which the live situation names the side with the ball by. */
  id: looseText,
  homeAway: z.string(),
  score: scoreSchema,
  team: z.object({
    abbreviation: looseText,
    displayName: looseText,
    name: looseText,
    location: looseText,
  }),
});

const broadcastSchema = z.object({ names: looseList(z.string()) });
const geoBroadcastSchema = z.object({ media: looseObject(z.object({ shortName: looseText })) });

/**
 * Where a live game stands, as the scoreboard tells it: the NFL's down and distance and the team with
 * the ball (by id), MLB's count, outs and runners, and every league's last play. Absent before and after
 * the game; a league leaves out what it does not have.
 */
const situationSchema = z.object({
  downDistanceText: looseText,
  possession: looseText,
  isRedZone: looseBoolean,
  balls: looseNumber,
  strikes: looseNumber,
  outs: looseNumber,
  onFirst: looseBoolean,
  onSecond: looseBoolean,
  onThird: looseBoolean,
  lastPlay: looseObject(z.object({ text: looseText })),
});
export type EspnSituation = z.infer<typeof situationSchema>;

const competitionSchema = z.object({
  date: looseText,
  situation: looseObject(situationSchema),
  competitors: looseList(competitorSchema),
  status: looseObject(statusSchema),
  broadcasts: looseList(broadcastSchema),
  geoBroadcasts: looseList(geoBroadcastSchema),
});

const linkSchema = z.object({ rel: looseList(z.string()), href: looseText });

export const espnEventSchema = z.object({
  id: z.union([z.string().min(1), z.number().int().transform(String)]),
  date: looseText,
  competitions: z.array(z.unknown()).transform((entries, context) => {
    // The first competition is the game; an event without a readable one has nothing to show.
    const first = competitionSchema.safeParse(entries[0]);
    if (!first.success) {
      context.addIssue({ code: 'custom', message: 'no readable competition' });
      return z.NEVER;
    }
    return [first.data];
  }),
  links: looseList(linkSchema),
  status: looseObject(statusSchema),
});
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
