import { expect, test } from '@playwright/test';
import { signIn } from '../../tests/e2e/helpers';

/**
 * The login carousel's three pictures, taken from this app itself (dashboard, sports page, game chat)
 * against the e2e harness (fake ESPN, fake news feeds), saved small as JPEG under client/public/carousel/.
 * Run with `npm run screenshots -- carousel` and commit the pictures.
 */

const OUT = 'client/public/carousel';
const SHOT = { type: 'jpeg', quality: 72, animations: 'disabled' } as const;

test.use({ viewport: { width: 1280, height: 720 }, colorScheme: 'light', deviceScaleFactor: 1 });

test('carousel pictures', async ({ page, browser }) => {
  // Remote logos cannot load here; the app shows short names on team colours instead.
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'light');
    localStorage.setItem(
      'favoriteTeams',
      JSON.stringify({ nfl: ['KC', 'DET'], nba: ['LAL'], mlb: [], nhl: ['NYR'] }),
    );
    localStorage.setItem('teamQuestionnaireCompleted', 'true');
    localStorage.setItem(
      'favoriteTech',
      JSON.stringify({ languages: ['TS', 'RUST'], stacks: ['REACT'], industries: [], companies: ['OPENAI'] }),
    );
    localStorage.setItem('techQuestionnaireCompleted', 'true');
  });
  await signIn(page);

  await page.goto('/');
  await expect(page.getByText(/^Found \d+ results?/).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${OUT}/dashboard.jpg`, ...SHOT });

  await page.goto('/sports');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.screenshot({ path: `${OUT}/sports.jpg`, ...SHOT });

  // A second fan in the same room, so the chat shows both sides.
  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const rival = await other.newPage();
  await signIn(rival, { login: 'bears-fan' });
  const joined = new Set<typeof page>();
  for (const [fan, side, line] of [
    [page, 'Away', 'That drive was a thing of beauty. Ship it!'],
    [rival, 'Home', 'Enjoy it while it lasts, our defence deploys in the 4th.'],
    [page, 'Away', 'Your defence has more bugs than a Friday release.'],
  ] as const) {
    if (!joined.has(fan)) {
      joined.add(fan);
      await fan.goto('/sports');
      await fan
        .getByRole('button', { name: /Detroit Lions/ })
        .first()
        .click();
      await fan.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
      await fan.getByRole('button', { name: 'Join Chat' }).click();
    }
    await fan.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill(line);
    await fan.getByRole('button', { name: 'Send message' }).click();
    await expect(fan.getByRole('log', { name: 'Chat messages' }).getByText(line)).toBeVisible();
  }
  await expect(
    page.getByRole('log', { name: 'Chat messages' }).getByText(/our defence deploys/),
  ).toBeVisible();
  await page.getByRole('region', { name: 'Game chat' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/chat.jpg`, ...SHOT });
  await other.close();
});
