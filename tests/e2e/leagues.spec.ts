import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { LABEL_CONTENT_NAME_MISMATCH, axeViolations } from './axe';
import { signIn } from './helpers';

/**
 * Leagues with friends, end to end: two fans in two browsers draft against eight AI teams on the
 * server's clock (the shortest pick time, 30 s), each seeing the other's picks as they happen, and a
 * fan who lets the clock run out gets the first company of their queue still available.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

const onTheClock = (page: Page) => page.getByText("You're on the clock");
const board = (page: Page) => page.getByRole('region', { name: 'Picks by round' });
const available = (page: Page) => page.getByRole('list', { name: 'Available companies' });
const queueEntries = (page: Page) => page.getByRole('list', { name: 'My queue' }).getByRole('listitem');

async function fan(browser: Browser, login: string, from?: string) {
  const context = await browser.newContext();
  // Loopback only: remote logos are refused, as when offline.
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, { login, from });
  return page;
}

/** The name of the n-th company of the available list (0 is the first). */
async function availableName(page: Page, index: number): Promise<string> {
  const item = available(page).getByRole('listitem').nth(index);
  return (await item.locator('span span').first().textContent())!.trim();
}

/** Waits until one of the two fans is on the clock; answers which. */
async function nextOnClock(pages: readonly Page[], timeout = 60_000): Promise<Page> {
  await Promise.race(pages.map((page) => onTheClock(page).waitFor({ timeout })));
  for (const page of pages) if (await onTheClock(page).isVisible()) return page;
  throw new Error('Nobody is on the clock');
}

/** The fan on the clock drafts the first available company; the other sees it on the board at once. */
async function draftFirstAvailable(page: Page, other: Page): Promise<string> {
  const name = await availableName(page, 0);
  await page.getByRole('button', { name: `Draft ${name}`, exact: true }).click();
  await expect(board(page)).toContainText(name);
  await expect(board(other)).toContainText(name);
  await expect(onTheClock(page)).toBeHidden();
  return name;
}

async function expectAccessible(page: Page, what: string) {
  const violations = await axeViolations(page, { rules: LABEL_CONTENT_NAME_MISMATCH });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  expect(serious, what).toEqual([]);
}

test('two fans draft live against eight AI teams; a queued company is picked when the clock runs out', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const one = await fan(browser, 'fan-one');

  // fan-one creates a league with the shortest clock and gets its invite link.
  await one.getByRole('link', { name: 'Leagues', exact: true }).first().click();
  await expect(one.getByRole('heading', { name: 'Leagues with friends' })).toBeVisible();
  await one.getByLabel('League name').fill('Office Draft');
  await one.getByRole('radio', { name: '30 s' }).check();
  await one.getByRole('button', { name: 'Create league' }).click();
  const inviteField = one.getByLabel('Invite link').first();
  await expect(inviteField).toHaveValue(/\/fantasy\/leagues\/join\/[\w-]{22}$/);
  const invitePath = new URL(await inviteField.inputValue()).pathname;
  await expectAccessible(one, 'leagues with friends');
  await one.getByRole('link', { name: 'open its lobby' }).click();
  await expect(one.getByRole('heading', { name: 'Seats (1 of 10 taken)' })).toBeVisible();

  // fan-two opens the link signed out, signs in, comes back to it and takes a seat.
  const two = await fan(browser, 'fan-two', invitePath);
  await expect(two).toHaveURL(new RegExp(`${invitePath}$`));
  await expect(two.getByRole('heading', { name: 'Office Draft' })).toBeVisible();
  await expect(two.getByText('@fan-one')).toBeVisible();
  await expectAccessible(two, 'the invite page');
  await two.getByRole('button', { name: 'Take a seat' }).click();
  await expect(two.getByRole('heading', { name: 'Seats (2 of 10 taken)' })).toBeVisible();
  await expect(two.getByText('Waiting for @fan-one to start the draft.')).toBeVisible();
  // The commissioner's lobby shows the new seat without a reload, and the AI teams for the rest.
  await expect(one.getByRole('heading', { name: 'Seats (2 of 10 taken)' })).toBeVisible();
  await expect(one.getByText('@fan-two')).toBeVisible();
  await expect(one.getByText('Innovation Inc')).toBeHidden();
  await expect(one.getByText('Byte Brigade')).toBeVisible();
  await expectAccessible(one, 'the lobby');

  await one.getByRole('button', { name: 'Start draft' }).click();
  for (const page of [one, two])
    await expect(page.getByRole('heading', { name: 'Draft board' })).toBeVisible();

  // A third fan with the link is told the draft has started, and cannot take a seat.
  const late = await fan(browser, 'fan-late', invitePath);
  await expect(late.getByRole('alert')).toHaveText('This draft has already started.');
  await expect(late.getByRole('button', { name: 'Take a seat' })).toBeDisabled();
  await late.context().close();

  // Round 1: each fan drafts when on the clock; the other sees the pick at once.
  const pickedBy = new Map<Page, string>();
  while (pickedBy.size < 2) {
    const page = await nextOnClock([one, two].filter((candidate) => !pickedBy.has(candidate)));
    pickedBy.set(page, await draftFirstAvailable(page, page === one ? two : one));
  }

  // fan-one queues three companies (the AI teams may take some before fan-one's turn comes back).
  const queued: string[] = [];
  for (let index = 0; queued.length < 3; index += 1) {
    const name = await availableName(one, index);
    await one.getByRole('button', { name: `Queue ${name}`, exact: true }).click();
    await expect(queueEntries(one)).toHaveCount(queued.length + 1);
    queued.push(name);
  }

  // Round 2: fan-two drafts if on the clock first; fan-one lets the clock run out.
  for (;;) {
    const page = await nextOnClock([one, two]);
    if (page === one) break;
    await draftFirstAvailable(two, one);
  }
  const clock = one.getByTestId('pick-clock');
  await expect(clock).toHaveText(/^0:[0-3]\d$/);

  // The server picks for fan-one from the queue when the clock runs out: both fans see it.
  const fromQueue = board(one).getByText('(from queue)').first();
  await expect(fromQueue).toBeVisible({ timeout: 45_000 });
  const line = (await fromQueue.locator('..').textContent())!;
  const picked = queued.find((name) => line.includes(`fan-one: ${name}`));
  expect(picked, `${line} is one of ${queued.join(', ')}`).toBeDefined();
  await expect(board(two).getByText('(from queue)').first()).toBeVisible();
  // A drafted company leaves the queue.
  await expect(one.getByRole('list', { name: 'My queue' })).not.toContainText(picked!);

  // The draft room in both themes at phone and desktop width, axe-clean.
  for (const theme of ['light', 'dark'] as const) {
    await two.evaluate((stored) => localStorage.setItem('theme', stored), theme);
    await two.reload();
    await expect(two.getByRole('heading', { name: 'Draft board' })).toBeVisible();
    for (const width of [390, 1280]) {
      await two.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(two.getByTestId('pick-clock')).toBeVisible();
      await two.screenshot({ path: `/tmp/shots/leagues-draft-room-${theme}-${width}.png`, fullPage: true });
      await expectAccessible(two, `draft room, ${theme}, ${width} px`);
    }
  }

  await one.context().close();
  await two.context().close();
});

test('a refused seat says why: an unknown invite link', async ({ page }) => {
  await signIn(page, { login: 'fan-three', from: '/fantasy/leagues/join/AAAAAAAAAAAAAAAAAAAAAA' });
  await expect(page.getByRole('alert')).toHaveText('This invite is not valid.');
  await expect(page.getByRole('button', { name: 'Take a seat' })).toBeHidden();
});

test('the queue reorders from the keyboard in the browser', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await fan(browser, 'fan-keys');
  await page.goto('/fantasy/leagues');
  await page.getByLabel('League name').fill('Keyboard League');
  await page.getByRole('button', { name: 'Create league' }).click();
  await page.getByRole('link', { name: 'open its lobby' }).click();
  await page.getByRole('button', { name: 'Start draft' }).click();
  await expect(page.getByRole('heading', { name: 'Draft board' })).toBeVisible();
  // Paused, nobody picks: the queue stays as the fan arranges it.
  await page.getByRole('button', { name: 'Pause draft' }).click();
  await expect(page.getByText('The draft is paused.')).toBeVisible();
  const names = [await availableName(page, 5), await availableName(page, 6)];
  for (const name of names) await page.getByRole('button', { name: `Queue ${name}`, exact: true }).click();
  await expect(queueEntries(page)).toHaveCount(2);
  const first: Locator = queueEntries(page).first();
  await first.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(queueEntries(page)).toHaveText([new RegExp(names[1]!), new RegExp(names[0]!)]);
  // The server stored the new order: it is still there after a reload.
  await page.reload();
  await expect(queueEntries(page)).toHaveText([new RegExp(names[1]!), new RegExp(names[0]!)]);
  await page.context().close();
});
