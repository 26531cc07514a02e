import '../../../../tests/helpers/jsdom-dialog';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANIES } from './catalogue';
import { AI_PICK_DELAY_MS, aiPick, createLeague, isUserTurn, startDraft, userPick } from './engine';
import { FantasyPage } from './fantasy-page';
import { LEAGUE_STORAGE_KEY, saveLeague } from './persistence';
import { seededRandom } from './random';

const NOW = Date.UTC(2026, 5, 1, 12);

const renderPage = (seed = 1) => render(<FantasyPage random={seededRandom(seed)} now={() => NOW} />);

const tab = (name: string) => screen.getByRole('tab', { name });
const savedPick = () =>
  (
    JSON.parse(localStorage.getItem(LEAGUE_STORAGE_KEY) ?? 'null') as {
      draft: { currentPick: number };
    } | null
  )?.draft.currentPick;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('FantasyPage', () => {
  it('shows the league header, summary cards and tabs, and moves between tabs with the arrow keys', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Fantasy Startup League' })).toBeInTheDocument();
    expect(screen.getByText('YC Winter 2025 Batch')).toBeInTheDocument();
    expect(screen.getByText('Round 1/8')).toBeInTheDocument();
    for (const label of ['League Size', 'Available Startups', 'Your Rank', 'Your Companies']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('169')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'League Home',
      'Draft Room',
      'My Team',
      'Review Teams',
      'Leaderboard',
    ]);
    expect(tab('League Home')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Draft Room')).toHaveAttribute('tabindex', '-1');

    tab('League Home').focus();
    fireEvent.keyDown(tab('League Home'), { key: 'ArrowRight' });
    expect(tab('Draft Room')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Draft Room')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Start Draft' })).toBeInTheDocument();
    fireEvent.keyDown(tab('Draft Room'), { key: 'End' });
    expect(tab('Leaderboard')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Leaderboard'), { key: 'ArrowRight' });
    expect(tab('League Home')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab('League Home').id);
    // Nothing is saved until something happens.
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
  });

  it('drafts: the user picks on their turn, then nine AI picks follow 1.5 s apart', () => {
    renderPage();
    fireEvent.click(tab('Draft Room'));
    expect(screen.getAllByRole('button', { name: /^Draft / })[0]).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Start Draft' }));
    expect(screen.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(savedPick()).toBe(1);

    const list = screen.getByRole('list', { name: 'Available startups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    fireEvent.change(screen.getByLabelText('Search startups'), { target: { value: 'nox METALS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Draft Nox Metals' }));
    expect(screen.queryByText('Your Turn to Draft!')).not.toBeInTheDocument();
    expect(screen.getByText('No Companies Found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or filters')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Pick 2: Tech Titans is picking…');
    expect(savedPick()).toBe(2);

    act(() => vi.advanceTimersByTime(AI_PICK_DELAY_MS - 1));
    expect(savedPick()).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(savedPick()).toBe(3);
    for (let i = 0; i < 8; i += 1) act(() => vi.advanceTimersByTime(AI_PICK_DELAY_MS));
    expect(savedPick()).toBe(11);
    expect(screen.getByText('Your Turn to Draft!')).toBeInTheDocument();
    expect(screen.getByText('Round 2/8')).toBeInTheDocument();
    // No AI pick on the user's turn, however long they take.
    act(() => vi.advanceTimersByTime(60_000));
    expect(savedPick()).toBe(11);

    fireEvent.click(tab('League Home'));
    const activity = screen.getByRole('list', { name: 'Recent draft activity' });
    expect(within(activity).getAllByRole('listitem')).toHaveLength(8);
    expect(within(activity).getAllByRole('listitem')[0]).toHaveTextContent('Innovation Inc drafted');
    fireEvent.click(tab('My Team'));
    const mine = screen.getByRole('list', { name: 'My companies' });
    expect(within(mine).getByText('Nox Metals')).toBeInTheDocument();
    expect(within(mine).getByText('points')).toBeInTheDocument();
  });

  it('stars a company into the queue and shows it first on the user turn', () => {
    renderPage();
    fireEvent.click(tab('Draft Room'));
    fireEvent.change(screen.getByLabelText('Search startups'), { target: { value: 'car washes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Star Nautilus' }));
    expect(screen.getByRole('button', { name: 'Star Nautilus' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByLabelText('Search startups'), { target: { value: '' } });
    const queue = screen.getByRole('list', { name: 'Your queue' });
    expect(within(queue).getByText('Nautilus')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start Draft' }));
    const first = within(screen.getByRole('list', { name: 'Available startups' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(first).toHaveTextContent('Nautilus');
    fireEvent.click(within(queue).getByRole('button', { name: 'Draft Nautilus' }));
    expect(screen.queryByRole('list', { name: 'Your queue' })).not.toBeInTheDocument();
  });

  it('filters by vertical, showing the empty vertical as Other', () => {
    renderPage();
    fireEvent.click(tab('Draft Room'));
    const select = screen.getByLabelText('Vertical');
    expect(within(select).getByRole('option', { name: 'Other' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: '' })).not.toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'Other' } });
    const list = screen.getByRole('list', { name: 'Available startups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('Spotlight Realty')).toBeInTheDocument();
  });

  it('opens My Team when the saved league is complete, and Reset League starts fresh', () => {
    const random = seededRandom(8);
    let league = startDraft(createLeague(COMPANIES, random));
    while (!league.draft.isComplete) {
      league = isUserTurn(league)
        ? userPick(league, league.draft.availableCompanies[0]!.link)
        : aiPick(league, random);
    }
    saveLeague(league, NOW - 60_000);
    renderPage();
    expect(screen.getByText('Draft Complete!')).toBeInTheDocument();
    expect(tab('My Team')).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('list', { name: 'My companies' })).getAllByRole('listitem')).toHaveLength(
      8,
    );
    expect(screen.getByText('Round 8/8')).toBeInTheDocument();

    fireEvent.click(tab('Draft Room'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset League' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the league?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset League' }));
    expect(screen.queryByText('Draft Complete!')).not.toBeInTheDocument();
    expect(screen.getByText('Round 1/8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Draft' })).toBeInTheDocument();
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
  });

  it('falls back to initials when a logo fails, and stops AI picks on unmount', () => {
    const { unmount } = renderPage();
    fireEvent.click(tab('Draft Room'));
    fireEvent.change(screen.getByLabelText('Search startups'), { target: { value: 'Nox Metals' } });
    const row = within(screen.getByRole('list', { name: 'Available startups' })).getByRole('listitem');
    const logo = row.querySelector('img')!;
    expect(logo).toHaveAttribute('src', expect.stringMatching(/^https:\/\//));
    fireEvent.error(logo);
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByTestId('company-initials')).toHaveTextContent('NM');
    expect(within(row).getByRole('link', { name: /Nox Metals/ })).toHaveAttribute(
      'href',
      'https://www.ycombinator.com/companies/nox-metals',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Start Draft' }));
    fireEvent.click(screen.getByRole('button', { name: 'Draft Nox Metals' }));
    expect(savedPick()).toBe(2);
    unmount();
    act(() => vi.advanceTimersByTime(10 * AI_PICK_DELAY_MS));
    expect(savedPick()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('discards a corrupt saved league and starts fresh', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(LEAGUE_STORAGE_KEY, JSON.stringify({ version: 1, teams: 'oops' }));
    renderPage();
    expect(screen.getByText('Round 1/8')).toBeInTheDocument();
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
