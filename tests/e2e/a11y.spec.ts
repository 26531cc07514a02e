import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { LABEL_CONTENT_NAME_MISMATCH, axeViolations } from './axe';
import { reuseSignIn } from './helpers';

/**
 * Accessibility of every page and every dialog, in both themes: axe-core finds no serious or critical
 * violation (every rule axe runs by default, WCAG 2.x A/AA and best practices, and the check that a
 * control's accessible name starts with the text it shows), and every dialog takes focus when it
 * opens, keeps Tab and Shift+Tab inside, closes on Escape and gives focus back to what opened it.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Loopback only: remote logo and avatar hosts are refused, as when offline. */
async function prepare(context: BrowserContext, theme: Theme) {
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
}

/** axe on the page as it is now; the report lists each serious or critical problem with where it is. */
async function expectAccessible(page: Page, what: string, theme: Theme) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  expect(dark, `${what} renders in the ${theme} theme`).toBe(theme === 'dark');
  // Let transitions and fades settle (axe measures colours as they are painted); endless ones (a
  // spinner, a pulsing live dot) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page, { rules: LABEL_CONTENT_NAME_MISMATCH });
  // One line per rule and kind of element (repeated cells of a table are one line, with a count).
  const serious = new Map<string, number>();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      const where = node.target.join(' ').replace(/\d+/g, 'N');
      const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      const line = `${violation.id} (${violation.impact}): ${where} — ${why}`;
      serious.set(line, (serious.get(line) ?? 0) + 1);
    }
  }
  const report = [...serious].map(([line, count]) => (count > 1 ? `${count}× ${line}` : line));
  expect(report, `${what} in the ${theme} theme`).toEqual([]);
}

/** True when focus is inside `dialog`, or has left the page for the browser's own UI (the native modal's exit). */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const active = document.activeElement;
    return {
      inside: active !== null && element.contains(active),
      onBody: !active || active === document.body,
      // For the failure message: what has focus instead.
      active: active
        ? `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 40)}"`
        : 'none',
    };
  });

/**
 * Opens a dialog from its trigger with the keyboard, checks focus moved in and stays in for a full
 * round of Tab and of Shift+Tab, closes it with Escape and checks focus went back to the trigger.
 */
async function expectFocusManaged(
  page: Page,
  trigger: Locator,
  dialog: Locator,
  what: string,
  returnsTo: Locator = trigger,
) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(dialog, `${what} opens`).toBeVisible();
  expect((await focusInside(dialog)).inside, `${what} takes focus`).toBe(true);
  const focusable = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    let visitedInside = 0;
    for (let i = 0; i < focusable + 3; i++) {
      await page.keyboard.press(key);
      const where = await focusInside(dialog);
      expect(where.inside || where.onBody, `${what}: ${key} #${i + 1} moved focus to ${where.active}`).toBe(
        true,
      );
      if (where.inside) visitedInside++;
    }
    expect(visitedInside, `${what}: ${key} cycles through the dialog`).toBeGreaterThan(0);
  }
  await page.keyboard.press('Escape');
  await expect(dialog, `${what} closes on Escape`).toBeHidden();
  await expect(returnsTo, `${what} gives focus back`).toBeFocused();
}

for (const theme of THEMES) {
  test.describe(`accessibility, ${theme} theme`, () => {
    // 'every page' runs axe nine times; on a busy two-core machine one pass takes up to ten seconds.
    test.describe.configure({ timeout: 180_000 });
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ context }) => prepare(context, theme));

    test('every page', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();
      await expectAccessible(page, '/login', theme);

      await reuseSignIn(page);
      await page.goto('/');
      await expect(
        page.getByRole('region', { name: 'Sports News' }).getByText('Search Results'),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tech News' }).getByText('Search Results')).toBeVisible();
      await expectAccessible(page, '/', theme);

      await page.goto('/sports');
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectAccessible(page, '/sports', theme);

      await page.goto('/fantasy');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const name of ['League Home', 'Draft Room', 'My Team', 'Review Teams', 'Leaderboard']) {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        await expectAccessible(page, `/fantasy (${name})`, theme);
      }

      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, '/profile', theme);

      await page.goto('/slideshow');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, '/slideshow', theme);
    });

    test('the questionnaire pickers', async ({ page }) => {
      await reuseSignIn(page);
      await page.goto('/');
      const teams = page.getByRole('region', { name: 'Your Favorite Teams' });
      const openTeams = teams.getByRole('button', { name: 'Select Teams' });
      const picker = page.getByRole('dialog');
      await openTeams.click();
      await expect(picker.getByRole('heading', { name: 'Select Your Favorite NFL Teams' })).toBeVisible();
      await expectAccessible(page, 'the team picker', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, openTeams, picker, 'the team picker');

      const tech = page.getByRole('region', { name: 'Your Tech Interests' });
      const openTech = tech
        .getByRole('button')
        .filter({ hasText: /^Select/ })
        .first();
      await openTech.click();
      await expect(
        picker.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
      ).toBeVisible();
      await expectAccessible(page, 'the tech picker', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, openTech, picker, 'the tech picker');
    });

    test('the article drawer and the frame viewer', async ({ page }) => {
      await reuseSignIn(page);
      await page.goto('/');
      const panel = page.getByRole('region', { name: 'Sports News' });
      const read = panel.getByRole('article').first().getByRole('button', { name: 'Read', exact: true });
      await expect(read).toBeVisible();
      const drawer = page.getByRole('dialog');
      await read.click();
      await expect(drawer.getByRole('region', { name: 'Article Content' })).toBeVisible();
      await expectAccessible(page, 'the article drawer', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, read, drawer, 'the article drawer');

      // 'View in Frame' hands the drawer over to the frame viewer; closing it returns to 'Read'.
      await read.click();
      const inFrame = drawer.getByRole('button', { name: 'View in Frame' });
      await inFrame.click();
      const viewer = page.getByRole('dialog');
      await expect(viewer.getByRole('button', { name: 'Close frame viewer' })).toBeVisible();
      await expectAccessible(page, 'the frame viewer', theme);
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(read).toBeFocused();
      await read.click();
      await expectFocusManaged(page, inFrame, viewer, 'the frame viewer', read);
    });

    test('the game dialog and its stats dialog', async ({ page }) => {
      await reuseSignIn(page);
      await page.goto('/sports');
      const card = page.getByRole('button', { name: /Detroit Lions/ }).first();
      await expect(card).toBeVisible();
      const dialog = page.getByRole('dialog', { name: /Detroit Lions vs Kansas City Chiefs/ });
      await card.click();
      await expect(dialog.getByRole('heading', { name: 'Join the Game Chat' })).toBeVisible();
      await expectAccessible(page, 'the game dialog', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, card, dialog, 'the game dialog');

      // The chat itself, joined, with a message in it.
      await card.click();
      await dialog.getByRole('radio', { name: /Away/ }).click();
      await dialog.getByRole('button', { name: 'Join Chat' }).click();
      const input = dialog.getByPlaceholder(/^Message the .+ chat\.\.\.$/);
      await input.fill(`Accessible chat in the ${theme} theme`);
      await input.press('Enter');
      await expect(dialog.getByRole('log', { name: 'Chat messages' })).toContainText(
        `Accessible chat in the ${theme} theme`,
      );
      await expectAccessible(page, 'the game chat', theme);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await card.click();
      const stats = dialog.getByRole('button', { name: 'View Advanced Stats' });
      const statsDialog = page.getByRole('dialog', { name: 'Advanced Stats' });
      await stats.click();
      await expect(statsDialog).toBeVisible();
      await expectAccessible(page, 'the Advanced Stats dialog', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, stats, statsDialog, 'the Advanced Stats dialog');
    });

    test("a game room's reactions, mention list and moderation tools", async ({ page, browser }) => {
      // A moderator in the Lions' room, with a message from another fan to react to and mention.
      await reuseSignIn(page, { login: 'rooms-moderator' });
      await page.goto('/sports');
      await page
        .getByRole('button', { name: /Detroit Lions/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /Detroit Lions vs Kansas City Chiefs/ });
      await dialog.getByRole('radio', { name: /Away/ }).click();
      await dialog.getByRole('button', { name: 'Join Chat' }).click();
      const input = dialog.getByRole('combobox', { name: 'Message' });
      const gameId = (await input.getAttribute('id'))!.replace(/^chat-input-/, '');

      const other = await browser.newContext();
      await prepare(other, theme);
      const otherPage = await other.newPage();
      await reuseSignIn(otherPage, { login: 'a11y-fan' });
      const text = `Roar in the ${theme} theme`;
      const posted = await otherPage.request.post(`/api/chat/games/${gameId}/messages`, {
        data: { message: text, team: 'home', awayTeam: 'Detroit Lions', homeTeam: 'Kansas City Chiefs' },
      });
      expect(posted.ok()).toBe(true);
      await other.close();

      const row = dialog
        .getByRole('log', { name: 'Chat messages' })
        .getByRole('listitem')
        .filter({ hasText: text });
      await row.hover();
      await row.getByRole('button', { name: 'Add reaction' }).click();
      await row.getByRole('button', { name: 'React with 👍' }).click();
      await expect(row.getByRole('button', { name: 'Remove 👍 reaction' })).toBeVisible();
      await dialog.getByText('Moderation', { exact: true }).click();
      await dialog.getByLabel('Slow mode').selectOption('5 s');
      await expect(dialog.getByText('Slow mode is on (5 s)')).toBeVisible();
      await input.pressSequentially('Nice one @a11y');
      await expect(dialog.getByRole('listbox', { name: 'Mention someone' })).toBeVisible();
      await expectAccessible(page, 'a game room with the mention list open', theme);

      await input.press('Escape');
      await row.hover();
      await row.getByRole('button', { name: 'Add reaction' }).click();
      await expect(row.getByRole('group', { name: 'Reactions' })).toBeVisible();
      await expectAccessible(page, 'a game room with the reaction picker open', theme);
      await page.keyboard.press('Escape');
      await dialog.getByLabel('Slow mode').selectOption('Off');
      await expect(dialog.getByText('Slow mode is on (5 s)')).toBeHidden();
    });

    test('the game-day settings dialog', async ({ page, context }) => {
      await context.addInitScript(() =>
        localStorage.setItem(
          'favoriteTeams',
          JSON.stringify({ nfl: ['KC', 'BUF'], nba: [], mlb: [], nhl: [] }),
        ),
      );
      await reuseSignIn(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const open = page.getByRole('button', { name: 'Game-day settings' });
      const dialog = page.getByRole('dialog', { name: 'Game-day settings' });
      await open.click();
      await expect(dialog.getByRole('switch', { name: 'Kansas City Chiefs' })).toBeVisible();

      // By keyboard: Space flips a switch, the arrow keys move the delay.
      const everyScore = dialog.getByRole('switch', { name: 'Every score' });
      await everyScore.focus();
      await page.keyboard.press('Space');
      await expect(everyScore).not.toBeChecked();
      await page.keyboard.press('Space');
      await expect(everyScore).toBeChecked();
      await dialog.getByRole('radio', { name: 'Off' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByRole('radio', { name: '10 s' })).toBeChecked();
      await expect(page.getByText('Delayed 10 s')).toBeVisible();
      await expectAccessible(page, 'the game-day settings', theme);
      await page.keyboard.press('ArrowLeft');
      await expect(dialog.getByRole('radio', { name: 'Off' })).toBeChecked();
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, open, dialog, 'the game-day settings');
    });

    test('the menu on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await reuseSignIn(page);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, '/profile at 390 px', theme);
      const menu = page.getByRole('button', { name: 'Open menu' });
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      await menu.click();
      await expect(sidebar.getByRole('link', { name: 'Home' })).toBeVisible();
      await expectAccessible(page, 'the menu at 390 px', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, menu, sidebar, 'the menu');
    });

    test("the fantasy league's reset dialog and the slideshow", async ({ page }) => {
      await reuseSignIn(page);
      await page.goto('/fantasy');
      await page.getByRole('tab', { name: 'Draft Room', exact: true }).click();
      const reset = page.getByRole('button', { name: 'Reset League' });
      await reset.click();
      const confirm = page.getByRole('dialog', { name: 'Reset the league?' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, 'the reset dialog', theme);
      await page.keyboard.press('Escape');
      await expectFocusManaged(page, reset, confirm, 'the reset dialog');

      // The slideshow is a full-screen modal opened from the sidebar.
      await page.goto('/profile');
      const link = page.getByRole('link', { name: 'Slideshow', exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      const slideshow = page.getByRole('dialog');
      await expect(slideshow).toBeVisible();
      const where = await focusInside(slideshow);
      expect(where.inside, 'the slideshow takes focus').toBe(true);
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const now = await focusInside(slideshow);
        expect(now.inside || now.onBody, `the slideshow: Tab #${i + 1} stays in`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(slideshow).toBeHidden();
    });
  });
}
