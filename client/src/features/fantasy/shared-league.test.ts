import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANIES } from './catalogue';
import { createLeague, isUserTurn, pickCompany, startDraft, toggleQueued, type League } from './engine';
import { LEAGUE_STORAGE_KEY, loadStoredLeague, saveLeague, serializeLeague } from './persistence';
import { seededRandom } from './random';
import {
  commitAction,
  followStorage,
  reconcile,
  type LeagueAction,
  type LeagueSnapshot,
  type SharedLeagueOptions,
} from './shared-league';

const NOW = Date.UTC(2026, 5, 1, 12);
/** The tabs' clock. */
let time = NOW;

/** One tab: its options and its snapshot, moved on by the same functions the page uses. */
function tab(seed: number, snapshot?: LeagueSnapshot) {
  const options: SharedLeagueOptions = { companies: COMPANIES, random: seededRandom(seed), now: () => time };
  let current: LeagueSnapshot = snapshot ?? {
    league: createLeague(COMPANIES, seededRandom(seed)),
    revision: 0,
    saved: false,
    turnSince: time,
  };
  return {
    get snapshot() {
      return current;
    },
    get league() {
      return current.league;
    },
    act(action: LeagueAction) {
      current = commitAction(current, action, options);
      return current;
    },
    /** What the page does on another tab's `storage` event. */
    hear() {
      current = followStorage(current, 'take-stored', options);
      return current;
    },
  };
}

/** The user's pick of the first company listed, on the user's turn. */
const userMove = (league: League): LeagueAction => ({
  type: 'user-pick',
  companyId: league.draft.availableCompanies[0]!.link,
  pick: league.draft.currentPick,
});
const aiMove = (league: League): LeagueAction => ({ type: 'ai-pick', pick: league.draft.currentPick });

const stored = () => loadStoredLeague(COMPANIES, NOW);
const storedPicks = () => stored()?.league.draft.picks.map((pick) => [pick.pick, pick.company.link]);

beforeEach(() => {
  localStorage.clear();
  time = NOW;
});
afterEach(() => vi.restoreAllMocks());

describe('reconcile', () => {
  const a = createLeague(COMPANIES, seededRandom(1));
  const b = createLeague(COMPANIES, seededRandom(2));
  const fresh = () => createLeague(COMPANIES, seededRandom(3));

  const storedB = (revision: number) => ({ league: b, revision, savedAt: NOW - 100 });

  it('takes a newer stored league, keeps its own over an older or unreadable one', () => {
    const mine: LeagueSnapshot = { league: a, revision: 5, saved: true, turnSince: NOW - 900 };
    expect(reconcile(mine, storedB(6), fresh, 'keep-own')).toEqual({
      league: b,
      revision: 6,
      saved: true,
      turnSince: NOW - 900,
    });
    expect(reconcile(mine, storedB(4), fresh, 'take-stored')).toBe(mine);
    expect(reconcile(mine, 'unusable', fresh, 'take-stored')).toBe(mine);
    // The same revision: storage decides only when asked to.
    expect(reconcile(mine, storedB(5), fresh, 'keep-own')).toBe(mine);
    expect(reconcile(mine, storedB(5), fresh, 'take-stored').league).toBe(b);
  });

  it('a fresh league nobody saved gives way to any stored league', () => {
    const mine: LeagueSnapshot = { league: a, revision: 9, saved: false, turnSince: NOW };
    expect(reconcile(mine, storedB(1), fresh, 'keep-own')).toMatchObject({
      league: b,
      revision: 1,
      saved: true,
    });
    expect(reconcile(mine, 'none', fresh, 'keep-own')).toBe(mine);
  });

  it('a saved league that is gone from storage was reset: a fresh one, keeping the revision count', () => {
    const mine: LeagueSnapshot = { league: a, revision: 7, saved: true, turnSince: NOW };
    expect(reconcile(mine, 'none', fresh, 'keep-own')).toEqual({ ...mine, league: fresh(), saved: false });
  });

  it('dates the pick on the clock from the save that passed the turn, wherever it was made', () => {
    const mine: LeagueSnapshot = { league: startDraft(a), revision: 5, saved: true, turnSince: NOW - 5000 };
    const passed = pickCompany(mine.league, a.draft.availableCompanies[0]!.link);
    const stored = { league: passed, revision: 6, savedAt: NOW - 700 };
    expect(reconcile(mine, stored, fresh, 'keep-own').turnSince).toBe(NOW - 700);
    // A save that did not pass the turn (a star) leaves the pick due when it was.
    const starred = { league: toggleQueued(mine.league, a.draft.availableCompanies[3]!.link), revision: 6 };
    expect(reconcile(mine, { ...starred, savedAt: NOW }, fresh, 'keep-own').turnSince).toBe(NOW - 5000);
  });
});

describe('two tabs on one stored league', () => {
  it('a tab that fell behind makes its move on the newest league and never saves over the other tab', () => {
    const first = tab(1);
    first.act({ type: 'start' });
    first.act(userMove(first.league));
    const second = tab(2);
    second.hear();
    expect(second.league).toEqual(first.league);

    // The first tab runs the AI clock for three picks; the second hears nothing meanwhile.
    for (let i = 0; i < 3; i += 1) first.act(aiMove(first.league));
    expect(second.league.draft.picks).toHaveLength(1);
    const afterAi = storedPicks();
    expect(afterAi).toHaveLength(4);

    // The second tab stars a company from its stale view: the star lands on the newest league.
    const starred = second.league.draft.availableCompanies.at(-1)!.link;
    second.act({ type: 'toggle-queue', companyId: starred });
    expect(storedPicks()).toEqual(afterAi);
    expect(stored()?.league.queue).toEqual([starred]);
    expect(second.league.draft.picks).toHaveLength(4);
    expect(second.snapshot.revision).toBeGreaterThan(first.snapshot.revision);

    first.hear();
    expect(first.league).toEqual(second.league);
  });

  it('a pick meant for a pick already made is dropped: the AI never picks twice, the user never picks late', () => {
    const leader = tab(1);
    leader.act({ type: 'start' });
    const other = tab(2);
    other.hear();
    leader.act(userMove(leader.league));
    other.hear();

    // Both tabs' AI clocks fire for pick 2 (no Web Locks): one pick is made, not two.
    const aiForPick2 = aiMove(other.league);
    leader.act(aiForPick2);
    other.act(aiForPick2);
    expect(storedPicks()).toHaveLength(2);
    expect(other.league).toEqual(leader.league);

    // A user pick from a view of pick 1 (a double click, a stale tab) does nothing now.
    const late = { ...userMove(leader.league), pick: 1 };
    const before = localStorage.getItem(LEAGUE_STORAGE_KEY);
    other.act(late);
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBe(before);
  });

  it("the user's pick from a tab that does not run the AI clock reaches the shared league", () => {
    const leader = tab(1);
    leader.act({ type: 'start' });
    leader.act(userMove(leader.league));
    while (!isUserTurn(leader.league)) leader.act(aiMove(leader.league));
    const other = tab(2);
    other.hear();
    const mine = other.league.draft.availableCompanies[5]!.link;
    other.act({ type: 'user-pick', companyId: mine, pick: 11 });
    leader.hear();
    expect(leader.league.draft.picks.at(-1)?.company.link).toBe(mine);
    expect(leader.league.draft.currentPick).toBe(12);
  });

  it('an older league saved over a newer one (an old tab) is put back by a tab that has the newer', () => {
    const current = tab(1);
    current.act({ type: 'start' });
    current.act(userMove(current.league));
    const newer = localStorage.getItem(LEAGUE_STORAGE_KEY);
    // A tab of the app from before revisions saves its own league: revision 0.
    const old = createLeague(COMPANIES, seededRandom(9));
    saveLeague(old, NOW);
    expect(current.hear().league.draft.picks).toHaveLength(1);
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBe(newer);
  });

  it('a reset in one tab resets the others; a league begun after it wins over any save from before', () => {
    const a = tab(1);
    a.act({ type: 'start' });
    a.act(userMove(a.league));
    const b = tab(2);
    b.hear();
    const beforeReset = b.snapshot;

    a.act({ type: 'reset' });
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
    expect(b.hear().saved).toBe(false);
    expect(b.league.draft.picks).toHaveLength(0);

    // A new tab, opened a minute after the reset, begins a league; a tab that missed the reset still
    // holds the league from before it and takes the new one rather than putting the old one back.
    time += 60_000;
    const c = tab(3);
    c.act({ type: 'start' });
    const stale = tab(4, beforeReset);
    expect(stale.hear().league.draft.isActive).toBe(true);
    expect(stale.league.draft.picks).toHaveLength(0);
    expect(stale.league).toEqual(c.league);
  });

  it('revisions rise with the clock and above the last save', () => {
    const options: SharedLeagueOptions = { companies: COMPANIES, random: seededRandom(1), now: () => time };
    let snapshot: LeagueSnapshot = {
      league: createLeague(COMPANIES, seededRandom(1)),
      revision: 0,
      saved: false,
      turnSince: NOW,
    };
    snapshot = commitAction(snapshot, { type: 'start' }, options);
    expect(snapshot.revision).toBe(NOW);
    snapshot = commitAction(snapshot, userMove(snapshot.league), options);
    expect(snapshot.revision).toBe(NOW + 1);
    time = NOW - 60_000; // the clock set back
    snapshot = commitAction(snapshot, aiMove(snapshot.league), options);
    expect(snapshot.revision).toBe(NOW + 2);
    expect(stored()?.revision).toBe(NOW + 2);
  });

  it('keeps working on its own when the browser refuses to save', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const alone = tab(1);
    alone.act({ type: 'start' });
    alone.act(userMove(alone.league));
    expect(alone.snapshot.saved).toBe(false);
    alone.act(aiMove(alone.league));
    expect(alone.league.draft.picks).toHaveLength(2);
  });
});

describe('saved revision', () => {
  it('is saved with the league and read back; a save without one counts as 0', () => {
    const league = createLeague(COMPANIES, seededRandom(1));
    saveLeague(league, NOW, 42);
    expect(stored()).toEqual({ league, revision: 42, savedAt: NOW });
    const { revision: _revision, ...older } = serializeLeague(league, NOW);
    localStorage.setItem(LEAGUE_STORAGE_KEY, JSON.stringify(older));
    expect(stored()).toEqual({ league, revision: 0, savedAt: NOW });
  });
});
