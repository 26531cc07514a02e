import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Gamecast } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { DEFAULT_GAME_DAY_SETTINGS, gameDaySettingsAtom } from '@client/lib/game-day-settings';
import {
  FREE_THROW,
  FREE_THROW_CHANGE,
  NBA_GAME,
  NBA_GAMECAST,
  NHL_GAME,
  NHL_GAMECAST,
  TIE_SHOT,
} from './test-data';

const socket = await vi.hoisted(async () => (await import('./socket-double')).createSocketDouble());
vi.mock('@client/lib/socket', async () => {
  const { socketRequest, SocketRequestError } = await import('@shared/socket-request');
  return {
    getSocket: () => socket,
    request: (event: never, payload: never) => socketRequest(socket, event, payload, 8000),
    SocketRequestError,
  };
});

const { GameDialog } = await import('../game-dialog');
const { GameCard } = await import('../game-card');

// The Gamecast's code, which the dialog loads lazily, is compiled once before the tests time anything.
beforeAll(() => import('./gamecast-panel'), 30_000);
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => socket.reset());
afterEach(() => cleanup());

/** The dialog as the sports page gives it: Hide scores per game, Reveal score showing that one. */
function Page({ game, hideScores }: { game: Game; hideScores: boolean }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <GameDialog
      game={game}
      open
      onClose={() => {}}
      onRefresh={async () => null}
      scoreHidden={hideScores && !revealed}
      onReveal={() => setRevealed(true)}
    />
  );
}

async function openDialog(game: Game, { hideScores = false } = {}) {
  const store = createStore();
  store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, hideScores });
  render(
    <Provider store={store}>
      <Page game={game} hideScores={hideScores} />
    </Provider>,
  );
  return screen.getByRole('dialog', { name: `${game.awayTeam} vs ${game.homeTeam}` });
}

/** The server answers the dialog's watch. */
async function answerWatch(gamecast: Gamecast | null) {
  await vi.waitFor(() => expect(socket.watches).toHaveLength(1), { timeout: 5000 });
  await act(async () => socket.watches[0]!.answer(gamecast));
}

const section = (dialog: HTMLElement, name: string) => within(dialog).getByRole('region', { name });

// Big tables in jsdom: generous time on a busy machine.
describe('the Gamecast in the game dialog', { timeout: 20_000 }, () => {
  it('shows a loading state until the first answer, then the scoring plays newest first, and every play on request', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(NBA_GAME);
    // The loading state shows while the panel's code loads and again inside the panel, in two
    // different nodes: each look queries afresh (a node found once may be the one just replaced).
    await vi.waitFor(() => expect(within(dialog).getByText('Loading the Gamecast...')).toBeInTheDocument(), {
      timeout: 5000,
    });
    await answerWatch({ ...NBA_GAMECAST, scoringPlays: [FREE_THROW, TIE_SHOT] });
    expect(within(dialog).queryByText('Loading the Gamecast...')).not.toBeInTheDocument();

    const plays = within(section(dialog, 'Scoring plays')).getAllByRole('listitem');
    expect(plays.map((item) => item.textContent)).toEqual([
      '4th Quarter · 0.1INDScore after: BOS 131 – , IND 132Bennedict Mathurin makes free throw 1 of 3',
      '4th Quarter · 43.1INDScore after: BOS 131 – , IND 131T.J. McConnell makes 3-foot two point shot',
    ]);
    const toggle = within(dialog).getByRole('button', { name: 'Show all plays' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('heading', { name: 'All plays' })).toBeInTheDocument();
    expect(within(section(dialog, 'All plays')).getAllByRole('listitem')[0]).toHaveTextContent(
      'Jayson Tatum misses 26-foot three point jumper',
    );
  });

  it('shows the box score: team statistics side by side, and each team’s players with ESPN’s columns, starters first', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(NBA_GAME);
    await answerWatch(NBA_GAMECAST);
    const teamStats = within(dialog).getByRole('table', { name: 'Team statistics' });
    expect(
      within(teamStats)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['BOS', 'Statistic', 'IND']);
    const fieldGoals = within(teamStats).getByRole('rowheader', { name: 'Field Goal %' }).closest('tr')!;
    expect([...fieldGoals.cells].map((cell) => cell.textContent)).toEqual(['52.2', 'Field Goal %', '53.2']);

    const celtics = within(dialog).getByRole('table', { name: 'Boston Celtics' });
    expect(
      within(celtics)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Player', ...NBA_GAMECAST.playerTables[0]!.labels]);
    expect(
      within(celtics)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Starters', 'Al Horford C', 'Kristaps Porzingis C', 'Bench', 'Sam Hauser F']);
    const porzingis = within(celtics).getByRole('rowheader', { name: 'Kristaps Porzingis C' }).closest('tr')!;
    expect(porzingis.cells[14]).toHaveTextContent('19');
    expect(within(dialog).queryByRole('table', { name: 'Indiana Pacers' })).not.toBeInTheDocument();

    const pacers = within(dialog).getByRole('button', { name: 'Indiana Pacers' });
    expect(pacers).toHaveAttribute('aria-pressed', 'false');
    await user.click(pacers);
    expect(pacers).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('table', { name: 'Indiana Pacers' })).toHaveTextContent(
      'Tyrese Haliburton',
    );
    expect(within(dialog).queryByRole('table', { name: 'Boston Celtics' })).not.toBeInTheDocument();
  });

  it('shows each team’s leaders, and the win-probability chart with its table one keypress away', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(NBA_GAME);
    await answerWatch(NBA_GAMECAST);
    const leaders = section(dialog, 'Leaders');
    expect(within(leaders).getByRole('heading', { name: 'Boston Celtics' }).parentElement).toHaveTextContent(
      'PointsJayson Tatum38',
    );
    expect(within(leaders).getByRole('heading', { name: 'Indiana Pacers' }).parentElement).toHaveTextContent(
      'PointsTyrese Haliburton26AssistsTyrese Haliburton13',
    );

    const chart = section(dialog, 'Win probability');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      "IND's chance of winning over the game, 57% now",
    );
    expect(within(chart).getByRole('img').querySelector('polyline')).toHaveAttribute(
      'points',
      '0.00,61.80 33.33,68.50 66.67,55.10 100.00,42.70',
    );
    const disclosure = within(chart).getByRole('button', { name: 'Show win probability table' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(within(chart).queryByRole('table')).not.toBeInTheDocument();
    disclosure.focus();
    await user.keyboard('{Enter}');
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PeriodClockINDBOS',
      '1st Quarter11:4038%62%',
      '2nd Quarter11:4832%69%',
      '3rd Quarter11:4545%55%',
      '4th Quarter43.157%43%',
    ]);
  });

  it('brings a scoring play pushed while the dialog is open into the timeline, the box score and the chart', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(NBA_GAME);
    await answerWatch(NBA_GAMECAST);
    act(() => socket.fire('gamecast:changed', FREE_THROW_CHANGE));
    expect(within(section(dialog, 'Scoring plays')).getAllByRole('listitem')[0]).toHaveTextContent(
      FREE_THROW.text,
    );
    expect(within(dialog).getByRole('rowheader', { name: 'FT' })).toBeInTheDocument();
    const chart = section(dialog, 'Win probability');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      "IND's chance of winning over the game, 96% now",
    );
    await user.click(within(chart).getByRole('button', { name: 'Show win probability table' }));
    expect(within(within(chart).getByRole('table')).getAllByRole('row').at(-1)).toHaveTextContent(
      '4th Quarter0.196%4%',
    );
  });

  it('leaves the chart out for the NHL, which has none, and shows the power play', async () => {
    const dialog = await openDialog(NHL_GAME);
    await answerWatch(NHL_GAMECAST);
    expect(section(dialog, 'Scoring plays')).toHaveTextContent('Sam Reinhart Goal (7)');
    expect(within(dialog).queryByRole('heading', { name: 'Win probability' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: /chance of winning/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Leaders' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show all plays' })).not.toBeInTheDocument();
    const situation = await within(dialog).findByRole('region', { name: 'Situation' });
    expect(situation).toHaveTextContent('Power Play - FLA');
    expect(situation).toHaveTextContent('Last play: Goal by Sam Reinhart');
  });

  it('shows no Gamecast section for a game without a summary (the text source)', async () => {
    const dialog = await openDialog({ ...NBA_GAME, situation: null, watch: null });
    await answerWatch(null);
    for (const name of ['Scoring plays', 'All plays', 'Box score', 'Leaders', 'Win probability']) {
      expect(within(dialog).queryByRole('heading', { name })).not.toBeInTheDocument();
    }
    expect(within(dialog).queryByText('Loading the Gamecast...')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Situation' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('home-score')).toHaveTextContent('131');
  });
});

describe('the situation strip', () => {
  const nfl: Game = {
    ...NBA_GAME,
    league: 'NFL',
    awayTeam: 'Green Bay Packers',
    homeTeam: 'Atlanta Falcons',
    situation: {
      ...NBA_GAME.situation!,
      downDistance: '3rd & 4 at GB 12',
      possession: 'home',
      isRedZone: true,
      lastPlay: 'D.Mills pass short right to D.London to GB 12 for 9 yards',
    },
  };

  it('gives NFL down and distance, the ball and the red zone', async () => {
    const dialog = await openDialog(nfl);
    const situation = await within(dialog).findByRole('region', { name: 'Situation' });
    expect(situation).toHaveTextContent('3rd & 4 at GB 12');
    expect(situation).toHaveTextContent('Possession: ATL ball');
    expect(within(situation).getByText('Red zone')).toBeVisible();
  });

  it('gives MLB the count, the outs and the runners in a diamond with a text alternative', async () => {
    const mlb: Game = {
      ...NBA_GAME,
      league: 'MLB',
      awayTeam: 'Cleveland Guardians',
      homeTeam: 'Pittsburgh Pirates',
      situation: {
        ...NBA_GAME.situation!,
        balls: 2,
        strikes: 1,
        outs: 2,
        onFirst: true,
        onThird: true,
        lastPlay: null,
      },
    };
    const dialog = await openDialog(mlb);
    const situation = await within(dialog).findByRole('region', { name: 'Situation' });
    expect(situation).toHaveTextContent('Balls2Strikes1Outs2');
    expect(within(situation).getByRole('img', { name: 'Runners on first and third' })).toBeInTheDocument();
    expect(situation).not.toHaveTextContent('Last play');
  });
});

describe('with Hide scores', { timeout: 20_000 }, () => {
  it('keeps plays, box score, leaders, chart and the last play out of the page until Reveal score shows them all', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(NBA_GAME, { hideScores: true });
    await answerWatch(NBA_GAMECAST);
    expect(
      await within(dialog).findByText(/Plays, box score and win probability are hidden with the score/),
    ).toBeInTheDocument();
    // The worth-watching label tells no score, so it stays, with its reason in words.
    expect(within(dialog).getByText('Close game')).toBeInTheDocument();
    expect(within(dialog).getByText(NBA_GAME.watch!.reason)).toBeVisible();
    // The NBA's strip has the last play alone, which could tell the score: it is left out.
    expect(within(dialog).queryByRole('region', { name: 'Situation' })).not.toBeInTheDocument();
    const spoilers = ['McConnell', 'Horford', 'Haliburton', 'Tatum', 'Field Goal %', '57%', '131'];
    for (const spoiler of spoilers) expect(document.body.textContent).not.toContain(spoiler);
    for (const name of ['Scoring plays', 'Box score', 'Leaders', 'Win probability']) {
      expect(within(dialog).queryByRole('heading', { name })).not.toBeInTheDocument();
    }
    // A play pushed meanwhile stays hidden too.
    act(() => socket.fire('gamecast:changed', FREE_THROW_CHANGE));
    expect(document.body.textContent).not.toContain('Mathurin');

    await user.click(within(dialog).getByRole('button', { name: 'Reveal score' }));
    expect(within(section(dialog, 'Scoring plays')).getAllByRole('listitem')[0]).toHaveTextContent(
      FREE_THROW.text,
    );
    for (const name of ['Box score', 'Leaders', 'Win probability']) {
      expect(within(dialog).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(await within(dialog).findByRole('region', { name: 'Situation' })).toHaveTextContent(
      'Last play: T.J. McConnell makes 3-foot two point shot',
    );
  });
});

describe('the worth-watching label on a game card', () => {
  it('shows with Hide scores on, its reason the card’s accessible description', () => {
    render(<GameCard game={NBA_GAME} onClick={() => {}} scoreHidden />);
    const card = screen.getByRole('button', { name: /Boston Celtics/ });
    expect(within(card).getByText('Close game')).toBeVisible();
    expect(card).toHaveAccessibleDescription(NBA_GAME.watch!.reason);
    expect(card).not.toHaveTextContent('131');
  });
});
