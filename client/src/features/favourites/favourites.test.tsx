import '../../../../tests/helpers/jsdom-dialog';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from '@client/lib/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FavouriteTeamsStrip, FavouritesQuestionnaires, TechInterestsStrip } from './index';
import { STORAGE_KEYS } from './storage';

function renderDashboard() {
  const onTeamSearch = vi.fn();
  const onTechSearch = vi.fn();
  const store = createStore();
  render(
    <Provider store={store}>
      <FavouriteTeamsStrip onSearch={onTeamSearch} />
      <TechInterestsStrip onSearch={onTechSearch} />
      <FavouritesQuestionnaires />
    </Provider>,
  );
  return { onTeamSearch, onTechSearch, user: userEvent.setup() };
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const dialog = () => screen.getByRole('dialog');
const tile = (name: string) => within(dialog()).getByRole('button', { name });
const button = (name: string) => within(dialog()).getByRole('button', { name });

function storeFavourites(teams: object, tech: object) {
  localStorage.setItem(STORAGE_KEYS.favoriteTeams, JSON.stringify(teams));
  localStorage.setItem(STORAGE_KEYS.teamQuestionnaireCompleted, 'true');
  localStorage.setItem(STORAGE_KEYS.favoriteTech, JSON.stringify(tech));
  localStorage.setItem(STORAGE_KEYS.techQuestionnaireCompleted, 'true');
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('first visit questionnaires', () => {
  // About forty clicks through two dialogs: more than the default 5 s when the machine is busy.
  it(
    'runs the team picker league by league, then the tech picker, then shows the chips',
    { timeout: 30_000 },
    async () => {
      const { user } = renderDashboard();

      expect(screen.getByRole('heading', { name: 'Select Your Favorite NFL Teams' })).toBeInTheDocument();
      expect(
        screen.getByText('Choose all teams you want to follow (you can select multiple)'),
      ).toBeInTheDocument();
      expect(within(dialog()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
      expect(within(dialog()).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
      expect(button('Next')).toBeDisabled();
      expect(within(dialog()).queryByText('Selected:')).not.toBeInTheDocument();

      await user.click(tile('KC Chiefs (Kansas City Chiefs)'));
      await user.click(tile('BUF Bills (Buffalo Bills)'));
      expect(tile('KC Chiefs (Kansas City Chiefs)')).toHaveAttribute('aria-pressed', 'true');
      expect(within(dialog()).getByText('Selected:').parentElement).toHaveTextContent('Selected:KCBUF');
      await user.click(button('Next'));

      expect(screen.getByRole('heading', { name: 'Select Your Favorite NBA Teams' })).toBeInTheDocument();
      expect(within(dialog()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
      expect(button('Next')).toBeDisabled();
      await user.click(button('Previous'));
      expect(tile('KC Chiefs (Kansas City Chiefs)')).toHaveAttribute('aria-pressed', 'true'); // kept across steps
      await user.click(button('Next'));
      await user.click(tile('ATL Hawks (Atlanta Hawks)'));
      await user.click(button('Next'));
      expect(screen.getByRole('heading', { name: 'Select Your Favorite MLB Teams' })).toBeInTheDocument();
      await user.click(tile('NYY Yankees (New York Yankees)'));
      await user.click(button('Next'));
      expect(screen.getByRole('heading', { name: 'Select Your Favorite NHL Teams' })).toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
      expect(button('Complete')).toBeEnabled(); // the last step needs no pick
      await user.click(button('Complete'));

      expect(stored(STORAGE_KEYS.favoriteTeams)).toEqual({
        nfl: ['KC', 'BUF'],
        nba: ['ATL'],
        mlb: ['NYY'],
        nhl: [],
      });
      expect(stored(STORAGE_KEYS.teamQuestionnaireCompleted)).toBe(true);

      // The tech questionnaire follows at once.
      expect(
        screen.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
      ).toBeInTheDocument();
      await user.click(tile('TS TypeScript'));
      await user.click(button('Next'));
      expect(
        screen.getByRole('heading', { name: 'Select Your Favorite Tech Stacks & Frameworks' }),
      ).toBeInTheDocument();
      await user.click(tile('REACT React'));
      await user.click(button('Next'));
      expect(
        screen.getByRole('heading', { name: 'Select Your Favorite Industries & Verticals' }),
      ).toBeInTheDocument();
      await user.click(tile('FINTECH Fintech'));
      await user.click(button('Next'));
      expect(
        screen.getByRole('heading', { name: 'Select Your Favorite Companies & AI Startups' }),
      ).toBeInTheDocument();
      await user.click(button('Complete'));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(stored(STORAGE_KEYS.favoriteTech)).toEqual({
        languages: ['TS'],
        stacks: ['REACT'],
        industries: ['FINTECH'],
        companies: [],
      });
      expect(stored(STORAGE_KEYS.techQuestionnaireCompleted)).toBe(true);

      expect(screen.getByRole('button', { name: 'KC (Kansas City Chiefs)' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'ATL (Atlanta Hawks)' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'TS (TypeScript)' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'FINTECH' })).toBeInTheDocument();
    },
  );

  it("'Skip for now' saves the picks so far and marks the questionnaire done", async () => {
    const { user } = renderDashboard();
    await user.click(tile('KC Chiefs (Kansas City Chiefs)'));
    await user.click(button('Skip for now'));
    expect(stored(STORAGE_KEYS.favoriteTeams)).toEqual({ nfl: ['KC'], nba: [], mlb: [], nhl: [] });
    expect(stored(STORAGE_KEYS.teamQuestionnaireCompleted)).toBe(true);
    expect(
      screen.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
    ).toBeInTheDocument();
    await user.click(button('Skip for now'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored(STORAGE_KEYS.techQuestionnaireCompleted)).toBe(true);
    expect(screen.getByText('No tech interests selected')).toBeInTheDocument();
  });

  it('names each tile by the words it shows first, then the full name they shorten', async () => {
    const { user } = renderDashboard();
    expect(tile('KC Chiefs (Kansas City Chiefs)')).toBeInTheDocument();
    await user.click(button('Skip for now'));

    // A one-word name needs no repeating; the line under it is the tile's description.
    const typescript = tile('TS TypeScript');
    expect(typescript).toHaveAccessibleDescription('Typed JavaScript');
    await user.click(typescript);
    await user.click(button('Next'));
    await user.click(tile('REACT React'));
    await user.click(button('Next'));
    expect(tile('HEALTH Tech (Healthcare Tech)')).toHaveAccessibleDescription('Medical technology');
  });

  it('closing (X or Escape) saves nothing and does not open the tech picker', async () => {
    const { user } = renderDashboard();
    await user.click(tile('KC Chiefs (Kansas City Chiefs)'));
    await user.click(button('Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTeams)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.teamQuestionnaireCompleted)).toBeNull();
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select Teams' }));
    expect(tile('KC Chiefs (Kansas City Chiefs)')).toHaveAttribute('aria-pressed', 'false'); // starts over
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the tech picker on load when only the team questionnaire is done', () => {
    localStorage.setItem(STORAGE_KEYS.teamQuestionnaireCompleted, 'true');
    renderDashboard();
    expect(
      screen.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
    ).toBeInTheDocument();
  });

  it('opens nothing once both are done', () => {
    storeFavourites({ nfl: ['KC'] }, { languages: ['TS'] });
    renderDashboard();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('favourite strips', () => {
  it('shows the empty states with their buttons', async () => {
    storeFavourites({}, {});
    const { user } = renderDashboard();
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();
    expect(screen.getByText('Choose your favorite teams to get personalized content')).toBeInTheDocument();
    expect(screen.getByText('No tech interests selected')).toBeInTheDocument();
    expect(screen.getByText('Choose your tech interests to get personalized content')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Tech Interests' }));
    expect(
      screen.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
    ).toBeInTheDocument();
  });

  it('fills the search from a chip and removes a chip at once', async () => {
    storeFavourites({ nfl: ['KC'], nhl: ['TOR'] }, { languages: ['TS'], companies: ['HF'] });
    const { user, onTeamSearch, onTechSearch } = renderDashboard();
    expect(screen.getByRole('heading', { name: 'Your Favorite Teams' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Tech Interests' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'KC (Kansas City Chiefs)' }));
    expect(onTeamSearch).toHaveBeenCalledWith('Kansas City Chiefs NFL news articles latest updates');
    await user.click(screen.getByRole('button', { name: 'HF (Hugging Face)' }));
    expect(onTechSearch).toHaveBeenCalledWith('Hugging Face Companies news articles latest updates');

    await user.click(screen.getByRole('button', { name: 'Remove Kansas City Chiefs' }));
    expect(screen.queryByRole('button', { name: 'KC (Kansas City Chiefs)' })).not.toBeInTheDocument();
    expect(stored(STORAGE_KEYS.favoriteTeams)).toEqual({ nfl: [], nba: [], mlb: [], nhl: ['TOR'] });
    await user.click(screen.getByRole('button', { name: 'Remove TypeScript' }));
    expect(stored(STORAGE_KEYS.favoriteTech)).toEqual({
      languages: [],
      stacks: [],
      industries: [],
      companies: ['HF'],
    });
  });

  it('reaches the remove button from the keyboard', async () => {
    storeFavourites({ nfl: ['KC'] }, {});
    const { user } = renderDashboard();
    screen.getByRole('button', { name: 'KC (Kansas City Chiefs)' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Kansas City Chiefs' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();
  });

  it('Edit reopens a picker with the saved favourites selected', async () => {
    storeFavourites({ nfl: ['KC'] }, { stacks: ['REACT'] });
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Edit Teams' }));
    expect(tile('KC Chiefs (Kansas City Chiefs)')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Next')).toBeEnabled();
    await user.click(button('Close'));
    await user.click(screen.getByRole('button', { name: 'Edit Interests' }));
    expect(
      screen.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
    ).toBeInTheDocument();
  });

  it('Reset clears the favourites and the completed flag', async () => {
    storeFavourites({ nfl: ['KC'] }, { languages: ['TS'] });
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Reset favorite teams' }));
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTeams)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.teamQuestionnaireCompleted)).toBeNull();
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset tech interests' }));
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTech)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.techQuestionnaireCompleted)).toBeNull();
  });

  it('follows changes made in another tab', () => {
    storeFavourites({ nfl: ['KC'] }, {});
    renderDashboard();
    const otherTab = (key: string, value: unknown) => {
      const newValue = value === null ? null : JSON.stringify(value);
      if (newValue === null) localStorage.removeItem(key);
      else localStorage.setItem(key, newValue);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
      });
    };
    otherTab(STORAGE_KEYS.favoriteTeams, { nfl: ['KC'], nba: ['LAL'] });
    expect(screen.getByRole('button', { name: 'LAL (Los Angeles Lakers)' })).toBeInTheDocument();
    otherTab(STORAGE_KEYS.favoriteTech, { stacks: ['NEXT'] });
    expect(screen.getByRole('button', { name: 'NEXT (Next.js)' })).toBeInTheDocument();
    otherTab(STORAGE_KEYS.favoriteTeams, 'garbage'); // an unreadable value is ignored, not shown
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();
    otherTab(STORAGE_KEYS.favoriteTeams, null);
    expect(screen.getByText('No favorite teams selected')).toBeInTheDocument();
  });

  it('shows the short name on the team colour when a logo fails to load', () => {
    storeFavourites({ nfl: ['KC'] }, {});
    renderDashboard();
    const chip = screen.getByRole('button', { name: 'KC (Kansas City Chiefs)' });
    const logo = chip.querySelector('img')!;
    fireEvent.error(logo);
    expect(chip.querySelector('img')).toBeNull();
    expect(within(chip).getByTestId('logo-fallback')).toHaveStyle({ backgroundColor: '#E31837' });
  });
});
