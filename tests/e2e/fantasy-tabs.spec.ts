import { expect, test, type Page } from '@playwright/test';
import { reloadPaused, reuseSignIn } from './helpers';

/** An AI team picks 1.5 s after the turn passes to it. */
const AI_PICK_DELAY_MS = 1500;

const heading = (page: Page) => page.getByRole('heading', { name: 'Fantasy Startup League' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const yourTurn = (page: Page) => page.getByText('Your Turn to Draft!', { exact: true });
/** The draft board's cell of pick n (round by team). */
const boardCell = (page: Page, pick: number) => page.locator(`td[data-pick="${pick}"]`);
const picksMade = (page: Page, count: number) =>
  expect(page.getByText(`${count} of 80 picks made`)).toBeVisible();

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
 * Moves the browser's fake clock (one clock for all its tabs) one AI delay at a time until `until`
 * picks are made, checking in every open tab that each step made exactly one pick: the next pick is
 * on the clock everywhere before the clock moves, and after it moved every tab shows one more.
 */
async function runAiPicks(tabs: Page[], from: number, until: number) {
  for (let made = from; made < until; made += 1) {
    for (const page of tabs) await expect(boardCell(page, made + 1)).toContainText('On the clock');
    await tabs[0]!.clock.runFor(AI_PICK_DELAY_MS);
    for (const page of tabs) await picksMade(page, made + 1);
  }
}

test('two tabs of the fantasy page share one league and one AI clock', async ({ page }) => {
  test.setTimeout(90_000);
  // Fake timers in every tab of this browser; paused, so AI picks happen only when the test moves
  // the clock on.
  await page.clock.install();
  await reuseSignIn(page);
  await page.goto('/fantasy');
  await expect(heading(page)).toBeVisible();
  const first = page;
  const second = await page.context().newPage();
  await second.goto('/fantasy');
  await expect(heading(second)).toBeVisible();
  // Paused once both pages show (their code loads on demand and React reveals it on a timer); the
  // draft, and so the AI clock, starts only with Start Draft.
  await page.clock.pauseAt(Date.now() + 60_000);

  // The draft starts in the first tab; the second follows.
  await tab(first, 'Draft Room').click();
  await tab(second, 'Draft Room').click();
  await first.getByRole('button', { name: 'Start Draft' }).click();
  await expect(yourTurn(second)).toBeVisible();
  await expect(second.getByRole('button', { name: 'Start Draft' })).toBeHidden();

  // The user drafts in the first tab: the second shows the pick.
  const mine = [await draftFirstListed(first)];
  await expect(boardCell(second, 1)).toContainText(mine[0]!);
  await picksMade(second, 1);
  await expect(yourTurn(second)).toBeHidden();
  await expect(second.getByRole('main').getByRole('status')).toContainText('Pick 2: Tech Titans is picking');

  // The nine AI picks of round 1: one per AI delay in both tabs together, not one per tab.
  await runAiPicks([first, second], 1, 10);
  await expect(yourTurn(first)).toBeVisible();
  await expect(yourTurn(second)).toBeVisible();

  // The user's second pick, from the second tab, reaches the first.
  mine.push(await draftFirstListed(second));
  await expect(boardCell(first, 11)).toContainText(mine[1]!);
  await runAiPicks([first, second], 11, 14);

  // The first tab, which runs the AI clock (it asked for it first), closes; the second carries on.
  await first.close();
  await runAiPicks([second], 14, 20);
  await expect(yourTurn(second)).toBeVisible();
  await expect(second.getByText('Round 3/8')).toBeVisible();

  // Nothing was lost or made twice: the user's picks are where they were made, and the saved picks
  // run 1 to 20 with 20 different startups.
  await expect(boardCell(second, 1)).toContainText(mine[0]!);
  await expect(boardCell(second, 11)).toContainText(mine[1]!);
  const saved = await second.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('fantasyLeague') ?? 'null') as {
          draft: { picks: { pick: number; company: string }[] };
        }
      ).draft.picks,
  );
  expect(saved.map((pick) => pick.pick)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  expect(new Set(saved.map((pick) => pick.company)).size).toBe(20);

  // A reload of the remaining tab brings the same league back.
  await reloadPaused(second, tab(second, 'Draft Room'));
  await tab(second, 'Draft Room').click();
  await picksMade(second, 20);
  await expect(boardCell(second, 1)).toContainText(mine[0]!);
});
