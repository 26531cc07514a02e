import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { controlEspn, resetEspnAroundTests, reuseSignIn } from './helpers';

/**
 * Spoiler-safe viewing on the Sports page against the fake ESPN the harness starts (the server polls
 * it every 2 s while games are live and pushes the games that changed): with a delay, a new score
 * reaches the browser and shows only once the delay has passed; with Hide scores, no score shows
 * until the viewer reveals that game. The game-day settings are put in browser storage as the
 * settings dialog stores them, so these tests stand on their own.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

/** Buffalo Bills (away, 17) at Miami Dolphins (home, 10), live in the 3rd quarter. */
const BILLS_GAME = '401671002';

resetEspnAroundTests();

interface Viewing {
  delaySeconds?: 0 | 10 | 30 | 60 | 120;
  hideScores?: boolean;
  theme?: 'light' | 'dark';
}

/** Game-day settings and theme in storage before any page of the context loads. */
async function prepare(
  context: BrowserContext,
  { delaySeconds = 0, hideScores = false, theme = 'light' }: Viewing,
) {
  // Loopback only: remote logo and avatar hosts are refused, as when offline.
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.addInitScript(
    ([settings, stored]) => {
      localStorage.setItem('gameDaySettings', settings);
      localStorage.setItem('theme', stored);
    },
    [
      JSON.stringify({
        alerts: { started: true, scored: true, leadChanged: true, final: true },
        mutedTeams: [],
        delaySeconds,
        hideScores,
      }),
      theme,
    ] as const,
  );
}

/** Whether a games-changed push carrying this text has reached the page's browser (over its socket). */
function watchPushes(page: Page) {
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('sports:games-changed')) frames.push(text);
    }),
  );
  return { arrived: (needle: string) => frames.some((frame) => frame.includes(needle)) };
}

const billsCard = (page: Page) => page.getByRole('button', { name: /Buffalo Bills/ }).first();
/** The card's text runs team name then score: "Buffalo Bills24". */
const billsScore = (away: number) => new RegExp(`Buffalo Bills\\s*${away}(?!\\d)`);

async function expectAccessible(page: Page, what: string) {
  const violations = await axeViolations(page);
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  expect(serious, what).toEqual([]);
}

test('with a delay, a new score reaches the browser and shows only once the delay has passed', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await prepare(context, { delaySeconds: 10 });
  // The page's clock is the test's to move on, so the 10 s delay needs no 10 s wait.
  await page.clock.install();
  const pushes = watchPushes(page);
  await reuseSignIn(page);
  await page.goto('/sports');
  await expect(page.getByText('Scores are 10 s behind live')).toBeVisible();
  // The first read is held like everything else: time moves on until the scoreboard shows.
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await expect(billsCard(page)).toContainText(billsScore(17), { timeout: 200 });
  }).toPass();

  await controlEspn(request, { score: { id: BILLS_GAME, away: 24, home: 10 } });
  await expect.poll(() => pushes.arrived('"awayScore":24')).toBe(true);
  // Pushed and in the browser, but not on screen.
  await expect(billsCard(page)).toContainText(billsScore(17));
  await expect(billsCard(page)).not.toContainText(billsScore(24));

  await page.clock.fastForward(10_000);
  await expect(billsCard(page)).toContainText(billsScore(24));

  // Shortening the delay releases at once what is already due.
  await controlEspn(request, { score: { id: BILLS_GAME, away: 31, home: 10 } });
  await expect.poll(() => pushes.arrived('"awayScore":31')).toBe(true);
  await expect(billsCard(page)).not.toContainText(billsScore(31));
  // Off, from another tab of the app: the settings follow storage across tabs.
  const otherTab = await context.newPage();
  await otherTab.goto('/healthz');
  await otherTab.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('gameDaySettings')!);
    localStorage.setItem('gameDaySettings', JSON.stringify({ ...settings, delaySeconds: 0 }));
  });
  await expect(billsCard(page)).toContainText(billsScore(31));
  await expect(page.getByText(/behind live/)).toHaveCount(0);
});

test('Hide scores never shows the new score until Reveal score is pressed, and reveals that game only', async ({
  page,
  context,
  request,
}) => {
  await prepare(context, { hideScores: true });
  const pushes = watchPushes(page);
  await reuseSignIn(page);
  await page.goto('/sports');
  const bills = billsCard(page);
  await expect(bills).toContainText('10:17 - 3rd Quarter');
  await expect(bills).toContainText('score hidden');
  await expect(bills).not.toContainText(/Buffalo Bills\s*\d/);

  // A touchdown and the clock in one refresh: the clock shows, the score does not.
  await controlEspn(request, {
    score: { id: BILLS_GAME, away: 24, home: 10 },
    game: { id: BILLS_GAME, displayClock: '4:02', detail: '4:02 - 3rd Quarter', shortDetail: '4:02 - 3rd' },
  });
  await expect.poll(() => pushes.arrived('"awayScore":24')).toBe(true);
  await expect(bills).toContainText('4:02 - 3rd Quarter');
  await expect(bills).not.toContainText(/Buffalo Bills\s*24/);

  // Its dialog hides it too.
  await bills.click();
  const dialog = page.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' });
  await expect(dialog.getByTestId('away-score')).toHaveText('–score hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Reveal score, from the keyboard: that game's card shows its score, the others stay hidden.
  const reveal = page
    .getByRole('listitem')
    .filter({ has: bills })
    .getByRole('button', { name: 'Reveal score' });
  await expect(reveal).toHaveAccessibleDescription('Buffalo Bills at Miami Dolphins');
  await reveal.focus();
  await page.keyboard.press('Enter');
  await expect(bills).toContainText(billsScore(24));
  await expect(page.getByRole('button', { name: /Detroit Lions/ }).first()).toContainText('score hidden');
  await expect(reveal).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`the delayed and hidden Sports page and game dialog at ${width} px, ${theme} theme: axe-clean, screenshots`, async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000);
      await prepare(context, { delaySeconds: 30, hideScores: true, theme });
      await page.clock.install();
      await page.setViewportSize({ width, height: 900 });
      await reuseSignIn(page);
      await page.goto('/sports');
      await expect(page.getByText('Scores are 30 s behind live')).toBeVisible();
      await expect(async () => {
        await page.clock.fastForward(5_000);
        await expect(billsCard(page)).toContainText('score hidden', { timeout: 200 });
      }).toPass();
      await expect(page.getByRole('button', { name: 'Reveal score' }).first()).toBeVisible();
      await expectAccessible(page, `sports page, ${width} px, ${theme}`);
      await page.screenshot({ path: `/tmp/shots/scores-sports-${width}-${theme}.png` });

      await billsCard(page).click();
      const dialog = page.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' });
      await expect(dialog.getByRole('button', { name: 'Reveal score' })).toBeVisible();
      await expectAccessible(page, `game dialog, ${width} px, ${theme}`);
      await page.screenshot({ path: `/tmp/shots/scores-dialog-${width}-${theme}.png` });
    });
  }
}
