import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { CATALOGUE_BY_ID, CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import { AI_TEAM_NAMES, chooseBestAvailable, type RandomSource } from '@shared/fantasy/ai-picks';
import {
  LEAGUE_AI_PICK_DELAY_MS,
  LEAGUE_MAX_PER_LOGIN,
  LEAGUE_MAX_SEATS,
  LEAGUE_ROUNDS,
  type League,
  type LeagueCreate,
  type LeagueInvitePreview,
  type LeaguePickHow,
  type LeagueQueue,
  type LeagueSeat,
  type LeagueSummary,
  type LeagueWatchAnswer,
} from '@shared/schemas/leagues';
import { errors, isAppError } from '../errors';
import type { LeagueStore } from './store';

export type { LeagueRecord } from './store';

/** Who acts: always from the session, never from a payload. */
export interface LeagueActor {
  login: string;
  name: string | null;
}

/** What the service pushes once a change is stored. */
export interface LeagueBroadcaster {
  changed(league: League): void;
  queueChanged(login: string, queue: LeagueQueue): void;
  /**
   * A person is no longer in the league: every socket of theirs, on every instance, leaves the
   * league's rooms (its pushes, its draft room chat). Resolves once no instance sends them the
   * league any more.
   */
  left(leagueId: string, login: string): Promise<void>;
  /**
   * Tells a person the commissioner removed them (`league:removed`), on their own sockets only, every
   * tab and every instance: their open league page says so at once instead of failing on their next
   * click.
   */
  removed(leagueId: string, login: string): void;
}

export interface LeagueService {
  create(actor: LeagueActor, input: LeagueCreate): Promise<League>;
  listMine(login: string): Promise<LeagueSummary[]>;
  preview(code: string, login: string): Promise<LeagueInvitePreview>;
  join(code: string, actor: LeagueActor): Promise<League>;
  removeSeat(leagueId: string, login: string, removed: string): Promise<League>;
  start(leagueId: string, login: string): Promise<League>;
  pause(leagueId: string, login: string): Promise<League>;
  resume(leagueId: string, login: string): Promise<League>;
  /** A member's view: the League and their own queue. */
  read(leagueId: string, login: string): Promise<LeagueWatchAnswer>;
  /** Where a login stands in a league: its commissioner, a member, or null (not a member, or no such league). */
  standing(leagueId: string, login: string): Promise<'commissioner' | 'member' | null>;
  pick(leagueId: string, login: string, companyId: string): Promise<League>;
  setQueue(leagueId: string, login: string, companyIds: readonly string[]): Promise<LeagueQueue>;
  /**
   * Picks for every seat whose clock has run out (the clock runner calls it); how many picks it made.
   * A league that fails is reported and tried again on the next call.
   */
  runDueClocks(onError: (leagueId: string, error: unknown) => void): Promise<number>;
  /**
   * Rebuilds the clock runner's index of deadlines from where each one is stored (the clock runner
   * calls it when it takes the lead, and now and then while it leads); how many running drafts there are.
   */
  reindexClocks(): Promise<number>;
}

/** Most clocks that ran out one call of runDueClocks picks for; the next call takes the rest. */
export const DUE_CLOCKS_PER_RUN = 500;

/** How long a change waits for a league's lock held by another change before giving up. */
const LOCK_WAIT_MS = 3_000;
const LOCK_RETRY_MS = 10;

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const totalPicks = (league: League) => league.seats.length * league.rounds;

/**
 * Leagues with friends, the domain: who may do what, the draft's turns, its clock and the picks the
 * server makes when a clock runs out. Every change runs under the league's store lock and raises the
 * version; a pick also claims its overall slot and its company in the store, so two picks on two
 * instances can never take the same slot or company. `now` is the server's clock (tests inject one).
 */
export function createLeagueService(deps: {
  store: LeagueStore;
  broadcaster: LeagueBroadcaster;
  now?: () => number;
  random?: RandomSource;
  sleep?: (ms: number) => Promise<void>;
}): LeagueService {
  const { store, broadcaster } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * Runs `change` on the league under its lock; the change answers the league to store, or null for
   * none, and the login of a person it takes out of the league (`leaving`): their sockets leave the
   * league's rooms once it is stored, before the change is pushed to the room.
   */
  async function withLeague<T>(
    leagueId: string,
    change: (
      league: League,
      undo: Array<() => Promise<void>>,
    ) => Promise<{ league: League | null; answer: T; leaving?: string }>,
  ): Promise<T> {
    const lock = store.lock(leagueId);
    const token = randomUUID();
    const started = Date.now();
    while (!(await lock.take(token))) {
      if (Date.now() - started > LOCK_WAIT_MS)
        throw errors.storeUnavailable('The league is busy. Please try again.');
      await sleep(LOCK_RETRY_MS);
    }
    try {
      const league = await store.read(leagueId);
      if (!league) throw errors.notFound('No such league.');
      // What to take back (a pick's claims) when the change cannot be stored after all.
      const undo: Array<() => Promise<void>> = [];
      const { league: changed, answer, leaving } = await change(league, undo);
      if (changed) {
        try {
          await store.write(changed);
        } catch (error) {
          for (const step of undo) await step().catch(() => undefined);
          throw error;
        }
        await store.setDeadline(changed.id, changed.clock ? Date.parse(changed.clock.deadline) : null);
        // Stored first: a socket that joins a room meanwhile checks membership again after joining.
        // The person hears of it once their sockets are out of the league's rooms, before the
        // members see the seat go and before the removal is answered.
        if (leaving) {
          await broadcaster.left(changed.id, leaving);
          broadcaster.removed(changed.id, leaving);
        }
        broadcaster.changed(changed);
      }
      return answer;
    } finally {
      await lock.release(token).catch(() => undefined);
    }
  }

  function memberSeat(league: League, login: string): LeagueSeat {
    const seat = league.seats.find(
      (candidate) => candidate.login !== null && sameLogin(candidate.login, login),
    );
    // Non-members are told the league does not exist, so league ids never leak.
    if (!seat) throw errors.notFound('No such league.');
    return seat;
  }

  function requireCommissioner(league: League, login: string) {
    memberSeat(league, login);
    if (!sameLogin(league.commissioner, login)) throw errors.forbidden('Only the commissioner can do that.');
  }

  const teamNameOf = (actor: LeagueActor) => (actor.name?.trim() || actor.login).slice(0, 80);

  /** The clock for the next pick: a person's full pick time, an AI seat's short delay. */
  function clockFor(league: League): League['clock'] {
    const overall = league.picks.length + 1;
    if (overall > totalPicks(league)) return null;
    const seat = (overall - 1) % league.seats.length;
    const ms = league.seats[seat]!.kind === 'ai' ? LEAGUE_AI_PICK_DELAY_MS : league.pickSeconds * 1000;
    return { seat, overall, deadline: new Date(now() + ms).toISOString() };
  }

  const bump = (league: League, changes: Partial<League>): League => ({
    ...league,
    ...changes,
    version: league.version + 1,
  });

  async function assertRoomForAnotherLeague(login: string) {
    const count = Object.keys(await store.memberships(login)).length;
    if (count >= LEAGUE_MAX_PER_LOGIN)
      throw errors.limitReached(
        `You are in ${LEAGUE_MAX_PER_LOGIN} leagues already, the most one person may be in.`,
      );
  }

  /**
   * Records a pick for the seat on the clock and moves the clock on. Claims the slot and the company
   * first: a claim already made means another change got there first, and nothing is stored.
   */
  async function applyPick(
    league: League,
    companyId: string,
    how: LeaguePickHow,
    undo: Array<() => Promise<void>>,
  ): Promise<League> {
    const clock = league.clock!;
    const token = randomUUID();
    if (!(await store.claimPick(league.id, clock.overall, token)))
      throw errors.leagueNotYourTurn('That pick was just made.');
    undo.push(() => store.releasePick(league.id, clock.overall, token));
    if (!(await store.claimCompany(league.id, companyId, token))) {
      await store.releasePick(league.id, clock.overall, token);
      throw errors.leagueCompanyTaken();
    }
    undo.push(() => store.releaseCompany(league.id, companyId, token));
    const picks = [
      ...league.picks,
      {
        overall: clock.overall,
        round: Math.floor((clock.overall - 1) / league.seats.length) + 1,
        seat: clock.seat,
        companyId,
        how,
        at: new Date(now()).toISOString(),
      },
    ];
    const withPick = { ...league, picks };
    const complete = picks.length >= totalPicks(league);
    const next = bump(withPick, {
      status: complete ? 'complete' : 'drafting',
      clock: complete ? null : clockFor(withPick),
    });
    await dropFromQueues(next, companyId);
    return next;
  }

  /** Taken companies leave every member's queue; each member whose queue changed is told. */
  async function dropFromQueues(league: League, companyId: string) {
    const logins = league.seats.flatMap((seat) => (seat.login ? [seat.login] : []));
    const queues = await store.queues(league.id, logins);
    for (const [login, queue] of queues) {
      if (!queue.includes(companyId)) continue;
      const companyIds = queue.filter((id) => id !== companyId);
      await store.saveQueue(league.id, login, companyIds);
      broadcaster.queueChanged(login, { leagueId: league.id, companyIds });
    }
  }

  const takenIds = (league: League) => new Set(league.picks.map((pick) => pick.companyId));

  /** The pick the server makes for the seat on the clock: the person's queue, else the AI rules. */
  async function serverChoice(league: League): Promise<{ companyId: string; how: LeaguePickHow }> {
    const seat = league.seats[league.clock!.seat]!;
    const taken = takenIds(league);
    if (seat.login) {
      const queued = (await store.queue(league.id, seat.login)).find(
        (id) => !taken.has(id) && CATALOGUE_BY_ID.has(id),
      );
      if (queued) return { companyId: queued, how: 'queue' };
    }
    const available = CATALOGUE_COMPANIES.filter((company) => !taken.has(company.link));
    const best = chooseBestAvailable(available, seat.teamName, random);
    if (!best) throw new Error('No company is left to pick');
    return { companyId: best, how: seat.kind === 'ai' ? 'ai' : 'auto' };
  }

  return {
    async create(actor, input) {
      await assertRoomForAnotherLeague(actor.login);
      const at = now();
      const league: League = {
        id: randomBytes(12).toString('base64url'),
        name: input.name,
        commissioner: actor.login,
        inviteCode: randomBytes(16).toString('base64url').slice(0, 22),
        pickSeconds: input.pickSeconds,
        rounds: LEAGUE_ROUNDS,
        status: 'lobby',
        seats: [{ seat: 0, kind: 'person', login: actor.login, teamName: teamNameOf(actor) }],
        picks: [],
        clock: null,
        version: 1,
        createdAt: new Date(at).toISOString(),
      };
      await store.write(league);
      await store.saveInvite(league.inviteCode, league.id);
      await store.addMembership(actor.login, league.id, at);
      return league;
    },

    async listMine(login) {
      const ids = Object.entries(await store.memberships(login)).sort(
        ([, a], [, b]) => Number(b) - Number(a),
      );
      const leagues = await Promise.all(ids.map(([id]) => store.read(id)));
      return leagues.flatMap((league) =>
        league && league.seats.some((seat) => seat.login && sameLogin(seat.login, login))
          ? [
              {
                id: league.id,
                name: league.name,
                commissioner: league.commissioner,
                status: league.status,
                people: league.seats.filter((seat) => seat.kind === 'person').length,
                createdAt: league.createdAt,
              },
            ]
          : [],
      );
    },

    async preview(code, login) {
      const leagueId = await store.leagueOfInvite(code);
      const league = leagueId ? await store.read(leagueId) : null;
      if (!league) throw errors.notFound('This invite is not valid.');
      return {
        leagueId: league.id,
        name: league.name,
        commissioner: league.commissioner,
        status: league.status,
        people: league.seats.filter((seat) => seat.kind === 'person').length,
        maxSeats: LEAGUE_MAX_SEATS,
        pickSeconds: league.pickSeconds,
        joined: league.seats.some((seat) => seat.login !== null && sameLogin(seat.login, login)),
      };
    },

    async join(code, actor) {
      const leagueId = await store.leagueOfInvite(code);
      if (!leagueId) throw errors.notFound('This invite is not valid.');
      return withLeague(leagueId, async (league) => {
        if (league.seats.some((seat) => seat.login !== null && sameLogin(seat.login, actor.login)))
          return { league: null, answer: league };
        if (league.status !== 'lobby') throw errors.leagueStarted();
        if (league.seats.length >= LEAGUE_MAX_SEATS) throw errors.leagueFull();
        await assertRoomForAnotherLeague(actor.login);
        const seat: LeagueSeat = {
          seat: league.seats.length,
          kind: 'person',
          login: actor.login,
          teamName: teamNameOf(actor),
        };
        const next = bump(league, { seats: [...league.seats, seat] });
        await store.addMembership(actor.login, league.id, now());
        return { league: next, answer: next };
      });
    },

    removeSeat: (leagueId, login, removed) =>
      withLeague(leagueId, async (league) => {
        requireCommissioner(league, login);
        if (league.status !== 'lobby')
          throw errors.leagueStarted('Seats can only be removed before the draft starts.');
        if (sameLogin(removed, league.commissioner))
          throw errors.badRequest('The commissioner cannot be removed.');
        const target = league.seats.find((seat) => seat.login !== null && sameLogin(seat.login, removed));
        if (!target) throw errors.notFound('Nobody with that login sits in this league.');
        const seats = league.seats
          .filter((seat) => seat !== target)
          .map((seat, index) => ({ ...seat, seat: index }));
        await store.removeMembership(target.login!, league.id);
        const next = bump(league, { seats });
        // The seat's login as stored is the one its sockets' room is named by.
        return { league: next, answer: next, leaving: target.login! };
      }),

    start: (leagueId, login) =>
      withLeague(leagueId, async (league) => {
        requireCommissioner(league, login);
        if (league.status !== 'lobby') throw errors.leagueStarted();
        // The order is drawn now (a Fisher-Yates shuffle), then the empty seats become AI teams.
        const people = league.seats;
        const ai = AI_TEAM_NAMES.slice(0, LEAGUE_MAX_SEATS - people.length).map((teamName): LeagueSeat => ({
          seat: 0,
          kind: 'ai',
          login: null,
          teamName,
        }));
        const order = [...people, ...ai];
        for (let index = order.length - 1; index > 0; index--) {
          const other = randomInt(index + 1);
          [order[index], order[other]] = [order[other]!, order[index]!];
        }
        const seats = order.map((seat, index) => ({ ...seat, seat: index }));
        const started = { ...league, seats };
        const next = bump(started, { status: 'drafting', clock: clockFor(started) });
        return { league: next, answer: next };
      }),

    pause: (leagueId, login) =>
      withLeague(leagueId, async (league) => {
        requireCommissioner(league, login);
        if (league.status !== 'drafting') throw errors.leagueNotDrafting();
        const next = bump(league, { status: 'paused', clock: null });
        return { league: next, answer: next };
      }),

    resume: (leagueId, login) =>
      withLeague(leagueId, async (league) => {
        requireCommissioner(league, login);
        if (league.status !== 'paused') throw errors.leagueNotDrafting('The draft is not paused.');
        // The seat on the clock gets its full time again.
        const next = bump(league, { status: 'drafting', clock: clockFor(league) });
        return { league: next, answer: next };
      }),

    async read(leagueId, login) {
      const league = await store.read(leagueId);
      if (!league) throw errors.notFound('No such league.');
      memberSeat(league, login);
      return { league, queue: { leagueId, companyIds: await store.queue(leagueId, login) } };
    },

    async standing(leagueId, login) {
      const league = await store.read(leagueId);
      if (!league) return null;
      if (!league.seats.some((seat) => seat.login !== null && sameLogin(seat.login, login))) return null;
      return sameLogin(league.commissioner, login) ? 'commissioner' : 'member';
    },

    pick: (leagueId, login, companyId) =>
      withLeague(leagueId, async (league, undo) => {
        const seat = memberSeat(league, login);
        if (league.status !== 'drafting' || !league.clock) throw errors.leagueNotDrafting();
        if (league.clock.seat !== seat.seat) throw errors.leagueNotYourTurn();
        if (!CATALOGUE_BY_ID.has(companyId)) throw errors.badRequest('That company is not in the catalogue.');
        if (takenIds(league).has(companyId)) throw errors.leagueCompanyTaken();
        const next = await applyPick(league, companyId, 'pick', undo);
        return { league: next, answer: next };
      }),

    async setQueue(leagueId, login, companyIds) {
      const league = await store.read(leagueId);
      if (!league) throw errors.notFound('No such league.');
      memberSeat(league, login);
      if (new Set(companyIds).size !== companyIds.length)
        throw errors.badRequest('A company is queued twice.');
      const unknown = companyIds.find((id) => !CATALOGUE_BY_ID.has(id));
      if (unknown) throw errors.badRequest('That company is not in the catalogue.');
      const taken = takenIds(league);
      if (companyIds.some((id) => taken.has(id)))
        throw errors.leagueCompanyTaken('A queued company has already been drafted.');
      await store.saveQueue(leagueId, login, companyIds);
      const queue = { leagueId, companyIds: [...companyIds] };
      broadcaster.queueChanged(login, queue);
      return queue;
    },

    async runDueClocks(onError) {
      let made = 0;
      const due = await store.dueDeadlines(now(), DUE_CLOCKS_PER_RUN);
      for (const [leagueId] of due) {
        const picked = await withLeague(leagueId, async (league, undo) => {
          // Checked again under the lock: a person may have picked, or the commissioner paused,
          // meanwhile. The league's own clock is the truth: an index entry that says otherwise (a
          // change cut off half way) is put right here, so it is not read again until it is due.
          if (league.status !== 'drafting' || !league.clock || Date.parse(league.clock.deadline) > now()) {
            await store.setDeadline(
              league.id,
              league.status === 'drafting' && league.clock ? Date.parse(league.clock.deadline) : null,
            );
            return { league: null, answer: false };
          }
          const { companyId, how } = await serverChoice(league);
          return { league: await applyPick(league, companyId, how, undo), answer: true };
        }).catch(async (error: unknown) => {
          // A league that lapsed leaves the deadline list; any other failure is tried on the next tick.
          if (isAppError(error, 'not_found')) await store.setDeadline(leagueId, null).catch(() => undefined);
          else onError(leagueId, error);
          return false;
        });
        if (picked) made++;
      }
      return made;
    },

    reindexClocks: () => store.reindexDeadlines(),
  };
}
