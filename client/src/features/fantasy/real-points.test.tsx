import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyPoints, FantasyPointsResponse } from '@shared/schemas/fantasy';
import { COMPANIES } from './catalogue';
import { aiPick, createLeague, isUserTurn, startDraft, userPick, type League } from './engine';
import { MyTeam } from './league-views';
import { seededRandom } from './random';

const nox = COMPANIES.find((company) => company.link === '/companies/nox-metals')!;
const blue = COMPANIES.find((company) => company.link === '/companies/blue')!;

/** A league where My Team drafted Nox Metals then Blue (the AI teams pick in between). */
function leagueWithMyTeam(): League {
  const random = seededRandom(7);
  let league = startDraft(createLeague(COMPANIES, random));
  league = userPick(league, nox.link);
  while (!isUserTurn(league)) league = aiPick(league, random);
  if (!league.draft.availableCompanies.some((company) => company.link === blue.link))
    throw new Error('Blue was taken by an AI team');
  return userPick(league, blue.link);
}

const WHY: CompanyPoints = {
  companyId: 'nox-metals',
  week: '2026-11-23',
  points: 72,
  breakdown: {
    news: {
      count: 2,
      inTitle: 1,
      points: 14,
      stories: [
        { title: 'Nox Metals opens a second factory', url: 'https://news.example/1' },
        { title: 'Factories are back', url: 'https://news.example/2' },
      ],
    },
    hackerNews: {
      count: 2,
      points: 25,
      storyPoints: 150,
      stories: [{ title: 'Show HN: Nox Metals', url: 'https://noxmetals.example' }],
    },
    github: null,
  },
  updatedAt: '2026-11-27T12:00:00.000Z',
};

function serve(points: FantasyPointsResponse | null) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (!points)
      return json(401, { error: { code: 'unauthenticated', message: 'You need to sign in first.' } });
    if (path === '/api/fantasy/points') return json(200, points);
    if (path === '/api/fantasy/points/nox-metals') return json(200, WHY);
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'My companies' }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name))!;

describe('My Team with real points', () => {
  it("shows a company's real points this week where they exist, says so, and tells why on demand", async () => {
    const league = leagueWithMyTeam();
    serve({ week: '2026-11-23', updatedAt: '2026-11-27T12:00:00.000Z', points: { 'nox-metals': 72 } });
    render(<MyTeam league={league} />);

    const noxRow = row('Nox Metals');
    expect(await within(noxRow).findByText('Real points this week')).toBeInTheDocument();
    expect(within(noxRow).getByText('72')).toBeInTheDocument();
    // Blue has no real points: its placeholder, as the specification has it.
    const blueRow = row('Blue');
    expect(within(blueRow).queryByText('Real points this week')).toBeNull();
    expect(within(blueRow).getByText(String(league.stats[blue.link]!.points))).toBeInTheDocument();
    expect(within(blueRow).getByText('points')).toBeInTheDocument();
    expect(
      screen.getByText(/Real points this week come from the news, Hacker News and GitHub/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(String(72 + league.stats[blue.link]!.points), { selector: 'span' }),
    ).toBeInTheDocument();

    const why = within(noxRow).getByRole('button', { name: /Why these points\?/ });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    const details = await within(noxRow).findByRole('list', { name: 'Why these points' });
    expect(details).toHaveTextContent('News: 2 stories in the news index this week (14 points)');
    expect(details).toHaveTextContent('Hacker News: 2 stories this week with 150 points there (25 points)');
    expect(details).toHaveTextContent('GitHub: no open-source organisation counted');
    expect(within(details).getByRole('link', { name: 'Nox Metals opens a second factory' })).toHaveAttribute(
      'href',
      'https://news.example/1',
    );
  });

  it('shows the placeholders alone when the server has no points to give', async () => {
    const league = leagueWithMyTeam();
    const fetch = serve(null);
    render(<MyTeam league={league} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/fantasy/points', expect.anything()));
    // The refusal has arrived and been handled.
    await act(async () => {
      await fetch.mock.results[0]!.value;
    });
    for (const company of [nox, blue]) {
      const item = row(company.name);
      expect(within(item).getByText(String(league.stats[company.link]!.points))).toBeInTheDocument();
      expect(within(item).getByText('points')).toBeInTheDocument();
    }
    expect(screen.queryByText('Real points this week')).toBeNull();
    expect(screen.queryByRole('button', { name: /Why these points/ })).toBeNull();
    expect(screen.queryByText(/Real points this week come from/)).toBeNull();
  });
});
