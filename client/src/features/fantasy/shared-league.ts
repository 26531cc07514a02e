/**
 * One league for every tab of this browser. Browser storage holds it and is the source of truth:
 * a tab shows the stored league, follows other tabs' saves through the `storage` event, and makes
 * every move on the newest stored league rather than on its own copy, so a tab that has fallen
 * behind never saves over moves made elsewhere. Saves carry a revision, always above the one they
 * were based on, and a tab takes a stored league over its own only when it is at least as new.
 */
import { atom, type WritableAtom } from '@client/lib/store';
import type { Company, CompanyId } from './catalogue';
import {
  chooseAiPick,
  createLeague,
  isAiTurn,
  pickCompany,
  startDraft,
  toggleQueued,
  userPick,
  type League,
} from './engine';
import {
  LEAGUE_STORAGE_KEY,
  clearSavedLeague,
  loadStoredLeague,
  peekStoredLeague,
  saveLeague,
  type StoredLeague,
} from './persistence';
import type { RandomSource } from './random';

/** The league a tab shows, and where it stands against the stored one. */
export interface LeagueSnapshot {
  league: League;
  /** The revision of the stored league this one is, or of the newest save this tab has seen. */
  revision: number;
  /** This league is the stored one (saved or read here); false for a fresh league nobody saved. */
  saved: boolean;
  /**
   * When the pick on the clock became due, on the `now` clock: when this tab made the move that
   * passed the turn, or when the tab that made it saved it, so every tab agrees on when an AI pick
   * is due. A page that opens on a league starts the clock afresh.
   */
  turnSince: number;
}

/** A move, as the user or the AI clock asks for it; applied to the newest league when it is made. */
export type LeagueAction =
  | { type: 'start' }
  /** `pick` is the pick the user chose for: once that pick is made (in any tab) the move is dropped. */
  | { type: 'user-pick'; companyId: CompanyId; pick: number }
  /** The AI team on the clock for `pick` chooses then, from the companies still available. */
  | { type: 'ai-pick'; pick: number }
  | { type: 'toggle-queue'; companyId: CompanyId }
  | { type: 'reset' };

/**
 * What to do with a stored league of the same revision as this tab's: normally it is this very
 * league, but when two tabs saved the same revision at once, storage holds the one written last and
 * every tab must take that one to agree again.
 */
export type OnTie = 'take-stored' | 'keep-own';

export interface SharedLeagueOptions {
  companies: readonly Company[];
  random: RandomSource;
  now: () => number;
}

/** What storage holds, as peekStoredLeague reads it. */
export type StoredRead = StoredLeague | 'none' | 'unusable';

/**
 * The league this tab should hold, given what is stored: a newer stored league (or any, when this
 * tab's own was never saved) replaces this tab's; an older one does not; nothing stored where this
 * tab's league had been saved means another tab reset it (or the save was cleared), so this tab
 * starts a fresh league too, keeping the revision count so that its next save is numbered above
 * every save this tab has seen.
 */
export function reconcile(
  current: LeagueSnapshot,
  stored: StoredRead,
  fresh: () => League,
  onTie: OnTie,
): LeagueSnapshot {
  if (stored === 'unusable') return current;
  if (stored === 'none') {
    return current.saved ? { ...current, league: fresh(), saved: false } : current;
  }
  const newer =
    !current.saved ||
    stored.revision > current.revision ||
    (stored.revision === current.revision && onTie === 'take-stored');
  if (!newer) return current;
  const turnPassed = stored.league.draft.currentPick !== current.league.draft.currentPick;
  return {
    league: stored.league,
    revision: stored.revision,
    saved: true,
    turnSince: turnPassed ? stored.savedAt : current.turnSince,
  };
}

/** A move applied to a league; the same league when it does not apply (any more). Reset is not a move. */
export function applyAction(
  league: League,
  action: Exclude<LeagueAction, { type: 'reset' }>,
  random: RandomSource,
): League {
  switch (action.type) {
    case 'start':
      return startDraft(league);
    case 'user-pick':
      return action.pick === league.draft.currentPick ? userPick(league, action.companyId) : league;
    case 'ai-pick': {
      if (action.pick !== league.draft.currentPick || !isAiTurn(league)) return league;
      const choice = chooseAiPick(league, random);
      return choice === null ? league : pickCompany(league, choice);
    }
    case 'toggle-queue':
      return toggleQueued(league, action.companyId);
  }
}

/**
 * Makes a move for this tab: on the newest of the stored league and this tab's, saved as the next
 * revision. The revision also moves up with the clock, so a league started after a reset is newer
 * than any save from before it, even one from a tab that missed the reset.
 */
export function commitAction(
  current: LeagueSnapshot,
  action: LeagueAction,
  { companies, random, now }: SharedLeagueOptions,
): LeagueSnapshot {
  const fresh = () => createLeague(companies, random);
  // Storage decides a tie: this tab's copy of that revision may be from before a concurrent save.
  const base = reconcile(current, peekStoredLeague(companies, now()), fresh, 'take-stored');
  if (action.type === 'reset') {
    clearSavedLeague();
    return { ...base, league: fresh(), saved: false };
  }
  const league = applyAction(base.league, action, random);
  if (league === base.league) return base;
  const time = now();
  const revision = Math.max(base.revision + 1, Math.floor(time));
  return {
    league,
    revision,
    saved: saveLeague(league, time, revision),
    turnSince: league.draft.currentPick === base.league.draft.currentPick ? base.turnSince : time,
  };
}

/**
 * After another tab saved: take the stored league if it is newer, or put this tab's back when the
 * stored one is older (a tab of an older version of the app, or one that lost a race, saved over
 * it), so every tab ends up with the newest.
 */
export function followStorage(
  current: LeagueSnapshot,
  onTie: OnTie,
  { companies, random, now }: SharedLeagueOptions,
): LeagueSnapshot {
  const stored = peekStoredLeague(companies, now());
  const next = reconcile(current, stored, () => createLeague(companies, random), onTie);
  if (next === current && typeof stored === 'object' && stored.revision < current.revision) {
    saveLeague(current.league, now(), current.revision);
  }
  return next;
}

/** What a league atom is set with: a move, or a look at storage after another tab saved. */
export type LeagueCommand = LeagueAction | { type: 'follow-storage'; onTie: OnTie };

export interface SharedLeague {
  /** The league of this tab; set it with a LeagueAction. Following storage starts when it is read. */
  leagueAtom: WritableAtom<LeagueSnapshot, [LeagueCommand], void>;
  /** A saved league was there when this tab opened the page. */
  restored: boolean;
  /** The clock the league is saved with and its turns are timed on. */
  now: () => number;
}

/**
 * The league of one page, as a jotai atom: the stored league when there is a usable one (an
 * unusable one is removed), else a fresh one, which is not saved until something happens to it.
 * While the atom is read it follows other tabs' saves, and storage once more when the page comes
 * back from the back/forward cache (it heard no events while it was there).
 */
export function createSharedLeague(options: SharedLeagueOptions): SharedLeague {
  const { companies, random, now } = options;
  const time = now();
  const stored = loadStoredLeague(companies, time);
  const initial: LeagueSnapshot = stored
    ? { league: stored.league, revision: stored.revision, saved: true, turnSince: time }
    : { league: createLeague(companies, random), revision: 0, saved: false, turnSince: time };
  const snapshotAtom = atom(initial);
  const leagueAtom = atom(
    (get) => get(snapshotAtom),
    (get, set, command: LeagueCommand) => {
      const current = get(snapshotAtom);
      set(
        snapshotAtom,
        command.type === 'follow-storage'
          ? followStorage(current, command.onTie, options)
          : commitAction(current, command, options),
      );
    },
  );
  leagueAtom.onMount = (send) => {
    // Another tab may have saved between the first read and now.
    send({ type: 'follow-storage', onTie: 'keep-own' });
    const onStorage = (event: StorageEvent) => {
      // key null: another tab cleared all of storage.
      if (event.key !== LEAGUE_STORAGE_KEY && event.key !== null) return;
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      send({ type: 'follow-storage', onTie: 'take-stored' });
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) send({ type: 'follow-storage', onTie: 'keep-own' });
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  };
  return { leagueAtom, restored: stored !== null, now };
}
