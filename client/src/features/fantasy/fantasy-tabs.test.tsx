import '../../../../tests/helpers/jsdom-dialog';
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { Provider, createStore } from '@client/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from '@client/lib/__tests__/fake-lock-manager';
import { requestLeadership } from '@client/lib/tab-leader';
import { COMPANIES } from './catalogue';
import { AI_PICK_DELAY_MS, createLeague, startDraft } from './engine';
import { FantasyPage } from './fantasy-page';
import { LEAGUE_STORAGE_KEY, loadStoredLeague, saveLeague } from './persistence';
import { seededRandom } from './random';

const NOW = Date.UTC(2026, 5, 1, 12);

/**
 * A browser tab with the fantasy page open: its own jotai store (so its own claim on the AI clock)
 * and its own league in memory, sharing only localStorage (and navigator.locks) with the others.
 */
function openTab(seed: number) {
  const view = render(
    <Provider store={createStore()}>
      <FantasyPage random={seededRandom(seed)} now={() => Date.now()} />
    </Provider>,
  );
  const page = within(view.container);
  return {
    page,
    close: view.unmount,
    open: (name: string) => fireEvent.click(page.getByRole('tab', { name })),
    status: () => page.getByRole('status'),
    board: (pick: number) => view.container.querySelector(`td[data-pick="${pick}"]`),
  };
}

/**
 * What the browser does in every other tab after one writes the league. jsdom has one window for
 * all "tabs", so the writer hears it too, which changes nothing for it.
 */
const otherTabsHear = () =>
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: LEAGUE_STORAGE_KEY, storageArea: localStorage }));
  });

/** The AI clocks ticking (jsdom keeps a few zero-delay timers of its own, run first). */
const aiClocks = () => {
  act(() => vi.advanceTimersByTime(0));
  return vi.getTimerCount();
};

/** Lets the lock manager grant and the pages follow. */
const settle = () => act(async () => {});

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const stored = () => loadStoredLeague(COMPANIES, Date.now())?.league;
const savedPick = () => stored()?.draft.currentPick;

let uninstallLocks: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  // The tabs share the system clock, as a browser's do; the fake timers move it.
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  uninstallLocks?.();
  uninstallLocks = undefined;
  vi.useRealTimers();
});

// Two whole pages render in jsdom for every move: slower than one.
describe('the fantasy page in two tabs', { timeout: 30_000 }, () => {
  it('shows a pick made in either tab in both, runs the AI clock in one tab only, and carries on when that tab closes', async () => {
    uninstallLocks = new FakeLockManager().install();
    const a = openTab(1);
    await settle(); // A asked first: it leads the AI clock.
    const b = openTab(2);
    await settle();

    // The draft starts in tab B, and the user drafts there too.
    b.open('Draft Room');
    fireEvent.click(b.page.getByRole('button', { name: 'Start Draft' }));
    otherTabsHear();
    a.open('Draft Room');
    expect(a.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    fireEvent.change(b.page.getByLabelText('Search startups'), { target: { value: 'Nox Metals' } });
    fireEvent.click(b.page.getByRole('button', { name: 'Draft Nox Metals' }));
    otherTabsHear();
    expect(a.board(1)).toHaveTextContent('Nox Metals');
    expect(a.page.queryByText('Your Turn to Draft!')).not.toBeInTheDocument();
    expect(a.status()).toHaveTextContent('Pick 2: Tech Titans is picking…');
    expect(b.status()).toHaveTextContent('Pick 2: Tech Titans is picking…');
    // One AI clock between the two tabs: tab A's.
    expect(aiClocks()).toBe(1);

    // One pick per AI delay, not one per tab.
    for (let pick = 2; pick <= 6; pick += 1) {
      tick(AI_PICK_DELAY_MS - 1);
      expect(savedPick()).toBe(pick);
      tick(1);
      otherTabsHear();
      expect(savedPick()).toBe(pick + 1);
      expect(b.page.getByText(`${pick} of 80 picks made`)).toBeInTheDocument();
      expect(a.page.getByText(`${pick} of 80 picks made`)).toBeInTheDocument();
    }
    expect(b.status()).toHaveTextContent('Pick 7: Data Dynamos is picking…');

    // Tab A closes 600 ms into pick 7: tab B takes the clock over and picks when A would have.
    tick(600);
    a.close();
    await settle();
    expect(aiClocks()).toBe(1);
    tick(AI_PICK_DELAY_MS - 600 - 1);
    expect(savedPick()).toBe(7);
    tick(1);
    expect(savedPick()).toBe(8);
    for (let pick = 8; pick <= 10; pick += 1) tick(AI_PICK_DELAY_MS);
    expect(b.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(b.page.getByText('10 of 80 picks made')).toBeInTheDocument();
    expect(b.board(1)).toHaveTextContent('Nox Metals');
    const picks = stored()!.draft.picks;
    expect(picks.map((pick) => pick.pick)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(picks.map((pick) => pick.company.link)).size).toBe(10);
  });

  it('without Web Locks both tabs run the AI clock, and still only one pick is made per AI delay', async () => {
    expect('locks' in navigator).toBe(false);
    const a = openTab(1);
    const b = openTab(2);
    await settle();
    a.open('Draft Room');
    fireEvent.click(a.page.getByRole('button', { name: 'Start Draft' }));
    fireEvent.click(a.page.getAllByRole('button', { name: /^Draft / })[0]!);
    otherTabsHear();
    expect(aiClocks()).toBe(2);

    for (let pick = 2; pick <= 10; pick += 1) {
      tick(AI_PICK_DELAY_MS);
      expect(savedPick()).toBe(pick + 1);
      otherTabsHear();
    }
    expect(a.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(b.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    const picks = stored()!.draft.picks;
    expect(picks.map((pick) => pick.pick)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(picks.map((pick) => pick.company.link)).size).toBe(10);
  });

  it('waits while another tab leads the AI clock, and takes over when that tab goes', async () => {
    const locks = new FakeLockManager();
    uninstallLocks = locks.install();
    let otherLeads = false;
    const leaveOther = requestLeadership('tech-touchdown:fantasy-ai-clock', (leading) => {
      otherLeads = leading;
    });
    await settle();
    expect(otherLeads).toBe(true);

    const tab = openTab(1);
    tab.open('Draft Room');
    fireEvent.click(tab.page.getByRole('button', { name: 'Start Draft' }));
    fireEvent.click(tab.page.getAllByRole('button', { name: /^Draft / })[0]!);
    expect(tab.status()).toHaveTextContent('Pick 2: Tech Titans is picking…');
    tick(10 * AI_PICK_DELAY_MS);
    expect(savedPick()).toBe(2);

    // The other tab closes long after the pick was due: this tab makes it at once.
    leaveOther();
    await settle();
    expect(savedPick()).toBe(3);
    expect(tab.page.getByText('2 of 80 picks made')).toBeInTheDocument();
  });

  it("follows another tab's league and its reset, instead of keeping its own", async () => {
    const tab = openTab(1);
    await settle();
    expect(tab.page.getByText('Round 1/8')).toBeInTheDocument();

    // Another tab starts a league of its own and drafts.
    let other = startDraft(createLeague(COMPANIES, seededRandom(5)));
    const nox = COMPANIES.find((company) => company.name === 'Nox Metals')!;
    other = { ...other, queue: [nox.link] };
    saveLeague(other, Date.now(), 7);
    otherTabsHear();
    tab.open('Draft Room');
    expect(tab.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(tab.page.getByRole('list', { name: 'Your queue' })).toHaveTextContent('Nox Metals');

    // A stale save (a lower revision) does not replace it, and is overwritten with the newer league.
    saveLeague(createLeague(COMPANIES, seededRandom(6)), Date.now(), 3);
    otherTabsHear();
    expect(tab.page.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(loadStoredLeague(COMPANIES, Date.now())?.revision).toBe(7);

    // The other tab resets the league.
    localStorage.removeItem(LEAGUE_STORAGE_KEY);
    otherTabsHear();
    expect(tab.page.getByRole('button', { name: 'Start Draft' })).toBeInTheDocument();
    expect(tab.page.queryByRole('list', { name: 'Your queue' })).not.toBeInTheDocument();
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
  });
});
