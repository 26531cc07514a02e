import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../tests/e2e/helpers';

/**
 * Screenshots of the home dashboard's states for people to look at (nothing is compared): the team and
 * tech pickers, the strips with chips, results, the article drawer and the frame viewer's blocked
 * message, in both themes at 390 and 1280 px. Search answers are canned here so the pictures do not
 * depend on which feeds the harness can reach; logo hosts are refused, as offline.
 */

const RESULTS = [
  {
    id: 'a1',
    url: 'https://www.espn.com/nfl/story/chiefs',
    title: 'Kansas City Chiefs rally past the Bills in overtime thriller',
    publishedDate: new Date(Date.now() - 86_400_000).toISOString(),
    author: 'Jordan Hale',
    score: 0.9,
    summary:
      'Patrick Mahomes led a late drive and the Chiefs won in overtime at Arrowhead, keeping Kansas City at the top of the AFC West.',
    highlights: [
      'Mahomes threw for 312 yards and two touchdowns.',
      'Butker kicked the winner from 41 yards.',
    ],
    text: `# Chiefs rally\n\nThe Kansas City Chiefs came back from ten points down.\n\n${'Patrick Mahomes threw for 312 yards and two touchdowns. '.repeat(12)}`,
  },
  {
    id: 'a2',
    url: 'https://www.theverge.com/typescript',
    title: 'TypeScript 6 release brings faster type checking and a new compiler',
    publishedDate: null,
    author: null,
    score: 0.7,
    summary: 'The new compiler is written in Go and checks large projects up to ten times faster.',
  },
];

async function cannedSearch(page: Page) {
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await page.route('**/api/exa/search*', (route) =>
    route.fulfill({ json: { success: true, provider: 'local', requestId: 'r', results: RESULTS } }),
  );
  await page.route('**/api/exa/get-contents', (route) =>
    route.fulfill({
      json: { success: true, provider: 'local', requestId: 'r', results: [RESULTS[0]], statuses: [] },
    }),
  );
  await page.route('**/api/content/frame-check*', (route) =>
    route.fulfill({
      json: { url: RESULTS[0]!.url, embeddable: false, reason: 'x-frame-options-deny', detail: 'DENY' },
    }),
  );
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`dashboard screenshots, ${theme}, ${width} px`, async ({ page }) => {
      const shot = async (name: string) => {
        // Let slide-ins and colour transitions finish first.
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== 'running'),
        );
        await page.screenshot({ path: `test-results/screenshots/dashboard-${name}-${theme}-${width}.png` });
      };
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await cannedSearch(page);
      // A first visit: the team picker opens by itself only until the questionnaires are answered.
      await signIn(page, { firstVisit: true });

      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Select Your Favorite NFL Teams' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Kansas City Chiefs' }).click();
      await dialog.getByRole('button', { name: 'Buffalo Bills' }).click();
      await shot('team-picker');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Los Angeles Lakers' }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'New York Yankees' }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Toronto Maple Leafs' }).click();
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(
        dialog.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'TypeScript' }).click();
      await dialog.getByRole('button', { name: 'Rust' }).click();
      await shot('tech-picker');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'REACT React', exact: true }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'AI/ML' }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Anthropic' }).click();
      await dialog.getByRole('button', { name: 'Hugging Face' }).click();
      await shot('tech-picker-companies');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await expect(page.getByText('Search Results').first()).toBeVisible();
      await page.screenshot({
        path: `test-results/screenshots/dashboard-home-${theme}-${width}.png`,
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Read' }).first().click();
      await expect(page.getByText('Key Highlights')).toBeVisible();
      await shot('drawer');
      await page.getByRole('button', { name: 'View in Frame' }).click();
      await expect(page.getByText('This page is not available to view in an iFrame')).toBeVisible();
      await shot('frame-blocked');
      await page.getByRole('button', { name: 'Close frame viewer' }).click();

      await page.getByRole('button', { name: 'Filters' }).first().click();
      await shot('filters');
    });
  }
}
