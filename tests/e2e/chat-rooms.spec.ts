import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Game rooms as fans use them, each fan in their own browser context (their own session): reactions
 * seen live by the other fan, a mention highlighted for the one mentioned, the unread badge on the
 * Sports page counting and clearing in two tabs, and slow mode and time-outs set by a moderator (the
 * harness makes `rooms-moderator` one). Each test uses its own game, so rooms never mix.
 */

// Each test stands on its own (its own sign-in, its own fakes' state), so this file's tests spread
// over the workers, each worker against its own harness (playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

const messageBox = (chat: Locator) => chat.getByRole('combobox', { name: 'Message' });
const chatLog = (chat: Locator) => chat.getByRole('log', { name: 'Chat messages' });
/** A message's row in the list, found by its text. */
/** The count a reaction chip shows beside its button (the button's name holds only what it does). */
const countOf = (button: Locator) => button.locator('xpath=following-sibling::span[1]');
const messageRow = (chat: Locator, text: string) =>
  chatLog(chat).getByRole('listitem').filter({ hasText: text });

async function signedIn(browser: Browser, login: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { login });
  return { context, page };
}

/** Joins the chat of the game dialog open on the page, on the away side. */
async function joinOpenChat(page: Page): Promise<Locator> {
  const chat = page.getByRole('dialog').getByRole('region', { name: 'Game chat' });
  await chat.getByRole('radio', { name: /^Away/ }).click();
  await chat.getByRole('button', { name: 'Join Chat' }).click();
  await expect(chat.getByText('Live Game Chat')).toBeVisible();
  await expect(chat.getByText('Loading messages...')).toHaveCount(0);
  return chat;
}

/** Opens a game's dialog from the Sports page and joins its chat. */
async function joinRoom(page: Page, game: RegExp): Promise<Locator> {
  if (!page.url().endsWith('/sports')) await page.goto('/sports');
  await page.getByRole('button', { name: game }).first().click();
  return joinOpenChat(page);
}

async function say(chat: Locator, text: string) {
  await messageBox(chat).fill(text);
  await chat.getByRole('button', { name: 'Send message' }).click();
  await expect(chatLog(chat).getByText(text)).toBeVisible();
}

test('two fans react to a message and see each other’s reactions live', async ({ browser }) => {
  test.setTimeout(90_000);
  const game = /San Francisco 49ers/;
  const niners = await signedIn(browser, 'niners-fan');
  const hawks = await signedIn(browser, 'hawks-fan');
  const nineChat = await joinRoom(niners.page, game);
  const hawkChat = await joinRoom(hawks.page, game);

  await say(nineChat, 'What a catch!');
  const theirRow = messageRow(hawkChat, 'What a catch!');
  await expect(theirRow).toBeVisible();

  // hawks-fan adds 🔥 from the picker.
  await theirRow.hover();
  await theirRow.getByRole('button', { name: 'Add reaction' }).click();
  await theirRow
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: 'React with 🔥' })
    .click();
  const hawkFire = theirRow.getByRole('button', { name: 'Remove 🔥 reaction' });
  await expect(hawkFire).toHaveAttribute('aria-pressed', 'true');
  await expect(countOf(hawkFire)).toHaveText('1');

  // niners-fan sees it live, with who reacted on hover, and adds theirs.
  const myRow = messageRow(nineChat, 'What a catch!');
  const nineFire = myRow.getByRole('button', { name: 'React with 🔥' });
  await expect(countOf(nineFire)).toHaveText('1');
  await expect(nineFire).toHaveAttribute('aria-pressed', 'false');
  await nineFire.hover();
  await expect(myRow.getByRole('tooltip')).toHaveText('1 reaction: @hawks-fan');
  // The whole chip presses, its count too (the button covers it).
  const countBox = (await countOf(nineFire).boundingBox())!;
  await niners.page.mouse.click(countBox.x + countBox.width / 2, countBox.y + countBox.height / 2);
  await expect(countOf(myRow.getByRole('button', { name: 'Remove 🔥 reaction' }))).toHaveText('2');
  await expect(countOf(hawkFire)).toHaveText('2');
  await expect(hawkFire).toHaveAccessibleDescription('2 reactions: @hawks-fan, @niners-fan');

  // hawks-fan's second tab shows the 🔥 as theirs from the start (the room says which reactions
  // are the reader's, not only who the first fans were).
  const hawkTab = await hawks.context.newPage();
  const tabChat = await joinRoom(hawkTab, game);
  const tabRow = messageRow(tabChat, 'What a catch!');
  await expect(countOf(tabRow.getByRole('button', { name: 'Remove 🔥 reaction' }))).toHaveText('2');

  // hawks-fan takes theirs back: both fans see one again, and the second tab knows it was theirs.
  await hawkFire.click();
  await expect(countOf(theirRow.getByRole('button', { name: 'React with 🔥' }))).toHaveText('1');
  await expect(countOf(myRow.getByRole('button', { name: 'Remove 🔥 reaction' }))).toHaveText('1');
  await expect(tabRow.getByRole('button', { name: 'React with 🔥' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await niners.context.close();
  await hawks.context.close();
});

test('a mention picked from "Mention someone" highlights the message for the one mentioned', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const game = /Los Angeles Clippers/;
  const clips = await signedIn(browser, 'clips-fan');
  const lakers = await signedIn(browser, 'lakers-fan');
  const clipsChat = await joinRoom(clips.page, game);
  const lakersChat = await joinRoom(lakers.page, game);
  await say(clipsChat, 'Clippers by ten tonight.');
  await expect(chatLog(lakersChat).getByText('Clippers by ten tonight.')).toBeVisible();

  // lakers-fan types @, picks clips-fan with the keyboard and sends.
  const box = messageBox(lakersChat);
  await box.fill('Bold call ');
  await box.pressSequentially('@cl');
  const list = lakersChat.getByRole('listbox', { name: 'Mention someone' });
  await expect(list.getByRole('option', { name: '@clips-fan' })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('Bold call @clips-fan ');
  await box.pressSequentially('<b>not bold</b>');
  await box.press('Enter');

  // Highlighted for clips-fan only, and the text stays text.
  const forClips = messageRow(clipsChat, 'not bold');
  await expect(forClips).toContainText('Mentions you');
  await expect(forClips).toContainText('Bold call @clips-fan <b>not bold</b>');
  await expect(forClips.locator('b')).toHaveCount(0);
  const forLakers = messageRow(lakersChat, 'not bold');
  await expect(forLakers).toBeVisible();
  await expect(forLakers).not.toContainText('Mentions you');

  await clips.context.close();
  await lakers.context.close();
});

test('the unread badge on the Sports page counts and clears in two tabs', async ({ browser }) => {
  test.setTimeout(120_000);
  const game = /New Jersey Devils/;
  const devils = await signedIn(browser, 'devils-fan');
  const rangers = await signedIn(browser, 'rangers-fan');
  const rangersChat = await joinRoom(rangers.page, game);
  await say(rangersChat, 'Rangers own this building.');

  // devils-fan reads the room once (so it counts as joined), then leaves the dialog.
  const firstTab = devils.page;
  const devilsChat = await joinRoom(firstTab, game);
  await expect(chatLog(devilsChat).getByText('Rangers own this building.')).toBeVisible();
  const card = (page: Page) => page.getByRole('button', { name: game }).first();
  await firstTab.keyboard.press('Escape');
  await expect(firstTab.getByRole('dialog')).toBeHidden();
  await expect(card(firstTab)).not.toContainText('unread');

  // A second tab of the same fan, on the Sports page too.
  const secondTab = await devils.context.newPage();
  await secondTab.goto('/sports');
  await expect(card(secondTab)).toBeVisible();
  await expect(card(secondTab)).not.toContainText('unread');

  // Three new messages, one of them mentioning devils-fan.
  await say(rangersChat, 'First period, two nothing.');
  await say(rangersChat, 'Your goalie looks tired.');
  await say(rangersChat, '@devils-fan where did you go?');
  for (const tab of [firstTab, secondTab]) {
    await expect(card(tab)).toContainText('3 unread');
    await expect(card(tab)).toContainText('mentions you');
  }

  // Reading the room in one tab clears the badge in both.
  await card(firstTab).click();
  const dialog = firstTab.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'Game chat' })).toContainText('3 unread');
  const reread = await joinOpenChat(firstTab);
  await expect(reread.getByText('New messages')).toBeVisible();
  await expect(reread.getByRole('button', { name: 'Jump to first unread' })).toBeVisible();
  await expect(card(secondTab)).not.toContainText('unread');
  await firstTab.keyboard.press('Escape');
  await expect(card(firstTab)).not.toContainText('unread');

  await devils.context.close();
  await rangers.context.close();
});

test('a moderator turns slow mode on, the fan counts down, and a time-out mutes them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const game = /Washington Commanders/;
  const moderator = await signedIn(browser, 'rooms-moderator');
  const fan = await signedIn(browser, 'commanders-fan');
  const modChat = await joinRoom(moderator.page, game);
  const fanChat = await joinRoom(fan.page, game);

  await modChat.getByText('Moderation', { exact: true }).click();
  await modChat.getByLabel('Slow mode').selectOption('5 s');
  await expect(modChat.getByRole('region', { name: 'Moderation log' })).toContainText(
    '@rooms-moderator set slow mode to 5 s',
  );
  await expect(fanChat.getByText('Slow mode is on (5 s)')).toBeVisible();

  // The fan sends; the box counts down the wait, then lets them send again.
  await say(fanChat, 'Hail to the Commanders');
  const wait = fanChat.getByText(/^Slow mode: wait \d s$/);
  await expect(wait).toBeVisible();
  const first = Number((await wait.textContent())!.match(/\d/)![0]);
  await expect(fanChat.getByText(`Slow mode: wait ${first - 1} s`)).toBeVisible();
  await messageBox(fanChat).fill('Second message');
  await expect(fanChat.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(wait).toBeHidden({ timeout: 10_000 });
  await expect(fanChat.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await fanChat.getByRole('button', { name: 'Send message' }).click();
  await expect(chatLog(fanChat).getByText('Second message')).toBeVisible();

  // The moderator times the fan out for 5 minutes: the fan sees until when.
  const row = messageRow(modChat, 'Second message');
  await row.hover();
  await row.getByRole('button', { name: 'Time out @commanders-fan' }).click();
  await moderator.page.getByRole('button', { name: 'Time out @commanders-fan for 5 minutes' }).click();
  await expect(fanChat.getByText(/^You are muted in this room until \d\d:\d\d$/)).toBeVisible();
  await expect(messageBox(fanChat)).toHaveCount(0);
  await expect(modChat.getByRole('region', { name: 'Moderation log' })).toContainText(
    '@rooms-moderator timed out @commanders-fan for 5 minutes',
  );

  await moderator.context.close();
  await fan.context.close();
});
