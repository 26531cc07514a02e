import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../tests/e2e/helpers';

/**
 * Screenshots of a game room message with a busy reaction (1,234 fans gave 🔥) and its "who reacted"
 * tooltip open, in both themes at 390 and 1280 px, for people to look at (nothing is compared). The
 * harness has one fan, so the room's answers are rewritten on their way to the page: the fan's own 🔥
 * becomes the 1,234th, after the ten fans a reaction names.
 */

const FANS = ['ann', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];

/** Every socket frame from the server names the busy crowd instead of the lone fan. */
async function crowdTheReactions(page: Page, login: string) {
  const lone = `"emoji":"🔥","count":1,"logins":["${login}"]`;
  const crowd = `"emoji":"🔥","count":1234,"logins":${JSON.stringify(FANS)}`;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => ws.send(typeof frame === 'string' ? frame.replaceAll(lone, crowd) : frame));
  });
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`busy reaction screenshots, ${theme}, ${width} px`, async ({ page }) => {
      const login = `shots-${theme}-${width}`;
      await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await crowdTheReactions(page, login);
      await signIn(page, { login });
      await page.goto('/sports');
      await page
        .getByRole('button', { name: /San Francisco 49ers/ })
        .first()
        .click();
      const chat = page.getByRole('dialog').getByRole('region', { name: 'Game chat' });
      await chat.getByRole('radio', { name: /^Away/ }).click();
      await chat.getByRole('button', { name: 'Join Chat' }).click();
      const text = `Busy room ${theme} ${width}`;
      await chat.getByRole('combobox', { name: 'Message' }).fill(text);
      await chat.getByRole('button', { name: 'Send message' }).click();
      const row = chat
        .getByRole('log', { name: 'Chat messages' })
        .getByRole('listitem')
        .filter({ hasText: text });
      await row.hover();
      await row.getByRole('button', { name: 'Add reaction' }).click();
      await row
        .getByRole('group', { name: 'Reactions' })
        .getByRole('button', { name: 'React with 🔥' })
        .click();
      const fire = row.getByRole('button', { name: 'Remove 🔥 reaction' });
      await expect(fire.locator('xpath=following-sibling::span[1]')).toHaveText('1,234');
      // Keyboard focus opens the tooltip, as hover does.
      await fire.focus();
      await expect(row.getByRole('tooltip')).toBeVisible();
      await expect(row.getByRole('tooltip')).toContainText('and 1,224 others');
      await page.screenshot({ path: `test-results/screenshots/chat-reactions-${theme}-${width}.png` });
      // The newest message is at the list's foot: the tooltip opens upwards there, inside the list,
      // on focus and on hover alike.
      const list = await chat.getByRole('log', { name: 'Chat messages' }).boundingBox();
      const inList = async () => {
        const tip = await row.getByRole('tooltip').boundingBox();
        expect(tip!.y).toBeGreaterThanOrEqual(list!.y);
        expect(tip!.y + tip!.height).toBeLessThanOrEqual(list!.y + list!.height);
      };
      await inList();
      await fire.blur();
      await page.mouse.move(0, 0);
      await expect(row.getByRole('tooltip')).toBeHidden();
      await fire.hover();
      await expect(row.getByRole('tooltip')).toBeVisible();
      await inList();
      await page.screenshot({ path: `test-results/screenshots/chat-reactions-hover-${theme}-${width}.png` });
    });
  }
}
