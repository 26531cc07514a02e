/**
 * ESPN's standings (`/apis/v2/sports/{sport}/{league}/standings`, on the scoreboard's host): a tree of
 * groups (the league, its conferences, their divisions), each group with standings holding one entry
 * per team and that team's statistics by name ('wins', 'winPercent', 'gamesBehind', 'streak'). Only
 * the fields the app reads are kept, each accepting what ESPN really sends, and the answer is refused
 * past a size cap before it is parsed.
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import { readCapped } from '../../http/read-capped';
import {
  ESPN_LEAGUES,
  EspnError,
  looseList,
  looseNumber,
  looseObject,
  looseText,
  type EspnLeagueKey,
} from './client';

const DEFAULT_TIMEOUT_MS = 10_000;
/** A whole league's standings is 150–320 KB; anything past this is not a standings answer. */
export const ESPN_STANDINGS_MAX_BYTES = 3 * 1024 * 1024;
/** League → conference → division: deeper levels are not read. */
const MAX_DEPTH = 3;
const MAX_CHILDREN = 20;
const MAX_ENTRIES = 40;

/**
 * The query each league is asked with: `level=3` nests divisions under conferences (the NFL, MLB and
 * the NHL rank teams by division); the NBA's conferences alone are its standings.
 */
const LEVEL: Record<EspnLeagueKey, string | null> = { nfl: '3', nba: null, mlb: '3', nhl: '3' };

const statSchema = z.object({
  name: looseText,
  abbreviation: looseText,
  displayValue: looseText,
  value: looseNumber,
});
export type EspnStandingsStat = z.infer<typeof statSchema>;

const entrySchema = z.object({
  team: z.object({
    displayName: looseText,
    location: looseText,
    name: looseText,
    abbreviation: looseText,
  }),
  stats: looseList(statSchema),
});
export type EspnStandingsEntry = z.infer<typeof entrySchema>;

// One level of the tree; its children are read one by one below, so an odd child is skipped alone.
const groupSchema = z.object({
  name: looseText,
  abbreviation: looseText,
  standings: looseObject(
    z.object({
      seasonDisplayName: looseText,
      entries: looseList(entrySchema),
    }),
  ),
  children: z.array(z.unknown()).optional().catch(undefined),
});

export interface EspnStandingsGroup {
  name: string | undefined;
  abbreviation: string | undefined;
  seasonDisplayName: string | undefined;
  /** The group's own table (a conference or a division); empty when it only holds child groups. */
  entries: EspnStandingsEntry[];
  children: EspnStandingsGroup[];
}

/** The league's standings: its groups as ESPN nests them. */
export interface EspnStandings {
  name: string | undefined;
  groups: EspnStandingsGroup[];
}

function readGroup(raw: unknown, depth: number): EspnStandingsGroup | null {
  const parsed = groupSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { name, abbreviation, standings, children } = parsed.data;
  return {
    name,
    abbreviation,
    seasonDisplayName: standings?.seasonDisplayName,
    entries: (standings?.entries ?? []).slice(0, MAX_ENTRIES),
    children:
      depth >= MAX_DEPTH
        ? []
        : (children ?? [])
            .slice(0, MAX_CHILDREN)
            .map((child) => readGroup(child, depth + 1))
            .filter((child) => child !== null),
  };
}

/** The standings in an answer already parsed as JSON; null when it is no standings tree. */
export function readEspnStandings(body: unknown): EspnStandings | null {
  const root = readGroup(body, 0);
  if (!root) return null;
  // The root is the league; an answer for one level only carries its table on the root itself.
  const groups = root.children.length > 0 ? root.children : root.entries.length > 0 ? [root] : [];
  return groups.length > 0 ? { name: root.name, groups } : null;
}

export interface EspnStandingsClientOptions {
  /** ESPN_BASE_URL, the scoreboard's host. */
  baseUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

export interface EspnStandingsClient {
  /** One league's standings; throws EspnError when ESPN fails or answers something else. */
  standings(league: EspnLeagueKey, options?: { signal?: AbortSignal }): Promise<EspnStandings>;
}

export function createEspnStandingsClient(options: EspnStandingsClientOptions): EspnStandingsClient {
  const baseUrl = withoutTrailingSlashes(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ESPN_STANDINGS_MAX_BYTES;

  return {
    async standings(league, { signal } = {}) {
      const { sport, league: path } = ESPN_LEAGUES[league];
      const url = new URL(`${baseUrl}/apis/v2/sports/${sport}/${path}/standings`);
      const level = LEVEL[league];
      if (level) url.searchParams.set('level', level);
      const timeout = AbortSignal.timeout(timeoutMs);
      const what = `ESPN ${league} standings`;
      let text: string | null;
      let status: number;
      try {
        const response = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        status = response.status;
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new EspnError(`${what} answered ${status}`, status);
        }
        text = await readCapped(response, maxBytes);
      } catch (error) {
        if (error instanceof EspnError) throw error;
        throw new EspnError(`${what} could not be reached`, undefined, { cause: error });
      }
      if (text === null) throw new EspnError(`${what} is larger than ${maxBytes} bytes`, status);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new EspnError(`${what} is not JSON`, status, { cause: error });
      }
      const standings = readEspnStandings(body);
      if (!standings) throw new EspnError(`${what}: the answer holds no standings`, status);
      return standings;
    },
  };
}
