import { expect, test, type Page } from '@playwright/test';
import { reuseSignIn } from './helpers';

/** Slideshow autoplay moves on every 5000 ms. */
const AUTOPLAY_MS = 5000;

const slideshow = (page: Page) => page.getByRole('dialog', { name: 'Slideshow' });
const counter = (page: Page, text: string) =>
  expect(slideshow(page).getByText(text, { exact: true })).toBeVisible();

test.describe('slideshow', () => {
  test('opens full screen from the sidebar; the keys move, play and close it', async ({ page }) => {
    await page.clock.install();
    await reuseSignIn(page);
    // From a page without the first-visit questionnaire, which would sit on top of the sidebar.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Slideshow', exact: true }).click();
    await expect(page).toHaveURL(/\/slideshow$/);

    const dialog = slideshow(page);
    await expect(dialog.getByRole('heading', { name: 'Tech Touchdown' })).toBeVisible();
    await expect(dialog.getByText('The Latest News in Tech & Sports')).toBeVisible();
    await counter(page, '1 / 2');
    // It covers the whole window, sidebar and top bar included.
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });

    // Arrows, wrapping both ways.
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('heading', { name: 'Our Venn Diagram' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Venn diagram of tech and sports news' })).toBeVisible();
    await counter(page, '2 / 2');
    await page.keyboard.press('ArrowRight');
    await counter(page, '1 / 2');
    await page.keyboard.press('ArrowLeft');
    await counter(page, '2 / 2');

    // Autoplay is off until Space.
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await counter(page, '2 / 2');
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await page.clock.runFor(AUTOPLAY_MS);
    await counter(page, '1 / 2');
    await page.clock.runFor(AUTOPLAY_MS);
    await counter(page, '2 / 2');
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(AUTOPLAY_MS * 2);
    await counter(page, '2 / 2');

    // Escape goes back to where the slideshow was opened from.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(slideshow(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  });

  test('the buttons and dots move it; close goes home when it was opened directly', async ({ page }) => {
    await reuseSignIn(page);
    await page.goto('/slideshow');
    const dialog = slideshow(page);
    await counter(page, '1 / 2');
    await dialog.getByRole('button', { name: 'Next slide' }).click();
    await counter(page, '2 / 2');
    await dialog.getByRole('button', { name: 'Previous slide' }).click();
    await counter(page, '1 / 2');
    await dialog.getByRole('button', { name: 'Go to slide 2: Our Venn Diagram' }).click();
    await counter(page, '2 / 2');
    // Space on the focused dot toggles autoplay rather than pressing the dot again.
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await counter(page, '2 / 2');

    await dialog.getByRole('button', { name: 'Close slideshow' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(slideshow(page)).toBeHidden();
  });

  test('is protected like the other pages', async ({ page }) => {
    await page.goto('/slideshow');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('slideshow on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits a 360 px screen and moves with its buttons', async ({ page }) => {
    await reuseSignIn(page);
    await page.goto('/slideshow');
    const dialog = slideshow(page);
    await expect(dialog.getByRole('heading', { name: 'Tech Touchdown' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'Next slide' }).click();
    await expect(dialog.getByRole('img', { name: 'Venn diagram of tech and sports news' })).toBeVisible();
  });
});
