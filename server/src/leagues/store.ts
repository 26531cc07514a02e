import { fromStore } from '../storage/from-store';
import { storeLock, type StoreLock } from '../storage/lock';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import type { League } from '@shared/schemas/leagues';

/** What is stored of a league is what its members see (the invite code is theirs to share). */
export type LeagueRecord = League;

/** Leagues are kept this long after their last change, then they lapse with everything of theirs. */
export const LEAGUE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** How long one change may hold a league's lock before another may take it (a crashed holder). */
const LEAGUE_LOCK_TTL_MS = 5_000;

/** Leagues over the generic Store: every key of one league carries its hash tag (storage/keys.ts). */
export interface LeagueStore {
  read(leagueId: string): Promise<LeagueRecord | null>;
  write(league: LeagueRecord): Promise<void>;
  lock(leagueId: string): StoreLock;
  /** The league an invite code opens, or null. */
  leagueOfInvite(code: string): Promise<string | null>;
  saveInvite(code: string, leagueId: string): Promise<void>;
  /** League ids a login sits in, with when it joined (ms). */
  memberships(login: string): Promise<Record<string, string>>;
  addMembership(login: string, leagueId: string, at: number): Promise<void>;
  removeMembership(login: string, leagueId: string): Promise<void>;
  queue(leagueId: string, login: string): Promise<string[]>;
  queues(leagueId: string, logins: readonly string[]): Promise<Map<string, string[]>>;
  saveQueue(leagueId: string, login: string, companyIds: readonly string[]): Promise<void>;
  /** Claims a pick slot; false when it was claimed already. */
  claimPick(leagueId: string, overall: number, token: string): Promise<boolean>;
  claimCompany(leagueId: string, companyId: string, token: string): Promise<boolean>;
  releasePick(leagueId: string, overall: number, token: string): Promise<void>;
  releaseCompany(leagueId: string, companyId: string, token: string): Promise<void>;
  /**
   * Running drafts whose deadline (ms) is at most `nowMs`, earliest first, up to `limit`: read from the
   * deadline index, so the clock runner's tick costs what is due, not every running draft.
   */
  dueDeadlines(nowMs: number, limit: number): Promise<Array<[leagueId: string, deadlineMs: number]>>;
  /**
   * Stores a running draft's deadline (in the index, then the hash it is rebuilt from), or takes it
   * out of both (null).
   */
  setDeadline(leagueId: string, deadlineMs: number | null): Promise<void>;
  /**
   * Puts every deadline the hash holds in the index again, moving none later: a deadline only the
   * hash holds (an instance of an earlier version wrote it) is run from then on. Answers how many
   * the hash holds.
   */
  reindexDeadlines(): Promise<number>;
}

const lower = (login: string) => login.toLowerCase();

export function createLeagueStore(store: Store): LeagueStore {
  return {
    async read(leagueId) {
      const raw = await fromStore(() => store.get(keys.league(leagueId)));
      return raw === null ? null : (JSON.parse(raw) as LeagueRecord);
    },
    write: (league) =>
      fromStore(() => store.set(keys.league(league.id), JSON.stringify(league), LEAGUE_TTL_MS)),
    lock: (leagueId) => storeLock(store, keys.leagueLock(leagueId), LEAGUE_LOCK_TTL_MS),
    leagueOfInvite: (code) => fromStore(() => store.get(keys.leagueInvite(code))),
    saveInvite: (code, leagueId) =>
      fromStore(() => store.set(keys.leagueInvite(code), leagueId, LEAGUE_TTL_MS)),
    memberships: (login) => fromStore(() => store.hashGetAll(keys.leagueMemberships(lower(login)))),
    async addMembership(login, leagueId, at) {
      await fromStore(() => store.hashSet(keys.leagueMemberships(lower(login)), leagueId, String(at)));
      await fromStore(() => store.expire(keys.leagueMemberships(lower(login)), LEAGUE_TTL_MS));
    },
    removeMembership: (login, leagueId) =>
      fromStore(() => store.hashDelete(keys.leagueMemberships(lower(login)), leagueId)),
    async queue(leagueId, login) {
      const [raw] = await fromStore(() => store.hashGetMany(keys.leagueQueues(leagueId), [lower(login)]));
      return raw ? (JSON.parse(raw) as string[]) : [];
    },
    async queues(leagueId, logins) {
      const raws = await fromStore(() => store.hashGetMany(keys.leagueQueues(leagueId), logins.map(lower)));
      return new Map(
        logins.map((login, index) => [login, raws[index] ? (JSON.parse(raws[index]) as string[]) : []]),
      );
    },
    async saveQueue(leagueId, login, companyIds) {
      await fromStore(() =>
        store.hashSet(keys.leagueQueues(leagueId), lower(login), JSON.stringify(companyIds)),
      );
      await fromStore(() => store.expire(keys.leagueQueues(leagueId), LEAGUE_TTL_MS));
    },
    claimPick: (leagueId, overall, token) =>
      fromStore(() => store.setIfAbsent(keys.leaguePickClaim(leagueId, overall), token, LEAGUE_TTL_MS)),
    claimCompany: (leagueId, companyId, token) =>
      fromStore(() => store.setIfAbsent(keys.leagueCompanyClaim(leagueId, companyId), token, LEAGUE_TTL_MS)),
    async releasePick(leagueId, overall, token) {
      await fromStore(() => store.deleteIfEquals(keys.leaguePickClaim(leagueId, overall), token));
    },
    async releaseCompany(leagueId, companyId, token) {
      await fromStore(() => store.deleteIfEquals(keys.leagueCompanyClaim(leagueId, companyId), token));
    },
    async dueDeadlines(nowMs, limit) {
      const due = await fromStore(() => store.sortedSetUpTo(keys.leagueDeadlineIndex(), nowMs, limit));
      return due.map(({ member, score }) => [member, score]);
    },
    async setDeadline(leagueId, deadlineMs) {
      // The index first on a set and last on a removal: a change cut off half way leaves, at worst,
      // an index entry the clock runner finds stale and puts right, never a deadline it cannot see.
      if (deadlineMs === null) {
        await fromStore(() => store.hashDelete(keys.leagueDeadlines(), leagueId));
        await fromStore(() => store.sortedSetRemove(keys.leagueDeadlineIndex(), leagueId));
        return;
      }
      await fromStore(() =>
        store.sortedSetAdd(keys.leagueDeadlineIndex(), [{ member: leagueId, score: deadlineMs }]),
      );
      await fromStore(() => store.hashSet(keys.leagueDeadlines(), leagueId, String(deadlineMs)));
    },
    async reindexDeadlines() {
      const all = Object.entries(await fromStore(() => store.hashGetAll(keys.leagueDeadlines())));
      const entries = all.flatMap(([member, ms]) => {
        const score = Number(ms);
        return Number.isFinite(score) ? [{ member, score }] : [];
      });
      // Lower only: a deadline moved on since the hash was read (a pick's next, earlier clock) is
      // never put back later. One put back too early is put right by the clock runner when it is due.
      await fromStore(() => store.sortedSetAdd(keys.leagueDeadlineIndex(), entries, { lowerOnly: true }));
      return entries.length;
    },
  };
}
