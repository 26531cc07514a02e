import { expect, test } from '@playwright/test';
import { signIn } from '../../tests/e2e/helpers';

/**
 * Screenshots of every page in both themes and two widths, for people to look at (nothing is
 * compared): `npm run screenshots`, then open test-results/screenshots/*.png.
 */

const pages = ['/', '/sports', '/fantasy', '/slideshow', '/profile'];

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`screenshots, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/login');
      await page.screenshot({ path: `test-results/screenshots/login-${theme}-${width}.png`, fullPage: true });
      await signIn(page);
      for (const path of pages) {
        await page.goto(path);
        await expect(page).not.toHaveURL(/\/login$/);
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        const name = path === '/' ? 'home' : path.slice(1);
        await page.screenshot({
          path: `test-results/screenshots/${name}-${theme}-${width}.png`,
          fullPage: true,
        });
      }
    });
  }
}
