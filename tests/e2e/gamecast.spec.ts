import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { LABEL_CONTENT_NAME_MISMATCH, axeViolations } from './axe';
import { controlEspn, resetEspnAroundTests, reuseSignIn } from './helpers';

/**
 * The Gamecast in the game dialog against the fake ESPN the harness starts (its summaries are real
 * captured ones re-keyed to each fake game; the server reads a watched game's summary every few
 * seconds and pushes what changed): a scoring play added at the source reaches every open dialog
 * without a reload, Hide scores keeps the Gamecast out of the page until Reveal score, and the dialog
 * is axe-clean in both themes on a phone and a wide screen.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

/** Buffalo Bills (away, 17) at Miami Dolphins (home, 10), live in the 3rd quarter. */
const BILLS_GAME = '401671002';
const BILLS_DIALOG = 'Buffalo Bills vs Miami Dolphins';
const TOUCHDOWN = 'Tua Tagovailoa pass short middle to Jaylen Waddle for 12 yards, TOUCHDOWN';
const RUSHING_TOUCHDOWN = "De'Von Achane 3 yard rush, TOUCHDOWN";

resetEspnAroundTests();

interface Viewing {
  hideScores?: boolean;
  theme?: 'light' | 'dark';
}

/** Game-day settings and theme in storage before any page of the context loads. */
async function prepare(context: BrowserContext, { hideScores = false, theme = 'light' }: Viewing = {}) {
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
        delaySeconds: 0,
        hideScores,
      }),
      theme,
    ] as const,
  );
}

/** Opens a game's dialog from its card on the Sports page. */
async function openGame(page: Page, team: RegExp, title: string): Promise<Locator> {
  await page.goto('/sports');
  await page.getByRole('button', { name: team }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

const section = (dialog: Locator, name: string) => dialog.getByRole('region', { name, exact: true });
const newestScoringPlay = (dialog: Locator) => section(dialog, 'Scoring plays').getByRole('listitem').first();
const chart = (dialog: Locator) => section(dialog, 'Win probability').getByRole('img');

/** Whether a gamecast:changed push carrying this text has reached the page (over its socket). */
function watchGamecastPushes(page: Page) {
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('gamecast:changed')) frames.push(text);
    }),
  );
  return { arrived: (needle: string) => frames.some((frame) => frame.includes(needle)) };
}

test('a scoring play added at the source shows in the timeline, the chart and the score in two tabs, without a reload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await prepare(context);
  await reuseSignIn(page);
  const tabs = [page, await context.newPage()];
  const dialogs: Locator[] = [];
  for (const tab of tabs) dialogs.push(await openGame(tab, /Buffalo Bills/, BILLS_DIALOG));
  const chartNames: string[] = [];
  for (const dialog of dialogs) {
    await expect(newestScoringPlay(dialog)).toBeVisible({ timeout: 45_000 });
    await expect(newestScoringPlay(dialog)).not.toContainText(TOUCHDOWN);
    await expect(dialog.getByRole('table', { name: 'Team statistics' })).toBeVisible();
    chartNames.push((await chart(dialog).getAttribute('aria-label')) ?? '');
  }

  await controlEspn(request, {
    scoringPlay: { id: BILLS_GAME, team: 'home', points: 7, text: TOUCHDOWN },
  });

  for (const [index, dialog] of dialogs.entries()) {
    // The next read of the summary (every few seconds) brings it.
    await expect(newestScoringPlay(dialog)).toContainText(TOUCHDOWN, { timeout: 45_000 });
    await expect(newestScoringPlay(dialog)).toContainText('BUF 17');
    await expect(newestScoringPlay(dialog)).toContainText('MIA 17');
    await expect(dialog.getByTestId('home-score')).toHaveText('17');
    // The chart moved: the home side's chance after the touchdown is its newest point.
    await expect(chart(dialog)).not.toHaveAttribute('aria-label', chartNames[index]!);
    await section(dialog, 'Win probability')
      .getByRole('button', { name: 'Show win probability table' })
      .click();
    const table = section(dialog, 'Win probability').getByRole('table');
    const lastRow = table.getByRole('row').last();
    const percent = /(\d+)% now$/.exec((await chart(dialog).getAttribute('aria-label')) ?? '')?.[1];
    await expect(lastRow.getByRole('cell').nth(2)).toHaveText(`${percent}%`);
    // The box score is still there beside them.
    await expect(dialog.getByRole('table', { name: 'Team statistics' })).toBeVisible();
  }
});

test('Hide scores keeps the plays, box score and chart out of the page until Reveal score', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await prepare(context, { hideScores: true });
  const pushes = watchGamecastPushes(page);
  await reuseSignIn(page);
  const dialog = await openGame(page, /Buffalo Bills/, BILLS_DIALOG);
  await expect(
    dialog.getByText(/Plays, box score and win probability are hidden with the score/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByRole('heading', { name: 'Scoring plays' })).toHaveCount(0);

  // A play no earlier test added: the server keeps a game's Gamecast, and pushes only what changed.
  await controlEspn(request, {
    scoringPlay: { id: BILLS_GAME, team: 'home', points: 7, text: RUSHING_TOUCHDOWN },
  });
  // The next read of the summary (every few seconds) pushes it.
  await expect.poll(() => pushes.arrived('Achane'), { timeout: 45_000 }).toBe(true);
  // In the browser, not in the page: no text, no accessibility tree entry.
  for (const hidden of ['Achane', 'Team statistics', 'Win probability', 'Leaders']) {
    expect(await page.locator('body').innerText()).not.toContain(hidden);
  }
  await expect(dialog.getByRole('table')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: /chance of winning/ })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Reveal score' }).click();
  await expect(newestScoringPlay(dialog)).toContainText(RUSHING_TOUCHDOWN);
  await expect(dialog.getByRole('table', { name: 'Team statistics' })).toBeVisible();
  await expect(chart(dialog)).toBeVisible();
  await expect(dialog.getByTestId('home-score')).toHaveText('17');
});

/** Scrolls the dialog's body a screen at a time, a screenshot at each stop (at most `stops`). */
async function screenshots(page: Page, dialog: Locator, name: string, stops: number) {
  const body = dialog.locator('div.overflow-y-auto').first();
  const { height, view } = await body.evaluate((element) => ({
    height: element.scrollHeight,
    view: element.clientHeight,
  }));
  for (let top = 0, shot = 0; top < height && shot < stops; top += view, shot++) {
    await body.evaluate((element, to) => element.scrollTo(0, to), top);
    await page.screenshot({ path: `/tmp/shots/gamecast-${name}-${shot}.png` });
  }
}

/** Opens a live game's dialog and waits for its Gamecast's first answer. */
async function openLiveGame(page: Page, team: RegExp) {
  await page.goto('/sports');
  await page.getByRole('button', { name: team }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Scoring plays' })).toBeVisible({ timeout: 45_000 });
  return dialog;
}

/** axe on the open dialog alone (the page behind it is covered by the Sports page's own checks). */
async function expectDialogAccessible(page: Page, what: string) {
  // Let transitions settle (axe measures colours as painted); endless ones (a spinner) keep running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page, {
    include: 'dialog[open]',
    rules: LABEL_CONTENT_NAME_MISMATCH,
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
  expect(serious, what).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`the NFL game dialog's Gamecast at ${width} px, ${theme} theme: axe-clean, keyboard, screenshots`, async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000);
      await prepare(context, { theme });
      await page.setViewportSize({ width, height: 900 });
      await reuseSignIn(page);
      const dialog = await openLiveGame(page, /Buffalo Bills/);
      const what = `game dialog, ${width} px, ${theme}`;
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      await expectDialogAccessible(page, what);
      // The chart's table opens from the keyboard; the box score's wide tables scroll by keyboard.
      const disclosure = dialog.getByRole('button', { name: 'Show win probability table' });
      await disclosure.focus();
      await page.keyboard.press('Enter');
      const hideTable = dialog.getByRole('button', { name: 'Hide win probability table' });
      await expect(hideTable).toBeFocused();
      await expect(hideTable).toHaveAttribute('aria-expanded', 'true');
      await expect(dialog.getByRole('region', { name: 'Win probability table' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Show all plays' }).press('Space');
      await expect(dialog.getByRole('heading', { name: 'All plays' })).toBeVisible();
      await expectDialogAccessible(page, `${what}, with the table and all plays`);
      await screenshots(page, dialog, `nfl-${width}-${theme}`, 6);
    });
  }
}

test('the MLB, NBA and NHL dialogs (count and bases, the last play, no chart for the NHL): axe-clean, screenshots', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await prepare(context, { theme: 'dark' });
  await page.setViewportSize({ width: 390, height: 900 });
  await reuseSignIn(page);
  for (const league of ['MLB', 'NBA', 'NHL']) {
    await page.goto('/sports');
    const card = page
      .getByRole('region', { name: new RegExp(`^${league}`) })
      .getByRole('button')
      .filter({ hasText: /LIVE/ })
      .first();
    await card.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Scoring plays' })).toBeVisible({ timeout: 45_000 });
    await expect(dialog.getByRole('region', { name: 'Situation' })).toBeVisible();
    if (league === 'MLB') await expect(dialog.getByRole('img', { name: /^(Bases|Runners?) / })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Win probability' })).toHaveCount(
      league === 'NHL' ? 0 : 1,
    );
    await expectDialogAccessible(page, `${league} game dialog, 390 px, dark`);
    await screenshots(page, dialog, `${league.toLowerCase()}-390-dark`, 3);
  }
});
