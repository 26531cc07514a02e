import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { reuseSignIn } from './helpers';

/**
 * The home dashboard end to end, against the local news index built from the fake feeds
 * (tests/fakes/news-feeds.ts, NEWS_FEEDS in serve.ts): first-visit questionnaires, chips, searches,
 * the article drawer, the frame viewer, and favourites shared between tabs.
 */

const CHIEFS_STORY = 'Kansas City Chiefs rally past the Bills in overtime thriller';
const LAKERS_STORY = 'Lakers extend win streak to six behind LeBron James triple-double';

/** Tests talk to loopback only: remote logo and icon hosts are refused, as when offline. */
async function loopbackOnly(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
}

const dialog = (page: Page) => page.getByRole('dialog');
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

async function completeTeamPicker(page: Page) {
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Select Your Favorite NFL Teams' })).toBeVisible();
  await expect(button(modal, 'Next')).toBeDisabled();
  await expect(button(modal, 'Previous')).toHaveCount(0);
  await button(modal, 'KC Chiefs (Kansas City Chiefs)').click();
  await expect(modal.getByText('Selected:')).toBeVisible();
  await button(modal, 'Next').click();
  await expect(modal.getByRole('heading', { name: 'Select Your Favorite NBA Teams' })).toBeVisible();
  await button(modal, 'LAL Lakers (Los Angeles Lakers)').click();
  await button(modal, 'Next').click();
  await expect(modal.getByRole('heading', { name: 'Select Your Favorite MLB Teams' })).toBeVisible();
  await button(modal, 'NYY Yankees (New York Yankees)').click();
  await button(modal, 'Next').click();
  await expect(modal.getByRole('heading', { name: 'Select Your Favorite NHL Teams' })).toBeVisible();
  await button(modal, 'Complete').click();
}

async function completeTechPicker(page: Page) {
  const modal = dialog(page);
  await expect(
    modal.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
  ).toBeVisible();
  await button(modal, 'TS TypeScript').click();
  await button(modal, 'Next').click();
  await expect(
    modal.getByRole('heading', { name: 'Select Your Favorite Tech Stacks & Frameworks' }),
  ).toBeVisible();
  await button(modal, 'REACT React').click();
  await button(modal, 'Next').click();
  await expect(
    modal.getByRole('heading', { name: 'Select Your Favorite Industries & Verticals' }),
  ).toBeVisible();
  await button(modal, 'AI AI/ML').click();
  await button(modal, 'Next').click();
  await expect(
    modal.getByRole('heading', { name: 'Select Your Favorite Companies & AI Startups' }),
  ).toBeVisible();
  await button(modal, 'Complete').click();
  await expect(dialog(page)).toHaveCount(0);
}

/** A quicker first visit: Chiefs and Lakers, then 'Skip for now' on both pickers. */
async function skipThroughQuestionnaires(page: Page) {
  const modal = dialog(page);
  await button(modal, 'KC Chiefs (Kansas City Chiefs)').click();
  await button(modal, 'Next').click();
  await button(modal, 'LAL Lakers (Los Angeles Lakers)').click();
  await button(modal, 'Skip for now').click();
  await expect(
    modal.getByRole('heading', { name: 'Select Your Favorite Programming Languages' }),
  ).toBeVisible();
  await button(modal, 'Skip for now').click();
  await expect(dialog(page)).toHaveCount(0);
}

const sportsPanel = (page: Page) => page.getByRole('region', { name: 'Sports News' });
const techPanel = (page: Page) => page.getByRole('region', { name: 'Tech News' });

test.describe('home dashboard', () => {
  // Whole first visits with many clicks each; a loaded machine needs more than the default 30 s.
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ context }) => loopbackOnly(context));

  test('first visit runs both questionnaires, then chips search the news and Read opens the article', async ({
    page,
  }) => {
    await reuseSignIn(page, { firstVisit: true });
    await completeTeamPicker(page);
    await completeTechPicker(page);

    const teams = page.getByRole('region', { name: 'Your Favorite Teams' });
    for (const name of ['KC (Kansas City Chiefs)', 'LAL (Los Angeles Lakers)', 'NYY (New York Yankees)']) {
      await expect(button(teams, name)).toBeVisible();
    }
    const interests = page.getByRole('region', { name: 'Your Tech Interests' });
    for (const name of ['TS (TypeScript)', 'REACT', 'AI (AI/ML)'])
      await expect(button(interests, name)).toBeVisible();

    // The default headline searches ran on their own.
    await expect(sportsPanel(page).getByText('Search Results')).toBeVisible();
    await expect(techPanel(page).getByText('Search Results')).toBeVisible();

    // A tech chip fills and runs its query.
    await button(interests, 'TS (TypeScript)').click();
    await expect(techPanel(page).getByRole('searchbox')).toHaveValue(
      'TypeScript Languages news articles latest updates',
    );
    await expect(
      techPanel(page).getByRole('article', {
        name: 'TypeScript 6 release brings faster type checking and a new compiler',
      }),
    ).toBeVisible();

    // A team chip fills the sports search: '{team name} {league label} news articles latest updates'.
    await button(teams, 'KC (Kansas City Chiefs)').click();
    const query = 'Kansas City Chiefs NFL news articles latest updates';
    await expect(sportsPanel(page).getByRole('searchbox')).toHaveValue(query);
    await expect(
      sportsPanel(page).getByText(new RegExp(`^Found \\d+ results? for "${query}"$`)),
    ).toBeVisible();
    const card = sportsPanel(page).getByRole('article', { name: CHIEFS_STORY });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /Visit/ })).toHaveAttribute('target', '_blank');

    await button(card, 'Read').click();
    const drawer = page.getByRole('dialog', { name: CHIEFS_STORY });
    await expect(drawer.getByText('AI Summary')).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Key Highlights' })).toBeVisible();
    const content = drawer.getByRole('region', { name: 'Article Content' });
    await expect(content).toContainText('Harrison Butker kicked the winning field goal');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    // The story's page sends X-Frame-Options: DENY, so the viewer says so instead of a blank frame.
    await button(drawer, 'View in Frame').click();
    await expect(page.getByRole('dialog', { name: CHIEFS_STORY })).toBeVisible();
    await expect(page.getByText('This page is not available to view in an iFrame')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await button(page, 'Close frame viewer').click();
    await expect(dialog(page)).toHaveCount(0);

    // Escape closes the drawer.
    await button(card, 'Read').click();
    await expect(page.getByRole('dialog', { name: CHIEFS_STORY })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('View in Frame shows a page that allows framing', async ({ page }) => {
    await reuseSignIn(page, { firstVisit: true });
    await skipThroughQuestionnaires(page);
    const teams = page.getByRole('region', { name: 'Your Favorite Teams' });
    await button(teams, 'LAL (Los Angeles Lakers)').click();
    const card = sportsPanel(page).getByRole('article', { name: LAKERS_STORY });
    await button(card, 'Read').click();
    const drawer = page.getByRole('dialog', { name: LAKERS_STORY });
    await expect(drawer.getByRole('region', { name: 'Article Content' })).toContainText('sixth straight win');
    await button(drawer, 'View in Frame').click();

    const frame = page.frameLocator(`iframe[title="${LAKERS_STORY}"]`);
    await expect(frame.getByRole('heading', { name: LAKERS_STORY })).toBeVisible();
    await expect(page.getByText('This page is not available to view in an iFrame')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('favourites edited in one tab show in the other without a reload', async ({ page, context }) => {
    await reuseSignIn(page, { firstVisit: true });
    await skipThroughQuestionnaires(page);

    const other = await context.newPage();
    await other.goto('/');
    const otherTeams = other.getByRole('region', { name: 'Your Favorite Teams' });
    await expect(button(otherTeams, 'KC (Kansas City Chiefs)')).toBeVisible();
    await expect(dialog(other)).toHaveCount(0); // questionnaires are done for this browser

    // Remove from the keyboard: the remove button shows on focus.
    const teams = page.getByRole('region', { name: 'Your Favorite Teams' });
    await button(teams, 'KC (Kansas City Chiefs)').focus();
    await page.keyboard.press('Tab');
    const remove = button(teams, 'Remove Kansas City Chiefs');
    await expect(remove).toBeFocused();
    await expect(remove).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(button(teams, 'KC (Kansas City Chiefs)')).toHaveCount(0);
    await expect(button(otherTeams, 'KC (Kansas City Chiefs)')).toHaveCount(0);

    // Edit in the second tab; the first follows.
    await button(otherTeams, 'Edit Teams').click();
    const modal = dialog(other);
    await button(modal, 'BUF Bills (Buffalo Bills)').click();
    await button(modal, 'Skip for now').click();
    await expect(button(otherTeams, 'BUF (Buffalo Bills)')).toBeVisible();
    await expect(button(teams, 'BUF (Buffalo Bills)')).toBeVisible();
    await expect(button(teams, 'LAL (Los Angeles Lakers)')).toBeVisible();

    // Reset clears favourites everywhere.
    await button(teams, 'Reset favorite teams').click();
    await expect(other.getByText('No favorite teams selected')).toBeVisible();
    await expect(button(otherTeams, 'Select Teams')).toBeVisible();
  });
});
