import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { reuseSignIn } from './helpers';

/**
 * What the dashboard paints before its searches answer: a returning fan's browser shows the answers
 * it kept from the last visit at once, marked with their age, until the fresh ones (which the default
 * searches still fetch about a second after the view loads) replace them; a browser with none shows
 * the server's latest answers to the same default searches, marked the same way, and only when the
 * server has none either, stand-in cards under 'Searching for articles...'. The searches are held
 * back at the browser so the test decides when they answer.
 */

const SHOTS = '/tmp/shots/dashboard-paint';
const HOUR = 60 * 60 * 1000;

async function loopbackOnly(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
}

/** Holds every news search until `release()`; `count()` is how many are waiting. */
async function holdSearches(page: Page) {
  const waiting: Route[] = [];
  await page.route('**/api/exa/search-with-content', (route) => {
    waiting.push(route);
  });
  return {
    count: () => waiting.length,
    async release() {
      for (const route of waiting.splice(0)) await route.continue();
      await page.unroute('**/api/exa/search-with-content');
    },
  };
}

const sportsPanel = (page: Page) => page.getByRole('region', { name: 'Sports News' });
const techPanel = (page: Page) => page.getByRole('region', { name: 'Tech News' });

/** Both panels show their own fresh answer: no progress, no age, the count of what they found. */
async function expectFreshAnswers(page: Page) {
  for (const panel of [sportsPanel(page), techPanel(page)]) {
    await expect(panel.getByText('Searching for articles...')).toHaveCount(0);
    await expect(panel.getByText(/^Updated /)).toHaveCount(0);
    await expect(panel.getByText(/^Found \d+ results? for "/)).toBeVisible();
  }
}

test.describe('dashboard first paint', () => {
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ context }) => {
    mkdirSync(SHOTS, { recursive: true });
    await loopbackOnly(context);
  });

  test("a returning fan sees the last visit's headlines at once, with their age, until the fresh ones arrive", async ({
    page,
  }) => {
    await reuseSignIn(page);
    // The first visit's default searches answer; the browser keeps those answers.
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText(/^Found \d+ results? for "/)).toBeVisible();
      await expect(panel.getByText(/^Updated /)).toHaveCount(0);
    }
    const techCards = await techPanel(page).getByRole('article').allInnerTexts();
    expect(techCards.length).toBeGreaterThan(0);

    // Two hours later the fan comes back, on a phone; this time the searches do not answer until released.
    await page.clock.setFixedTime(Date.now() + 2 * HOUR + 60_000);
    const searches = await holdSearches(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();

    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText('Updated 2 h ago')).toBeVisible();
      await expect(panel.getByRole('article').first()).toBeVisible();
    }
    // The default searches still run, about a second after the view loads, and are held...
    await expect.poll(searches.count).toBe(2);
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText('Searching for articles...')).toBeVisible();
      await expect(panel.getByText('Updated 2 h ago')).toBeVisible();
    }
    // ...so everything in the result lists now came from the browser's own copy.
    expect(await techPanel(page).getByRole('article').allInnerTexts()).toEqual(techCards);
    await page.screenshot({ path: `${SHOTS}/dashboard-paint-kept-answer-phone.png`, fullPage: true });
    // The same moment on a wide screen, the sidebar beside the page: still the kept answers.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText('Searching for articles...')).toBeVisible();
      await expect(panel.getByText('Updated 2 h ago')).toBeVisible();
    }
    expect(await techPanel(page).getByRole('article').allInnerTexts()).toEqual(techCards);
    await page.screenshot({ path: `${SHOTS}/dashboard-paint-kept-answer-wide.png`, fullPage: true });

    // The fresh answers replace the kept ones, which no longer claim an age.
    await searches.release();
    await expectFreshAnswers(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-paint-fresh-answer-phone.png`, fullPage: true });
  });

  test("a first visit sees the headlines another visit's default searches got, with their age, before its own answer", async ({
    page,
    browser,
  }) => {
    // Another visit on this server, a moment ago: its default searches answer.
    const earlier = await browser.newContext();
    await loopbackOnly(earlier);
    const earlierPage = await earlier.newPage();
    await reuseSignIn(earlierPage);
    for (const panel of [sportsPanel(earlierPage), techPanel(earlierPage)]) {
      await expect(panel.getByText(/^Found \d+ results? for "/)).toBeVisible();
    }
    const techCards = await techPanel(earlierPage).getByRole('article').allInnerTexts();
    expect(techCards.length).toBeGreaterThan(0);
    await earlier.close();

    // A new phone: nothing in this browser, and its own searches held.
    const searches = await holdSearches(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await reuseSignIn(page);
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText(/^Updated (just now|\d+ min ago)$/)).toBeVisible();
      await expect(panel.getByRole('article').first()).toBeVisible();
    }
    await expect.poll(searches.count).toBe(2);
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText('Searching for articles...')).toBeVisible();
      await expect(panel.locator('ul[aria-hidden="true"] > li')).toHaveCount(0);
    }
    expect(await techPanel(page).getByRole('article').allInnerTexts()).toEqual(techCards);
    await page.screenshot({ path: `${SHOTS}/dashboard-paint-server-headlines-phone.png`, fullPage: true });

    await searches.release();
    await expectFreshAnswers(page);
  });

  test('a first visit on a server with no headlines yet shows stand-in cards under the loading text', async ({
    page,
  }) => {
    // Whatever earlier tests left on this harness's server: here it has none.
    await page.route('**/api/exa/headlines', (route) => route.fulfill({ json: { headlines: [] } }));
    const searches = await holdSearches(page);
    await reuseSignIn(page);
    await expect.poll(searches.count).toBe(2);
    for (const panel of [sportsPanel(page), techPanel(page)]) {
      await expect(panel.getByText('Searching for articles...')).toBeVisible();
      await expect(panel.getByText(/^Updated /)).toHaveCount(0);
      await expect(panel.getByRole('article')).toHaveCount(0);
      // The stand-ins are decoration, hidden from assistive technology.
      await expect(panel.locator('ul[aria-hidden="true"] > li')).toHaveCount(3);
    }
    await page.screenshot({ path: `${SHOTS}/dashboard-paint-first-visit.png`, fullPage: true });
    await searches.release();
    await expect(techPanel(page).getByText(/^Found \d+ results? for "/)).toBeVisible();
  });
});
