import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Screenshots of every page in both themes, for people to look at (nothing is compared).
 * Off by default; run `E2E_SCREENSHOTS=1 npx playwright test screenshots` and open
 * test-results/screenshots/*.png.
 */
test.skip(process.env.E2E_SCREENSHOTS !== '1', 'set E2E_SCREENSHOTS=1 to take screenshots');

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
