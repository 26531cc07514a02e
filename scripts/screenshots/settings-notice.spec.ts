import { expect, test } from '@playwright/test';
import { signIn } from '../../tests/e2e/helpers';

/**
 * Screenshots of the notice the game-day settings button shows when the dialog's code cannot be
 * fetched (offline before it was ever loaded), over the home page with favourites, in both themes at
 * 390 and 1280 px, for people to look at (nothing is compared).
 */

const DIALOG_CODE = /\/assets\/settings-dialog-[^/]+\.js$/;

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`settings notice screenshots, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.addInitScript((value) => {
        localStorage.setItem('theme', value);
        localStorage.setItem(
          'favoriteTeams',
          JSON.stringify({ nfl: ['KC', 'BUF'], nba: ['LAL'], mlb: ['NYY'], nhl: [] }),
        );
        localStorage.setItem(
          'favoriteTech',
          JSON.stringify({ languages: ['TS'], stacks: ['REACT'], industries: [], companies: [] }),
        );
      }, theme);
      await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
      await page.route(DIALOG_CODE, (route) => route.abort('internetdisconnected'));
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Your Favorite Teams' })).toBeVisible();
      await page.getByRole('button', { name: 'Game-day settings' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'could not load' });
      await expect(notice).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/settings-notice-${theme}-${width}.png` });
      // Its Dismiss button is the next stop after the settings button.
      await page.keyboard.press('Tab');
      await expect(notice.getByRole('button', { name: 'Dismiss' })).toBeFocused();
      await page.screenshot({
        path: `test-results/screenshots/settings-notice-focused-${theme}-${width}.png`,
        clip: { x: 0, y: (width > 1000 ? 800 : 844) - 120, width, height: 120 },
      });
    });
  }
}
