import { expect, test, type Page } from '@playwright/test';
import { reloadPaused, reuseSignIn } from './helpers';

/** An AI team picks 1.5 s after the turn passes to it. */
const AI_PICK_DELAY_MS = 1500;
const TEAMS = [
  'My Team',
  'Tech Titans',
  'Startup Squad',
  'Venture Vikings',
  'Code Cowboys',
  'AI Avengers',
  'Data Dynamos',
  'Silicon Sharks',
  'Byte Brigade',
  'Innovation Inc',
];

/** The draft board's cell of pick n (round by team). */
const boardCell = (page: Page, pick: number) => page.locator(`td[data-pick="${pick}"]`);
const picksMade = (page: Page, count: number) =>
  expect(page.getByText(`${count} of 80 picks made`)).toBeVisible();
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const yourTurn = (page: Page) => page.getByText('Your Turn to Draft!', { exact: true });

/** The user drafts the first startup listed and gets its name back. */
async function draftFirstListed(page: Page): Promise<string> {
  const button = page
    .getByRole('list', { name: 'Available startups' })
    .getByRole('button', { name: /^Draft / })
    .first();
  const label = (await button.getAttribute('aria-label'))!;
  await button.click();
  return label.replace(/^Draft /, '');
}

/**
 * Lets the AI teams pick until `until` picks are made, moving the page's fake clock one AI delay at
 * a time (no real waiting): after each step exactly one more pick is on the board.
 */
async function runAiPicks(page: Page, from: number, until: number) {
  for (let made = from; made < until; made += 1) {
    await expect(boardCell(page, made + 1)).toContainText('On the clock');
    await page.clock.runFor(AI_PICK_DELAY_MS);
    await picksMade(page, made + 1);
  }
}

test.describe('Fantasy Startup League', () => {
  test('drafts a full league against nine AI teams, survives a reload, and resets', async ({ page }) => {
    test.setTimeout(120_000);
    // Fake timers from the first page on; the clock is paused once the page is up, so AI picks
    // happen only when the test moves time on.
    await page.clock.install();
    await reuseSignIn(page);
    await page.goto('/fantasy');
    // The page's code loads on demand, and React reveals it on a timer: pause once it shows (the
    // draft, and so the AI clock, starts only with Start Draft).
    await expect(page.getByRole('heading', { name: 'Fantasy Startup League' })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await expect(page.getByText('YC Winter 2025 Batch')).toBeVisible();
    await expect(page.getByText('Round 1/8')).toBeVisible();
    await expect(tab(page, 'League Home')).toHaveAttribute('aria-selected', 'true');

    // Start the draft: it is the user's turn first.
    await tab(page, 'Draft Room').click();
    await page.getByRole('button', { name: 'Start Draft' }).click();
    await expect(yourTurn(page)).toBeVisible();
    await picksMade(page, 0);

    // Search (name or description, any case) and the empty state.
    const search = page.getByLabel('Search startups');
    await search.fill('ZZZ no such startup');
    await expect(page.getByText('No Companies Found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or filters')).toBeVisible();
    await search.fill('CAR WASHES');
    await expect(page.getByRole('list', { name: 'Available startups' }).getByRole('listitem')).toHaveCount(1);
    await search.fill('');
    await expect(page.getByRole('list', { name: 'Available startups' }).getByRole('listitem')).toHaveCount(
      20,
    );

    // The user's pick, then nine AI picks, each one AI delay after the last.
    const mine = [await draftFirstListed(page)];
    await picksMade(page, 1);
    await expect(boardCell(page, 1)).toContainText(mine[0]!);
    await expect(yourTurn(page)).toBeHidden();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Tech Titans is picking');
    await page.clock.runFor(AI_PICK_DELAY_MS - 100);
    await picksMade(page, 1); // not yet
    await page.clock.runFor(100);
    await picksMade(page, 2);
    await runAiPicks(page, 2, 10);
    await expect(yourTurn(page)).toBeVisible();
    await expect(page.getByText('Round 2/8')).toBeVisible();

    // League Home: the last 8 picks, newest first, and the order from the pick on the clock.
    await tab(page, 'League Home').click();
    const activity = page.getByRole('list', { name: 'Recent draft activity' }).getByRole('listitem');
    await expect(activity).toHaveCount(8);
    await expect(activity.first()).toContainText('Innovation Inc drafted');
    await expect(activity.last()).toContainText('Startup Squad drafted');
    await expect(page.getByRole('list', { name: 'Draft order' }).getByRole('listitem').first()).toContainText(
      'My Team',
    );

    // Round 2: the user picks, three AI teams follow, then a reload in the middle of the draft.
    await tab(page, 'Draft Room').click();
    mine.push(await draftFirstListed(page));
    await runAiPicks(page, 11, 14);
    await reloadPaused(page, tab(page, 'Draft Room'));
    // The paused fake clock carries over the reload: the AI team on the clock waits for the test.
    await tab(page, 'Draft Room').click();
    await picksMade(page, 14);
    await expect(page.getByText('Round 2/8')).toBeVisible();
    await expect(boardCell(page, 11)).toContainText(mine[1]!);
    // The draft carries on where it was: Code Cowboys are on the clock.
    await runAiPicks(page, 14, 20);

    // The remaining rounds.
    for (let round = 3; round <= 8; round += 1) {
      await expect(yourTurn(page)).toBeVisible();
      await expect(page.getByText(`Round ${round}/8`)).toBeVisible();
      mine.push(await draftFirstListed(page));
      await runAiPicks(page, (round - 1) * 10 + 1, round * 10);
    }

    await expect(page.getByText('Draft Complete!')).toBeVisible();
    await expect(yourTurn(page)).toBeHidden();
    await expect(page.getByText('Round 8/8')).toBeVisible();
    // Nothing more happens once complete.
    await page.clock.runFor(10 * AI_PICK_DELAY_MS);
    await picksMade(page, 80);

    // Every team has 8 startups, 80 distinct in all.
    await tab(page, 'Review Teams').click();
    const drafted: string[] = [];
    for (const team of TEAMS) {
      const companies = page.getByRole('list', { name: `${team} companies` }).getByRole('link');
      await expect(companies).toHaveCount(8);
      drafted.push(...(await companies.allInnerTexts()));
    }
    expect(drafted).toHaveLength(80);
    expect(new Set(drafted).size).toBe(80);

    // My Team holds the user's eight picks with points and changes.
    await tab(page, 'My Team').click();
    const myList = page.getByRole('list', { name: 'My companies' });
    await expect(myList.getByRole('listitem')).toHaveCount(8);
    for (const name of mine) {
      await expect(
        myList.getByRole('link', { name: `${name} (opens in a new tab)`, exact: true }),
      ).toBeVisible();
    }

    // Leaderboard: ten teams, medal colours for the top three.
    await tab(page, 'Leaderboard').click();
    const rows = page.getByRole('list', { name: 'Leaderboard' }).getByRole('listitem');
    await expect(rows).toHaveCount(10);
    await expect(page.locator('[data-medal]')).toHaveCount(3);

    // A complete league reopens on My Team.
    await reloadPaused(page, tab(page, 'Draft Room'));
    await expect(page.getByText('Draft Complete!')).toBeVisible();
    await expect(tab(page, 'My Team')).toHaveAttribute('aria-selected', 'true');

    // Reset League: fresh teams, a draft not started, nothing saved.
    await tab(page, 'Draft Room').click();
    await page.getByRole('button', { name: 'Reset League' }).click();
    await page
      .getByRole('dialog', { name: 'Reset the league?' })
      .getByRole('button', { name: 'Reset League' })
      .click();
    await expect(page.getByText('Draft Complete!')).toBeHidden();
    await expect(page.getByText('Round 1/8')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Draft' })).toBeVisible();
    await picksMade(page, 0);
    expect(await page.evaluate(() => localStorage.getItem('fantasyLeague'))).toBeNull();
  });

  test('tabs work from the keyboard', async ({ page }) => {
    await reuseSignIn(page);
    await page.goto('/fantasy');
    await tab(page, 'League Home').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Draft Room')).toBeFocused();
    await expect(tab(page, 'Draft Room')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Start Draft' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(tab(page, 'Leaderboard')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'League Home')).toBeFocused();
  });
});
