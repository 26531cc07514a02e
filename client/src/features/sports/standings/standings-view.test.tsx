import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Standings } from '@shared/schemas/gamecast';
import { StandingsView } from './standings-view';

const NFL: Standings = {
  league: 'NFL',
  season: '2024',
  columns: ['W', 'L', 'T', 'PCT', 'STRK'],
  groups: [
    {
      name: 'American Football Conference',
      groups: [
        {
          name: 'AFC West',
          teams: [
            { name: 'Kansas City Chiefs', abbreviation: 'KC', values: ['15', '2', '0', '.882', 'L1'] },
            { name: 'Los Angeles Chargers', abbreviation: 'LAC', values: ['11', '6', '0', '.647', 'W3'] },
            { name: 'Denver Broncos', abbreviation: 'DEN', values: ['10', '7', '0', '.588', 'W1'] },
          ],
        },
      ],
    },
  ],
  updatedAt: '2026-11-27T12:00:00.000Z',
};

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
let asked: string[];

beforeEach(() => {
  asked = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const next = answers[input]?.shift() ?? {
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found.' } },
      };
      return new Response(JSON.stringify(next.body), { status: next.status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Standings view', () => {
  it("lists a division's teams in order in a real table, the fan's favourite marked", async () => {
    answers['/api/sports/standings/NFL'] = [{ status: 200, body: NFL }];
    render(
      <StandingsView
        isFavouriteTeam={(league, team) => league === 'nfl' && team === 'Los Angeles Chargers'}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Loading standings...');
    const table = await screen.findByRole('table', { name: 'AFC West' });
    expect(
      screen.getByRole('heading', { level: 3, name: 'American Football Conference' }),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Team', 'W', 'L', 'T', 'PCT', 'STRK']);
    const rows = within(table).getAllByRole('rowheader');
    // The short name is for the eye on a phone; the row is named by the full one.
    expect(rows.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      'KC',
      'LAC',
      'DEN',
    ]);
    expect(rows[0]).toHaveAccessibleName('Kansas City Chiefs');
    expect(rows[1]).toHaveAccessibleName(/^Los Angeles Chargers\s*★\s*Favourite team$/);
    expect(rows[2]).toHaveAccessibleName('Denver Broncos');
    expect(screen.getAllByText('Favourite team', { selector: '.sr-only' })).toHaveLength(1);
    expect(screen.getByText(/2024 season/)).toBeInTheDocument();
  });

  it('shows an error with Try again, which reads the league again', async () => {
    answers['/api/sports/standings/NFL'] = [
      {
        status: 502,
        body: {
          error: { code: 'upstream_failed', message: 'The standings could not be read. Please try again.' },
        },
      },
      { status: 200, body: NFL },
    ];
    render(<StandingsView />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading standings');
    expect(alert).toHaveTextContent('The standings could not be read. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'AFC West' })).toBeInTheDocument();
    expect(asked).toEqual(['/api/sports/standings/NFL', '/api/sports/standings/NFL']);
  });

  it('switches league with the picker and keeps a league read once', async () => {
    answers['/api/sports/standings/NFL'] = [{ status: 200, body: NFL }];
    answers['/api/sports/standings/NHL'] = [
      {
        status: 503,
        body: {
          error: {
            code: 'not_configured',
            message: 'Standings are not available with this scoreboard source.',
          },
        },
      },
    ];
    render(<StandingsView />);
    await screen.findByRole('table', { name: 'AFC West' });
    const picker = screen.getByRole('group', { name: 'League' });
    await userEvent.click(within(picker).getByRole('button', { name: 'NHL' }));
    expect(within(picker).getByRole('button', { name: 'NHL' })).toHaveAttribute('aria-pressed', 'true');
    // Nothing to retry when the scoreboard source has no standings.
    expect(
      await screen.findByText('Standings are not available with this scoreboard source.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'NFL' }));
    expect(screen.getByRole('table', { name: 'AFC West' })).toBeInTheDocument();
    expect(asked).toEqual(['/api/sports/standings/NFL', '/api/sports/standings/NHL']);
  });
});
