import { expect, test, type Page } from '@playwright/test';
import { FAKE_ESPN_URL } from './env';
import { controlEspn, resetEspnAroundTests, reuseSignIn } from './helpers';

/**
 * The Sports page against the fake ESPN the harness starts (tests/fakes/espn.ts): the server polls it
 * every 2 s while games are live and pushes every change to every tab.
 */

const league = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (page: Page, team: string) => page.getByRole('button', { name: new RegExp(team) }).first();
const espnHost = new URL(FAKE_ESPN_URL).host;

resetEspnAroundTests();

test('the Sports page shows the fake games grouped by league, and caches them', async ({ page }) => {
  await reuseSignIn(page);
  await page.goto('/sports');
  await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
  await expect(page.getByText("Today's games and scores")).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh All' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh API' })).toBeVisible();

  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([/^NFL/, /^NBA/, /^MLB/, /^NHL/]);
  const nfl = league(page, 'NFL');
  await expect(nfl.getByRole('listitem')).toHaveCount(4);
  const final = nfl.getByRole('button', { name: /Detroit Lions/ });
  await expect(final).toContainText('FINAL');
  await expect(final).toContainText('21');
  await expect(final).toContainText('NBC');
  const live = nfl.getByRole('button', { name: /Buffalo Bills/ });
  await expect(live).toContainText('LIVE');
  await expect(live).toContainText('10:17 - 3rd Quarter');
  // A scheduled game: no score, a start time, blue status.
  const upcoming = nfl.getByRole('button', { name: /San Francisco 49ers/ });
  await expect(upcoming).toContainText('UPCOMING');
  await expect(upcoming).not.toContainText(/\b0\b/);
  await expect(upcoming).toContainText(/\d{1,2}:\d\d/);
  await expect(nfl.getByRole('button', { name: /Washington Commanders/ })).toContainText('POSTPONED');
  await expect(league(page, 'NBA').getByRole('button', { name: /Los Angeles Clippers/ })).toContainText(
    'Halftime',
  );
  await expect(league(page, 'NHL').getByRole('button', { name: /New Jersey Devils/ })).toContainText(
    'CANCELLED',
  );

  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('generatedSportsData') ?? 'null'));
  expect(cached.totalGames).toBe(13);
});

test('a corrupt cached scoreboard is removed and the page still loads', async ({ page }) => {
  await reuseSignIn(page);
  await page.evaluate(() => localStorage.setItem('generatedSportsData', '{"leagues": broken'));
  await page.goto('/sports');
  await expect(card(page, 'Detroit Lions')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('generatedSportsData'));
  expect(JSON.parse(stored!).totalGames).toBe(13);
});

test('a score changed at the source appears in two open tabs without reloading', async ({
  page,
  context,
  request,
}) => {
  await reuseSignIn(page);
  const second = await context.newPage();
  await Promise.all([page.goto('/sports'), second.goto('/sports')]);
  for (const tab of [page, second]) await expect(card(tab, 'Buffalo Bills')).toContainText('17');

  let reloads = 0;
  for (const tab of [page, second]) tab.on('load', () => reloads++);
  await controlEspn(request, { score: { id: '401671002', away: 27, home: 13 } });
  for (const tab of [page, second]) {
    await expect(card(tab, 'Buffalo Bills')).toContainText('27');
    await expect(card(tab, 'Buffalo Bills')).toContainText('13');
  }
  expect(reloads).toBe(0);
});

test('the game dialog opens, refreshes in place and shows the advanced stats states', async ({
  page,
  request,
}) => {
  await reuseSignIn(page);
  await page.goto('/sports');
  await card(page, 'Buffalo Bills').click();
  const dialog = page.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Live Game')).toBeVisible();
  await expect(dialog.getByText('Currently in: 10:17 - 3rd Quarter')).toBeVisible();
  await expect(dialog.getByText('CBS, Paramount+')).toBeVisible();
  await expect(dialog.getByTestId('away-score')).toHaveText('17');

  // The refresh button settles after the refresh the opening triggers, then refreshes on demand.
  const refresh = dialog.getByRole('button', { name: 'Refresh game data' });
  await expect(refresh).toBeEnabled();
  await controlEspn(request, { score: { id: '401671002', away: 24, home: 10 } });
  await refresh.click();
  await expect(dialog.getByTestId('away-score')).toHaveText('24');

  // The game page's content, read by the server, behind 'View Advanced Stats'.
  await dialog.getByRole('button', { name: 'View Advanced Stats' }).click();
  const stats = page.getByRole('dialog', { name: 'Advanced Stats' });
  await expect(stats).toBeVisible();
  await expect(stats.getByRole('heading', { name: 'Box Score' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stats).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A game whose page cannot be read: the content error, and no stats.
  await card(page, 'Washington Commanders').click();
  const postponed = page.getByRole('dialog', { name: 'Washington Commanders vs Dallas Cowboys' });
  await expect(postponed.getByText('POSTPONED', { exact: true })).toBeVisible();
  await expect(postponed.getByText('Postponed', { exact: true })).toBeVisible();
  await expect(postponed.getByTestId('away-score')).toHaveText('–');
  await expect(postponed.getByText('Error loading content')).toBeVisible();
  await postponed.getByRole('button', { name: 'View Advanced Stats' }).click();
  const noStats = page.getByRole('dialog', { name: 'Advanced Stats' });
  await expect(noStats.getByText('No stats available')).toBeVisible();
  await expect(noStats.getByText('Advanced statistics are not available for this game')).toBeVisible();
});

test('a source failure shows the error panel and recovers', async ({ page, request }) => {
  await reuseSignIn(page);
  await page.goto('/sports');
  await expect(card(page, 'Detroit Lions')).toBeVisible();

  await controlEspn(request, { fail: { status: 503 } });
  await page.getByRole('button', { name: 'Refresh All' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Error processing sports data' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Failed to fetch sports data from ${espnHost}`);
  // The last scoreboard stays on screen.
  await expect(card(page, 'Detroit Lions')).toBeVisible();

  await controlEspn(request, { fail: null });
  await controlEspn(request, { score: { id: '401687001', away: 3, home: 2 } });
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel).toBeHidden();
  await expect(card(page, 'Montreal Canadiens')).toContainText('3');

  // The scoreboard read failing shows the other panel; 'Try again' reads it again.
  await page.route('**/api/sports/scoreboard', (route) =>
    route.fulfill({
      status: 503,
      json: {
        error: {
          code: 'store_unavailable',
          message: 'The service is temporarily unavailable. Please try again.',
        },
      },
    }),
  );
  await page.getByRole('button', { name: 'Refresh API' }).click();
  const loadPanel = page.getByRole('alert').filter({ hasText: 'Error loading sports data' });
  await expect(loadPanel).toContainText('The service is temporarily unavailable. Please try again.');
  await page.unroute('**/api/sports/scoreboard');
  await loadPanel.getByRole('button', { name: 'Try again' }).click();
  await expect(loadPanel).toBeHidden();
});

test('a day without games shows the empty state', async ({ page, request }) => {
  await reuseSignIn(page);
  await page.goto('/sports');
  await expect(card(page, 'Detroit Lions')).toBeVisible();
  await controlEspn(request, { clear: true });
  await page.getByRole('button', { name: 'Refresh All' }).click();
  await expect(page.getByRole('heading', { name: 'No games today' })).toBeVisible();
  await expect(
    page.getByText('Check back later for upcoming games or use the AI analysis above'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^NFL/ })).toHaveCount(0);
});
