import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { controlEspn, resetEspnAroundTests, reuseSignIn, signIn } from './helpers';

/**
 * Game-day alerts and the spoiler-safe delay against the fake ESPN the harness starts (the server
 * polls it every 2 s while games are live and pushes what changed to every tab).
 */

/** Buffalo Bills (away, 17) at Miami Dolphins (home, 10), live in the 3rd quarter. */
const BILLS_GAME = '401671002';
/** Los Angeles Clippers at Golden State Warriors, live: nobody in these tests follows them. */
const CLIPPERS_GAME = '401705001';

/** The fan follows the Bills (a returning user: the questionnaires are done). */
async function followBills(context: BrowserContext) {
  await context.addInitScript(() => {
    if (localStorage.getItem('favoriteTeams') === null) {
      localStorage.setItem('favoriteTeams', JSON.stringify({ nfl: ['BUF'], nba: [], mlb: [], nhl: [] }));
    }
  });
}

/**
 * A stand-in for the browser's Notification with the permission granted, recording what is shown,
 * and a page visibility the test sets (a headless tab is always visible).
 */
function stubNotificationsAndVisibility() {
  const shown: Array<{ title: string; body: string; tag: string; click: () => void }> = [];
  class StubNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = async () => 'granted' as NotificationPermission;
    onclick: ((event: Event) => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({
        title,
        body: options.body ?? '',
        tag: options.tag ?? '',
        click: () => this.onclick?.(new Event('click')),
      });
    }
    close() {}
  }
  Object.defineProperty(window, 'Notification', { value: StubNotification, configurable: true });
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  Object.assign(window, {
    __notifications: shown,
    __setHidden(value: boolean) {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange'));
    },
  });
}

type StubbedWindow = Window & {
  __notifications: Array<{ title: string; body: string }>;
  __setHidden(hidden: boolean): void;
};
const notificationsIn = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as StubbedWindow).__notifications.map(({ title, body }) => ({ title, body })),
  );
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as StubbedWindow).__setHidden(value), hidden);

const toasts = (page: Page) => page.getByRole('status', { name: 'Game alerts' });

// Two tabs (or two fans) signing in and waiting for the server's 2 s polls take a while on a busy machine.
// Each test stands on its own (its own sign-in, the fake ESPN reset before it), so this file's tests
// spread over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

resetEspnAroundTests();

test('a score change of a favourite team toasts in every open tab, and the toast opens the game', async ({
  page,
  context,
  request,
}) => {
  await followBills(context);
  await reuseSignIn(page);
  const second = await context.newPage();
  await Promise.all([page.goto('/sports'), second.goto('/')]);
  await expect(page.getByRole('button', { name: /Buffalo Bills/ }).first()).toContainText('17');
  await expect(second.getByRole('button', { name: 'Game-day settings' })).toBeVisible();

  // A game without a favourite team changes: nobody is alerted.
  await controlEspn(request, { score: { id: CLIPPERS_GAME, away: 101, home: 99 } });
  await expect(page.getByRole('button', { name: /Los Angeles Clippers/ }).first()).toContainText('101');

  await controlEspn(request, { score: { id: BILLS_GAME, away: 24, home: 10 } });
  for (const tab of [page, second]) {
    await expect(toasts(tab)).toHaveAttribute('aria-live', 'polite');
    await expect(toasts(tab).getByRole('button', { name: /BUF 24 – 10 MIA · 3rd Quarter/ })).toBeVisible();
    await expect(toasts(tab)).toHaveText(/^Score/);
  }
  await expect(toasts(page).getByRole('button', { name: /LAC/ })).toHaveCount(0);

  // Escape dismisses it in one tab; pressing it in the other opens the game.
  await page.keyboard.press('Escape');
  await expect(toasts(page).getByRole('button')).toHaveCount(0);
  await toasts(second)
    .getByRole('button', { name: /BUF 24 – 10 MIA/ })
    .click();
  await expect(second).toHaveURL(new RegExp(`/sports\\?game=${BILLS_GAME}$`));
  await expect(second.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' })).toBeVisible();
  await expect(toasts(second).getByRole('button')).toHaveCount(0);

  // A setting changed in one tab holds in the other at once.
  await page.getByRole('button', { name: 'Game-day settings' }).click();
  await page.getByRole('dialog', { name: 'Game-day settings' }).getByText('30 s', { exact: true }).click();
  await expect(second.getByText('Delayed 30 s')).toBeVisible();
});

test('with every tab hidden, one desktop notification goes out per event, across tabs', async ({
  page,
  context,
  request,
}) => {
  await followBills(context);
  await context.addInitScript(stubNotificationsAndVisibility);
  await reuseSignIn(page);
  const second = await context.newPage();
  await Promise.all([page.goto('/sports'), second.goto('/sports')]);
  for (const tab of [page, second]) {
    await expect(tab.getByRole('button', { name: /Buffalo Bills/ }).first()).toContainText('17');
  }

  // A tab on screen shows the toast: no notification.
  await setHidden(second, true);
  await controlEspn(request, { score: { id: BILLS_GAME, away: 24, home: 10 } });
  for (const tab of [page, second]) {
    await expect(toasts(tab).getByRole('button', { name: /BUF 24 – 10 MIA/ })).toBeVisible();
  }
  expect([...(await notificationsIn(page)), ...(await notificationsIn(second))]).toEqual([]);

  // Both hidden: exactly one notification, from one tab, once both tabs have had the change.
  await setHidden(page, true);
  await controlEspn(request, { score: { id: BILLS_GAME, away: 24, home: 17 } });
  for (const tab of [page, second]) {
    await expect(toasts(tab).getByRole('button', { name: /BUF 24 – 17 MIA/ })).toBeAttached();
  }
  const sent = [...(await notificationsIn(page)), ...(await notificationsIn(second))];
  expect(sent).toEqual([{ title: 'Score', body: 'BUF 24 – 17 MIA · 3rd Quarter' }]);

  // Pressing it brings a tab forward on the game.
  const leader = (await notificationsIn(page)).length === 1 ? page : second;
  await leader.evaluate(() =>
    (window as unknown as { __notifications: Array<{ click(): void }> }).__notifications[0]!.click(),
  );
  await expect(leader).toHaveURL(new RegExp(`/sports\\?game=${BILLS_GAME}$`));
  await expect(leader.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' })).toBeVisible();
});

test('with a delay, the other fan’s chat message shows only after it, your own at once', async ({
  page,
  browser,
}) => {
  // The viewer's clock is the test's to move on, so the 10 s delay needs no 10 s wait.
  await page.clock.install();
  // Whether the other fan's message has reached the viewer's browser (over its socket).
  let arrived = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('Touchdown, live!')) arrived = true;
    }),
  );
  await signIn(page, { login: 'delayed-viewer' });
  await page.goto('/sports');
  await page.getByRole('button', { name: 'Game-day settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Game-day settings' });
  await settings.getByText('10 s', { exact: true }).click();
  await expect(settings.getByRole('radio', { name: '10 s' })).toBeChecked();
  await settings.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Delayed 10 s')).toBeVisible();

  const viewer = await joinDetroitChat(page);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, { login: 'live-fan' });
  await otherPage.goto('/sports');
  const other = await joinDetroitChat(otherPage);

  // Your own message shows at once.
  await viewer.input.fill('Watching on a delay');
  await viewer.input.press('Enter');
  await expect(viewer.log.getByText('Watching on a delay')).toBeVisible();

  // The other fan's message reaches the viewer's browser and is held.
  await other.input.fill('Touchdown, live!');
  await other.input.press('Enter');
  await expect(other.log.getByText('Touchdown, live!')).toBeVisible();
  await expect.poll(() => arrived).toBe(true);
  // Something the viewer does after it arrived shows first: the arrival was handled, and held.
  await viewer.input.fill('Still waiting for the drive');
  await viewer.input.press('Enter');
  await expect(viewer.log.getByText('Still waiting for the drive')).toBeVisible();
  await expect(viewer.log.getByText('Touchdown, live!')).toHaveCount(0);

  // Ten seconds on, it shows.
  await page.clock.fastForward(10_000);
  await expect(viewer.log.getByText('Touchdown, live!')).toBeVisible();
  await otherContext.close();
});

async function joinDetroitChat(page: Page) {
  await page
    .getByRole('button', { name: /Detroit Lions/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /Detroit Lions vs Kansas City Chiefs/ });
  await dialog.getByRole('radio', { name: /Away/ }).click();
  await dialog.getByRole('button', { name: 'Join Chat' }).click();
  return {
    input: dialog.getByPlaceholder(/^Message the .+ chat\.\.\.$/),
    log: dialog.getByRole('log', { name: 'Chat messages' }),
  };
}

for (const theme of ['light', 'dark'] as const) {
  test(`the toast is axe-clean in the ${theme} theme`, async ({ page, context, request }) => {
    await followBills(context);
    await context.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await reuseSignIn(page);
    await page.goto('/sports');
    await expect(page.getByRole('button', { name: /Buffalo Bills/ }).first()).toContainText('17');
    await controlEspn(request, { score: { id: BILLS_GAME, away: 20, home: 10 } });
    const toast = toasts(page).getByRole('button', { name: /BUF 20 – 10 MIA/ });
    // The pointer resting on the toast holds it for as long as axe takes.
    await toast.hover();
    // Let transitions settle; endless animations (a live game's pulsing dot) keep running.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const violations = await axeViolations(page, { include: '[aria-label="Game alerts"]' });
    const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(
      serious.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('the settings dialog loads when first opened; when its code cannot be fetched, the button says so and the page stays', async ({
  page,
  context,
}) => {
  await followBills(context);
  await reuseSignIn(page);
  // Offline for the dialog's code alone (the app shell is already in).
  await page.route(/\/assets\/settings-dialog-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Game-day settings' });
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Game-day settings could not load' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sports News' })).toBeVisible();

  // Back online: the same button opens the dialog.
  await page.unroute(/\/assets\/settings-dialog-[^/]+\.js$/);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Game-day settings' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not load' })).toHaveCount(0);
});
