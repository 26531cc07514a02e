import { expect, test, type Page } from '@playwright/test';
import { FAKE_USER, reuseSignIn, signOutButton } from './helpers';

const rootHasDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const sidebarLinks = ['Home', 'Sports', 'Fantasy', 'Slideshow', 'Profile'];

test.describe('signed-in shell', () => {
  test('shows the top bar and the sidebar with every entry', async ({ page }) => {
    await reuseSignIn(page);
    await expect(page.getByText('Tech Touchdown').first()).toBeVisible();
    for (const name of sidebarLinks) {
      await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle theme' }).first()).toBeVisible();
    await expect(signOutButton(page)).toBeVisible();
    await expect(page.getByText(FAKE_USER.name, { exact: true }).first()).toBeVisible();
    await expect(page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
  });

  test("shows a centred 'Loading...' while the session is being checked", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('navigates between the routes of the route table', async ({ page }) => {
    await reuseSignIn(page);
    for (const [name, path] of [
      ['Sports', '/sports'],
      ['Fantasy', '/fantasy'],
      ['Profile', '/profile'],
      ['Home', '/'],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    }
    // A deep link survives a reload (history fallback on the server).
    await page.goto('/sports');
    await page.reload();
    await expect(page).toHaveURL(/\/sports$/);
    await expect(signOutButton(page)).toBeVisible();
  });
});

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('the toggle flips the theme, stores it, and it survives a reload', async ({ page }) => {
    await reuseSignIn(page);
    expect(await rootHasDark(page)).toBe(false); // system preference is light, nothing stored yet
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect.poll(() => rootHasDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(signOutButton(page)).toBeVisible();
    expect(await rootHasDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect.poll(() => rootHasDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(signOutButton(page)).toBeVisible();
    expect(await rootHasDark(page)).toBe(false);
  });

  test('the stored theme is applied before the app script runs (no flash)', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // Without the bundle only the inline script in index.html can set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    expect(await rootHasDark(page)).toBe(true);
  });

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' });
    test('defaults to dark when nothing is stored', async ({ page }) => {
      await page.goto('/login');
      await expect.poll(() => rootHasDark(page)).toBe(true);
    });
  });
});

test.describe('sidebar on a 390 px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('is hidden, opens as an overlay from Open menu, and closes after navigating', async ({ page }) => {
    await reuseSignIn(page);
    const sportsLink = page.getByRole('link', { name: 'Sports', exact: true });
    await expect(sportsLink).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();

    const main = page.getByRole('main');
    const before = await main.boundingBox();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sportsLink).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // An overlay: the page content does not move aside.
    const during = await main.boundingBox();
    expect(during?.x).toBe(before?.x);
    expect(during?.width).toBe(before?.width);
    const sidebar = await sportsLink.boundingBox();
    expect(sidebar!.x).toBeLessThan(390);

    await sportsLink.click();
    await expect(page).toHaveURL(/\/sports$/);
    await expect(sportsLink).toBeHidden();
  });
});

test.describe('sidebar at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is fixed and stays open after navigating', async ({ page }) => {
    await reuseSignIn(page);
    const sportsLink = page.getByRole('link', { name: 'Sports', exact: true });
    await expect(sportsLink).toBeVisible();
    await sportsLink.click();
    await expect(page).toHaveURL(/\/sports$/);
    await expect(sportsLink).toBeVisible();
  });
});
