/**
 * ESPN's game summary (`/apis/site/v2/sports/{sport}/{league}/summary?event={id}`): plays, scoring
 * plays, box score, leaders and win probability of one game. An answer is 0.7–1.8 MB, a third of it
 * news, odds, rosters and videos the app never shows, so the body is capped before it is read and only
 * the fields the Gamecast reads are kept, each as leniently as the scoreboard's (client.ts).
 *
 * The schema below says what is kept. A body is not parsed whole: its sections are found in the bytes
 * (summary-json.ts), the ones not kept are stepped over, and a reader that reads the same game again
 * parses and checks only the lists' elements and the sections whose bytes changed since its last read
 * (summary-memo.ts); everything it reads anew goes through JSON.parse and the same schema.
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import { readCappedBytes } from '../../http/read-capped';
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
import { scanJsonObject, type JsonPlan, type JsonSpan } from './summary-json';
import {
  DROPPED,
  leaf,
  list,
  object,
  type Entry,
  type Field,
  type Memo,
  type SpanReader,
} from './summary-memo';

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

const driveSchema = z.object({ plays: looseList(playSchema) });

const drivesSchema = z.object({
  previous: looseList(driveSchema),
  current: looseObject(driveSchema),
});

const boxscoreSchema = z.object({
  teams: looseList(boxscoreTeamSchema),
  players: looseList(boxscorePlayersSchema),
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
  drives: looseObject(drivesSchema),
  boxscore: looseObject(boxscoreSchema),
  leaders: looseList(teamLeadersSchema),
  /** Absent for the NHL; empty before the game. */
  winprobability: z.array(z.unknown()).optional().catch(undefined),
});
export type EspnSummary = z.infer<typeof espnSummarySchema>;

/**
 * The same summary read by parts (summary-memo.ts): exactly what espnSummarySchema gives for the
 * body's JSON (the tests hold the two equal on real summaries and hostile ones).
 */
const looseEntry =
  <T>(schema: z.ZodType<T>) =>
  (json: unknown): Entry<T> => {
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : DROPPED;
  };
const shape = espnSummarySchema.shape;
/** A loose field of a zod object: read through `reader`, and what the field makes of an absent member. */
const field = <T>(schema: z.ZodType<T>, reader: SpanReader<T>): Field<unknown> => ({
  reader: reader as SpanReader<unknown>,
  absent: Object.freeze(schema.parse(undefined)),
});
const looseListOf = <T>(schema: z.ZodType<T[]>, entry: SpanReader<Entry<T>>) =>
  field(
    schema,
    list(entry, (json) => schema.parse(json)),
  );
const whole = <T>(schema: z.ZodType<T>) =>
  field(
    schema,
    leaf((json) => schema.parse(json)),
  );
const sameObject = <T>(values: Record<string, unknown>) => values as T;

const drivePlays = { plays: looseListOf(driveSchema.shape.plays, leaf(looseEntry(playSchema))) };

const summaryReader = object<EspnSummary>(
  {
    header: whole(shape.header),
    plays: looseListOf(shape.plays, leaf(looseEntry(playSchema))),
    scoringPlays: looseListOf(shape.scoringPlays, leaf(looseEntry(playSchema))),
    drives: field(
      shape.drives,
      object(
        {
          // A drive's plays one by one: the current drive grows a play at a time.
          previous: looseListOf(
            drivesSchema.shape.previous,
            object<Entry<z.infer<typeof driveSchema>>>(drivePlays, sameObject, looseEntry(driveSchema)),
          ),
          current: field(
            drivesSchema.shape.current,
            object(drivePlays, sameObject, (json) => drivesSchema.shape.current.parse(json)),
          ),
        },
        sameObject,
        (json) => shape.drives.parse(json),
      ),
    ),
    boxscore: field(
      shape.boxscore,
      object(
        {
          teams: looseListOf(boxscoreSchema.shape.teams, leaf(looseEntry(boxscoreTeamSchema))),
          players: looseListOf(
            boxscoreSchema.shape.players,
            object<Entry<z.infer<typeof boxscorePlayersSchema>>>(
              {
                team: whole(boxscorePlayersSchema.shape.team),
                statistics: looseListOf(
                  boxscorePlayersSchema.shape.statistics,
                  leaf(looseEntry(playerTableSchema)),
                ),
              },
              sameObject,
              looseEntry(boxscorePlayersSchema),
            ),
          ),
        },
        sameObject,
        (json) => shape.boxscore.parse(json),
      ),
    ),
    leaders: looseListOf(shape.leaders, leaf(looseEntry(teamLeadersSchema))),
    winprobability: field(
      shape.winprobability,
      list(
        leaf((json) => json),
        (json) => shape.winprobability.parse(json),
      ),
    ),
  },
  sameObject,
  (json) => espnSummarySchema.parse(json),
);

export type EspnWinProbabilityPoint = z.infer<typeof winProbabilitySchema>;

/** One win-probability entry of the summary read, or null when it does not have the shape. */
export function winProbabilityPoint(raw: unknown): EspnWinProbabilityPoint | null {
  const point = winProbabilitySchema.safeParse(raw);
  return point.success ? point.data : null;
}

/**
 * What reading one game's summary leaves for its next read: the body and what was read from it. Kept
 * by the reader for the games it read last (SUMMARIES_KEPT).
 */
export interface SummaryMemo {
  body: Buffer | null;
  root: Memo<EspnSummary> | null;
}

export const newSummaryMemo = (): SummaryMemo => ({ body: null, root: null });

/**
 * A summary body read through the lenient schema; EspnError when it is not a summary at all. With a
 * memo of the same game's last read, only what changed since is parsed, and the memo is moved on to
 * this body (left as it was when the body is refused).
 */
export function readEspnSummary(
  body: Buffer,
  label = 'ESPN summary',
  memo: SummaryMemo = newSummaryMemo(),
): EspnSummary {
  // The very body read last time (a game between plays): what was read from it.
  if (memo.root && memo.body?.equals(body)) return memo.root.value;
  let root: JsonSpan | null = null;
  try {
    const plan = summaryReader.plan as { members: Record<string, JsonPlan> };
    root = scanJsonObject(
      body,
      plan,
      memo.root && memo.body ? { previous: memo.body, root: memo.root } : undefined,
    );
  } catch {
    // Read whole below: JSON.parse says what is wrong with it, as for a body that is not an object.
  }
  if (root === null) {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch (error) {
      throw new EspnError(`${label} is not JSON`, undefined, { cause: error });
    }
    const parsed = espnSummarySchema.safeParse(json);
    if (!parsed.success) throw new EspnError(`${label} is not a game summary`);
    return parsed.data;
  }
  let read: Memo<EspnSummary>;
  try {
    // The root's place is its start in the body (a byte order mark or spaces may come first).
    read = summaryReader.read({ body }, root, root.start, memo.root ?? undefined);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new EspnError(`${label} is not JSON`, undefined, { cause: error });
    throw new EspnError(`${label} is not a game summary`, undefined, { cause: error });
  }
  memo.body = body;
  memo.root = read;
  return read.value;
}

/** A summary body (text) read through the lenient schema; EspnError when it is not a summary at all. */
export function parseEspnSummary(text: string, label = 'ESPN summary'): EspnSummary {
  return readEspnSummary(Buffer.from(text, 'utf8'), label);
}
/** Games whose last summary a reader keeps to compare the next with (the watched ones, read each round). */
export const SUMMARIES_KEPT = 16;
/** Most bytes of kept summaries a reader holds; the games read longest ago go first. */
export const SUMMARY_BYTES_KEPT = 48 * 1024 * 1024;

export interface EspnSummaryReaderOptions {
  /** ESPN_BASE_URL, e.g. https://site.api.espn.com (the scoreboard client's `baseUrl`). */
  baseUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

export interface EspnSummaryReader {
  readonly baseUrl: string;
  /**
   * The game's summary. What did not change since the game's last read is the very object read then:
   * callers treat summaries as read-only.
   */
  summary(league: EspnLeagueKey, eventId: string, signal?: AbortSignal): Promise<EspnSummary>;
}

/**
 * Reads game summaries; each game's last read is kept (SUMMARIES_KEPT games, SUMMARY_BYTES_KEPT
 * bytes) so that reading it again parses only what changed.
 */
export function createEspnSummaryReader(options: EspnSummaryReaderOptions): EspnSummaryReader {
  const baseUrl = withoutTrailingSlashes(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ESPN_SUMMARY_MAX_BYTES;
  /** By `league:event`, the game read longest ago first. */
  const kept = new Map<string, SummaryMemo>();

  function keep(key: string, memo: SummaryMemo) {
    kept.delete(key);
    kept.set(key, memo);
    let bytes = 0;
    for (const held of kept.values()) bytes += held.body?.length ?? 0;
    for (const [oldest, held] of kept) {
      if (kept.size <= SUMMARIES_KEPT && bytes <= SUMMARY_BYTES_KEPT) break;
      kept.delete(oldest);
      bytes -= held.body?.length ?? 0;
    }
  }

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
      let body: Buffer | null;
      try {
        body = await readCappedBytes(response, maxBytes);
      } catch (error) {
        throw new EspnError(`${label} could not be read`, response.status, { cause: error });
      }
      if (body === null) throw new EspnError(`${label} is larger than ${maxBytes} bytes`, response.status);
      const key = `${league}:${eventId}`;
      const memo = kept.get(key) ?? newSummaryMemo();
      const summary = readEspnSummary(body, label, memo);
      keep(key, memo);
      return summary;
    },
  };
}
