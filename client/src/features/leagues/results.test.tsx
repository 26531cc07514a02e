import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_TEAM_NAMES } from '@shared/fantasy/ai-picks';
import type { League, LeagueSeat } from '@shared/schemas/leagues';
import { Results, TeamPage } from './results';

afterEach(cleanup);

const seats: LeagueSeat[] = [
  { seat: 0, kind: 'person', login: 'ada', teamName: 'Ada Lovelace' },
  { seat: 1, kind: 'person', login: 'grace', teamName: 'Grace' },
  ...AI_TEAM_NAMES.slice(0, 8).map((teamName, index): LeagueSeat => ({
    seat: index + 2,
    kind: 'ai',
    login: null,
    teamName,
  })),
];

const league: League = {
  id: 'abcdefghijklmnop',
  name: 'Office league',
  commissioner: 'ada',
  inviteCode: 'abcdefghijklmnopqrstuv',
  pickSeconds: 30,
  rounds: 8,
  status: 'complete',
  seats,
  picks: [
    {
      overall: 1,
      round: 1,
      seat: 0,
      companyId: '/companies/nox-metals',
      how: 'pick',
      at: '2026-11-27T13:59:50.000Z',
    },
    {
      overall: 2,
      round: 1,
      seat: 1,
      companyId: '/companies/blue',
      how: 'queue',
      at: '2026-11-27T14:00:20.000Z',
    },
    {
      overall: 3,
      round: 1,
      seat: 2,
      companyId: '/companies/kernel',
      how: 'ai',
      at: '2026-11-27T14:00:22.000Z',
    },
  ],
  clock: null,
  version: 9,
  createdAt: '2026-11-27T13:50:00.000Z',
};

const leaderboardOrder = () =>
  within(screen.getByLabelText('Leaderboard'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('after the draft', () => {
  it("ranks the teams by their companies' real points", () => {
    const points = new Map([
      ['/companies/nox-metals', 12],
      ['/companies/blue', 40],
    ]);
    render(
      <MemoryRouter>
        <Results league={league} points={points} />
      </MemoryRouter>,
    );
    const order = leaderboardOrder();
    expect(order[0]).toBe('#1Grace @grace40 pts');
    expect(order[1]).toBe('#2Ada Lovelace @ada12 pts');
    expect(order[2]).toContain('No points yet');
  });

  it('says when no points are computed yet', () => {
    render(
      <MemoryRouter>
        <Results league={league} points={new Map()} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/points are not computed yet/)).toBeTruthy();
  });

  it("shows a member's team with each company's points and the way to its why", () => {
    render(
      <MemoryRouter>
        <TeamPage league={league} points={new Map([['/companies/blue', 40]])} seatIndex={1} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Grace: 40 pts' })).toBeTruthy();
    expect(screen.getByText('Blue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Why Blue has these points' })).toBeTruthy();
  });
});
