import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  standingsSchema,
  type Standings,
  type StandingsGroup,
  type StandingsTeam,
} from '@shared/schemas/gamecast';
import type { LeagueName } from '@shared/schemas/sports';
import type { EspnLeagueKey } from '../integrations/espn/client';
import type {
  EspnStandings,
  EspnStandingsClient,
  EspnStandingsEntry,
  EspnStandingsGroup,
  EspnStandingsStat,
} from '../integrations/espn/standings';
import { errors } from '../errors';
import { fromStore } from '../storage/from-store';
import { keys } from '../storage/keys';
import { storeLock } from '../storage/lock';
import type { Store } from '../storage/store';
import { canonicalTeamName } from './team-names';

/** Standings this fresh are served as stored; older ones are read again from the source. */
export const STANDINGS_FRESH_MS = 5 * 60 * 1000;
/** How long standings stay stored: what is served while the source fails. */
const STANDINGS_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** One read from the source at a time per league, over every instance; longer than a read may take. */
const READ_LOCK_MS = 15_000;
/** How often a request waiting on another instance's read looks for its result. */
const WAIT_POLL_MS = 100;

/** What a fan sees when the source fails and no standings are stored. */
const READ_FAILED = 'The standings could not be read. Please try again.';

const VALUE_MAX_CHARS = 20;
const MISSING = '–';

/** A column of a league's table and the ESPN statistics that fill it (by name first, then abbreviation). */
interface Column {
  label: string;
  names: readonly string[];
  abbreviation: string;
}

const column = (label: string, ...names: string[]): Column => ({ label, names, abbreviation: label });
const W = column('W', 'wins');
const L = column('L', 'losses');
const T = column('T', 'ties');
const PCT = column('PCT', 'winPercent');
const GB = column('GB', 'gamesBehind');
const STRK = column('STRK', 'streak');
const GP = column('GP', 'gamesPlayed');
const OTL = column('OTL', 'otLosses', 'overtimeLosses');
const PTS = column('PTS', 'points');

/** What each league's table shows; a column the source gives no team is left out. */
const COLUMNS: Record<LeagueName, readonly Column[]> = {
  NFL: [W, L, T, PCT, STRK],
  NBA: [W, L, PCT, GB, STRK],
  MLB: [W, L, PCT, GB, STRK],
  NHL: [GP, W, L, OTL, PTS, STRK],
};

/**
 * How each league ranks a group, first key first. ESPN lists teams in an order of its own (the
 * NFL's top seed last), so the table is ranked here: by playoff seed where the source gives one,
 * by points in the NHL, by percentage in MLB. A team without the statistic goes last.
 */
const RANKING: Record<LeagueName, ReadonlyArray<{ names: readonly string[]; order: 'asc' | 'desc' }>> = {
  NFL: [
    { names: ['playoffSeed'], order: 'asc' },
    { names: ['winPercent'], order: 'desc' },
  ],
  NBA: [
    { names: ['playoffSeed'], order: 'asc' },
    { names: ['winPercent'], order: 'desc' },
  ],
  MLB: [
    { names: ['winPercent'], order: 'desc' },
    { names: ['wins'], order: 'desc' },
  ],
  NHL: [
    { names: ['points'], order: 'desc' },
    { names: ['gamesPlayed'], order: 'asc' },
    { names: ['wins'], order: 'desc' },
  ],
};

const leagueKey = (league: LeagueName) => league.toLowerCase() as EspnLeagueKey;
const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function findStat(stats: readonly EspnStandingsStat[], wanted: Column | { names: readonly string[] }) {
  const names = wanted.names.map((name) => name.toLowerCase());
  const byName = stats.find((stat) => stat.name !== undefined && names.includes(stat.name.toLowerCase()));
  if (byName || !('abbreviation' in wanted)) return byName;
  return stats.find((stat) => stat.abbreviation === wanted.abbreviation);
}

function statText(stat: EspnStandingsStat | undefined): string | undefined {
  const text = stat?.displayValue?.trim() || (stat?.value === undefined ? undefined : String(stat.value));
  return text ? cap(text, VALUE_MAX_CHARS) : undefined;
}

function ranked(league: LeagueName, entries: readonly EspnStandingsEntry[]): EspnStandingsEntry[] {
  const keysOf = (entry: EspnStandingsEntry) =>
    RANKING[league].map(({ names }) => findStat(entry.stats, { names })?.value);
  const withKeys = entries.map((entry) => ({ entry, keys: keysOf(entry) }));
  withKeys.sort((a, b) => {
    for (const [index, { order }] of RANKING[league].entries()) {
      const x = a.keys[index];
      const y = b.keys[index];
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return order === 'asc' ? x - y : y - x;
    }
    return 0; // a stable sort keeps the source's order between equals
  });
  return withKeys.map(({ entry }) => entry);
}

function teamName(league: LeagueName, entry: EspnStandingsEntry): string | null {
  const { displayName, location, name } = entry.team;
  const given = displayName?.trim() || [location, name].filter(Boolean).join(' ').trim();
  return given ? cap(canonicalTeamName(league, given), 80) : null;
}

/**
 * ESPN's standings in the app's shape: the source's groups (conferences, and their divisions where
 * it nests them), each group's teams ranked as the league ranks them, and the league's columns with
 * each team's values in their order. Null when no group holds a team.
 */
export function presentStandings(
  league: LeagueName,
  espn: EspnStandings,
  updatedAt: string,
): Standings | null {
  const columns = COLUMNS[league].filter((wanted) =>
    allEntries(espn.groups).some((entry) => findStat(entry.stats, wanted) !== undefined),
  );

  const toTeam = (entry: EspnStandingsEntry): StandingsTeam | null => {
    const name = teamName(league, entry);
    if (!name) return null;
    const abbreviation = entry.team.abbreviation?.trim();
    return {
      name,
      abbreviation: abbreviation ? cap(abbreviation, 10) : null,
      values: columns.map((wanted) => statText(findStat(entry.stats, wanted)) ?? MISSING),
    };
  };

  const toGroup = (group: EspnStandingsGroup): StandingsGroup | null => {
    const name = cap(group.name?.trim() || group.abbreviation?.trim() || league, 80);
    const groups = group.children.map(toGroup).filter((child) => child !== null);
    if (groups.length > 0) return { name, groups };
    const teams = ranked(league, group.entries)
      .map(toTeam)
      .filter((team) => team !== null);
    return teams.length > 0 ? { name, teams } : null;
  };

  const groups = espn.groups.map(toGroup).filter((group) => group !== null);
  if (groups.length === 0) return null;
  const season = firstSeason(espn.groups);
  return {
    league,
    season: season ? cap(season, 40) : null,
    columns: columns.map(({ label }) => label),
    groups,
    updatedAt,
  };
}

function allEntries(groups: readonly EspnStandingsGroup[]): EspnStandingsEntry[] {
  return groups.flatMap((group) => [...group.entries, ...allEntries(group.children)]);
}

function firstSeason(groups: readonly EspnStandingsGroup[]): string | undefined {
  for (const group of groups) {
    const season = group.seasonDisplayName?.trim() || firstSeason(group.children);
    if (season) return season;
  }
  return undefined;
}

export interface StandingsService {
  /**
   * A league's standings: as stored while fresh, else read again from the source (one read at a time
   * over every instance). When the source fails, the last stored standings are served however old.
   */
  standings(league: LeagueName): Promise<Standings>;
}

export interface StandingsServiceOptions {
  store: Store;
  /** The source's standings; null when the scoreboard source has none (the text-LLM source). */
  source: Pick<EspnStandingsClient, 'standings'> | null;
  logger: Logger;
  now?: () => number;
}

export function createStandingsService({
  store,
  source,
  logger,
  now = Date.now,
}: StandingsServiceOptions): StandingsService {
  // Requests on this instance for a league share one read.
  const inFlight = new Map<LeagueName, Promise<Standings>>();

  async function stored(league: LeagueName): Promise<Standings | null> {
    const raw = await fromStore(() => store.get(keys.sportsStandings(league)));
    if (raw === null) return null;
    try {
      const parsed = standingsSchema.safeParse(JSON.parse(raw));
      if (parsed.success && parsed.data.league === league) return parsed.data;
    } catch {
      // fall through: unreadable standings are read again
    }
    logger.warn({ league }, 'sports: stored standings are unreadable; they will be read again');
    return null;
  }

  const isFresh = (standings: Standings) => now() - Date.parse(standings.updatedAt) < STANDINGS_FRESH_MS;

  async function readFromSource(league: LeagueName): Promise<Standings> {
    const espn = await source!.standings(leagueKey(league));
    const standings = presentStandings(league, espn, new Date(now()).toISOString());
    if (!standings) throw new Error(`ESPN ${league} standings list no team`);
    await fromStore(() =>
      store.set(keys.sportsStandings(league), JSON.stringify(standings), STANDINGS_KEEP_MS),
    );
    return standings;
  }

  /** Waits for the instance holding the read lock to store fresh standings, or for the lock to go. */
  async function awaitOtherRead(league: LeagueName, lockHeld: () => Promise<boolean>) {
    const deadline = now() + READ_LOCK_MS;
    while (now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      const current = await stored(league);
      if (current && isFresh(current)) return current;
      if (!(await fromStore(lockHeld))) return null;
    }
    return null;
  }

  async function refresh(league: LeagueName, cached: Standings | null): Promise<Standings> {
    const lock = storeLock(store, keys.lock(`sports-standings:${league}`), READ_LOCK_MS);
    const token = randomUUID();
    if (await fromStore(() => lock.take(token))) {
      try {
        // Another instance may have stored fresh standings between our look and the lock.
        const latest = await stored(league);
        if (latest && isFresh(latest)) return latest;
        return await readFromSource(league);
      } catch (error) {
        if (cached) {
          logger.warn({ err: error, league }, 'sports: standings could not be read; serving the stored ones');
          return cached;
        }
        throw errors.upstreamFailed(READ_FAILED, { cause: error });
      } finally {
        await lock.release(token).catch(() => undefined);
      }
    }
    const theirs = await awaitOtherRead(league, () => lock.isHeld());
    if (theirs) return theirs;
    // The other read failed or lapsed: whatever is stored now, however old, else nothing to show.
    const latest = (await stored(league)) ?? cached;
    if (latest) return latest;
    throw errors.upstreamFailed(READ_FAILED);
  }

  return {
    async standings(league) {
      if (!source) throw errors.notConfigured('Standings are not available with this scoreboard source.');
      const cached = await stored(league);
      if (cached && isFresh(cached)) return cached;
      const pending = inFlight.get(league);
      if (pending) return pending;
      const read = refresh(league, cached).finally(() => inFlight.delete(league));
      inFlight.set(league, read);
      return read;
    },
  };
}
