import { expect, test, type Locator, type Page } from '@playwright/test';
import { reuseSignIn } from './helpers';

const EPISODE = 'Tech Touchdown Ep. 0';
/** The committed episode is 57 s long (scripts/make-episode.sh). */
const EPISODE_LENGTH = '0:57';

const sidebarPlayer = (page: Page) => page.getByRole('region', { name: 'Podcast player' });
const miniPlayer = (page: Page) => page.getByRole('region', { name: 'Mini player' });
const seekBar = (page: Page) => sidebarPlayer(page).getByRole('slider', { name: 'Seek' });

/** Seconds into the episode, as the sidebar's progress bar says. */
const position = async (page: Page) => Number(await seekBar(page).getAttribute('aria-valuenow'));

/**
 * Signs in and opens the profile: the home page greets a first visit with the favourites
 * questionnaire, a modal that would sit over the players.
 */
async function signInToProfile(page: Page) {
  await reuseSignIn(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
}

async function clickAtFraction(bar: Locator, fraction: number) {
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

test.describe('podcast player', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the episode plays in Chromium, and both players show the same state', async ({ page }) => {
    await signInToProfile(page);
    await expect(sidebarPlayer(page).getByText('Tech Touchdown Podcast')).toBeVisible();
    await expect(sidebarPlayer(page).getByText(EPISODE)).toBeVisible();
    await expect(miniPlayer(page).getByText(EPISODE)).toBeVisible();
    // The header alone gives the length before anything plays.
    await expect(sidebarPlayer(page).getByText(EPISODE_LENGTH)).toBeVisible();

    await miniPlayer(page).getByRole('button', { name: 'Play' }).click();
    await expect(sidebarPlayer(page).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(miniPlayer(page).getByRole('button', { name: 'Pause' })).toBeVisible();
    // Time advances: the audio really plays.
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(miniPlayer(page).getByText(/^0:0[1-9] \/ 0:57$/)).toBeVisible();

    // It keeps playing across pages: the engine lives outside the pages.
    await page.getByRole('link', { name: 'Fantasy', exact: true }).click();
    await expect(page).toHaveURL(/\/fantasy$/);
    const before = await position(page);
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(before);

    await sidebarPlayer(page).getByRole('button', { name: 'Pause' }).click();
    await expect(miniPlayer(page).getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(sidebarPlayer(page).getByRole('button', { name: 'Play' })).toBeVisible();
  });

  test('seeks where the bar is clicked and with the arrow keys; skips 15 s back and 30 s forward', async ({
    page,
  }) => {
    await signInToProfile(page);
    await expect(sidebarPlayer(page).getByText(EPISODE_LENGTH)).toBeVisible();
    await clickAtFraction(seekBar(page), 0.5);
    await expect.poll(() => position(page)).toBeGreaterThanOrEqual(27);
    expect(await position(page)).toBeLessThanOrEqual(30);
    await expect(sidebarPlayer(page).getByText(/^0:2[7-9]$/)).toBeVisible();
    const atHalf = await position(page);

    await seekBar(page).press('ArrowRight');
    await expect.poll(() => position(page)).toBe(atHalf + 5);
    await seekBar(page).press('ArrowLeft');
    await seekBar(page).press('ArrowLeft');
    await expect.poll(() => position(page)).toBe(atHalf - 5);

    await sidebarPlayer(page).getByRole('button', { name: 'Skip back 15 seconds' }).click();
    await expect.poll(() => position(page)).toBe(atHalf - 20);
    await sidebarPlayer(page).getByRole('button', { name: 'Skip forward 30 seconds' }).click();
    await expect.poll(() => position(page)).toBe(atHalf + 10);
    // The mini player's bar follows.
    await expect(miniPlayer(page).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  });

  test('volume and speed are kept, and the episode resumes where it was left', async ({ page }) => {
    await signInToProfile(page);
    const volume = sidebarPlayer(page).getByRole('slider', { name: 'Volume' });
    await expect(volume).toHaveValue('1'); // default 1
    await volume.fill('0.35');
    await sidebarPlayer(page).getByRole('combobox', { name: 'Playback speed' }).selectOption('1.5');
    await expect(sidebarPlayer(page).getByText(EPISODE_LENGTH)).toBeVisible();
    await clickAtFraction(seekBar(page), 0.4);
    await expect.poll(() => position(page)).toBeGreaterThan(15);
    const left = await position(page);

    await page.reload();
    await expect(sidebarPlayer(page).getByRole('slider', { name: 'Volume' })).toHaveValue('0.35');
    await expect(sidebarPlayer(page).getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.5');
    await expect.poll(() => position(page)).toBe(left);
  });

  test('mute and shuffle are toggles that say whether they are on', async ({ page }) => {
    await signInToProfile(page);
    const mute = sidebarPlayer(page).getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    const shuffle = sidebarPlayer(page).getByRole('button', { name: 'Shuffle' });
    await shuffle.click();
    await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    // One episode: next and previous wrap onto it.
    await sidebarPlayer(page).getByRole('button', { name: 'Next track' }).click();
    await sidebarPlayer(page).getByRole('button', { name: 'Previous track' }).click();
    await expect(miniPlayer(page).getByText(EPISODE)).toBeVisible();
  });

  test("a file that cannot play says 'Failed to play audio. Please try again.' and stays paused", async ({
    page,
  }) => {
    await page.route('**/podcast/*.opus', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await signInToProfile(page);
    await sidebarPlayer(page).getByRole('button', { name: 'Play' }).click();
    await expect(miniPlayer(page).getByText('Failed to play audio. Please try again.')).toBeVisible();
    await expect(sidebarPlayer(page).getByText('Failed to play audio. Please try again.')).toBeVisible();
    await expect(sidebarPlayer(page).getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(miniPlayer(page).getByRole('button', { name: 'Play' })).toBeVisible();

    // Once the file is back, Play tries again and the message goes.
    await page.unroute('**/podcast/*.opus');
    await miniPlayer(page).getByRole('button', { name: 'Play' }).click();
    await expect(miniPlayer(page).getByText(EPISODE)).toBeVisible();
    await expect(sidebarPlayer(page).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  });
});

test.describe('podcast player on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mini player plays and pauses with the sidebar closed', async ({ page }) => {
    await signInToProfile(page);
    const mini = miniPlayer(page);
    await expect(mini.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(sidebarPlayer(page)).toBeHidden();
    await mini.getByRole('button', { name: 'Play' }).click();
    await expect(mini.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0', {
      timeout: 10_000,
    });
    // The sidebar opened later shows the same state.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebarPlayer(page).getByRole('button', { name: 'Pause' })).toBeVisible();
    await sidebarPlayer(page).getByRole('button', { name: 'Pause' }).click();
    await expect(mini.getByRole('button', { name: 'Play' })).toBeVisible();
  });
});
