import { expect, test, type Page } from '@playwright/test';
import { LABEL_CONTENT_NAME_MISMATCH, axeViolations } from './axe';
import { reuseSignIn } from './helpers';

/**
 * The Sports page's Standings view against the fake ESPN (real NFL and NBA standings; MLB and NHL
 * built in the same shape): tables in league order with the fan's favourites starred, reachable by
 * keyboard, axe-clean in both themes on a phone and a wide screen. Screenshots go to /tmp/shots/.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

const SHOTS = process.env.STANDINGS_SHOTS_DIR ?? '/tmp/shots';

async function openStandings(page: Page, theme: 'light' | 'dark') {
  await page.context().addInitScript((stored) => {
    localStorage.setItem('theme', stored);
    localStorage.setItem('favoriteTeams', JSON.stringify({ nfl: ['KC'], nba: [], mlb: ['NYY'], nhl: [] }));
  }, theme);
  // Loopback only: remote logo hosts are refused, as when offline.
  await page.context().route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  await reuseSignIn(page, { from: '/sports', login: `standings-${theme}` });
  await expect(page).toHaveURL(/\/sports$/);
  const views = page.getByRole('group', { name: 'View' });
  // By keyboard: the switch is a pair of buttons.
  await views.getByRole('button', { name: 'Standings' }).focus();
  await page.keyboard.press('Enter');
  await expect(views.getByRole('button', { name: 'Standings' })).toHaveAttribute('aria-pressed', 'true');
}

const rowNames = (page: Page, table: string) =>
  // As a wide screen shows them (a phone shows the short names).
  page
    .getByRole('table', { name: table })
    .getByRole('rowheader')
    .allInnerTexts()
    .then((names) => names.map((name) => name.replace(/\s+/g, ' ')));

async function expectAccessible(page: Page, what: string) {
  // Colours are measured as painted: let finite transitions end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page, { rules: LABEL_CONTENT_NAME_MISMATCH });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  expect(serious, what).toEqual([]);
}

test('the standings list a conference and a division in order, the favourites starred', async ({ page }) => {
  await openStandings(page, 'light');
  await expect(page.getByRole('heading', { level: 2, name: 'NFL standings' })).toBeVisible();
  // ESPN lists the Chiefs last in the AFC; they are its top seed.
  await expect(page.getByRole('table', { name: 'American Football Conference' })).toBeVisible();
  expect((await rowNames(page, 'American Football Conference')).slice(0, 4)).toEqual([
    'Kansas City Chiefs★ Favourite team',
    'Buffalo Bills',
    'Baltimore Ravens',
    'Houston Texans',
  ]);
  const chiefs = page.getByRole('row', { name: /Kansas City Chiefs/ });
  await expect(chiefs.getByRole('cell')).toHaveText(['1', '15', '2', '0', '.882', 'L1']);

  // MLB by keyboard: its divisions nest in the leagues.
  const picker = page.getByRole('group', { name: 'League' });
  await picker.getByRole('button', { name: 'MLB' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { level: 3, name: 'American League' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: 'American League East' })).toBeVisible();
  expect(await rowNames(page, 'American League East')).toEqual([
    'New York Yankees★ Favourite team',
    'Toronto Blue Jays',
    'Boston Red Sox',
    'Tampa Bay Rays',
    'Baltimore Orioles',
  ]);
  await expect(page.getByRole('row', { name: /Toronto Blue Jays/ }).getByRole('cell')).toHaveText([
    '2',
    '94',
    '68',
    '.580',
    '-',
    'L1',
  ]);
  await expect(page.getByText('★', { exact: false })).toHaveCount(1);

  // Back to the scores: the games are there again.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Scores' }).click();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /^NFL/ })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`the standings are axe-clean and fit a ${width} px screen in the ${theme} theme`, async ({
      page,
    }) => {
      // Two axe runs over long tables, on a machine others share.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await openStandings(page, theme);
      await expect(page.getByRole('table', { name: 'National Football Conference' })).toBeVisible();
      // The page never scrolls sideways; a table wider than the phone scrolls in its own frame.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, `NFL standings, ${theme}, ${width} px`);
      await page.screenshot({
        path: `${SHOTS}/standings-nfl-${theme}-${width}.png`,
        fullPage: width === 390,
      });

      await page.getByRole('group', { name: 'League' }).getByRole('button', { name: 'NHL' }).click();
      await expect(page.getByRole('table', { name: 'Atlantic Division' })).toBeVisible();
      await expectAccessible(page, `NHL standings, ${theme}, ${width} px`);
      await page.screenshot({ path: `${SHOTS}/standings-nhl-${theme}-${width}.png` });
    });
  }
}
