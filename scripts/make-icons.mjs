#!/usr/bin/env node
// Remakes the app icons in client/public/ from the logo (client/public/favicon.svg) by rendering it
// in Debian's Chromium: the 192 and 512 px icons of the web app manifest, a maskable 512 px icon (the
// logo's indigo fills the whole square, so any mask a launcher applies cuts only background; the
// ball stays inside the central safe circle of 80% diameter), and the 180 px apple-touch-icon
// (opaque and square: iOS rounds the corners itself). The results are committed; run this again
// after changing the logo: `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from './lib.mjs';

const PUBLIC = join(ROOT, 'client/public');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const logo = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
// Full bleed: the rounded background rectangle becomes the whole square.
const square = logo.replace(/<rect([^>]*?) rx="[^"]*"/, '<rect$1');
if (square === logo) throw new Error('favicon.svg: no rounded <rect> background found to square off');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo, transparent: true },
  { file: 'icon-512.png', size: 512, svg: logo, transparent: true },
  { file: 'icon-maskable-512.png', size: 512, svg: square, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, svg: square, transparent: false },
];

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: join(PUBLIC, icon.file), omitBackground: icon.transparent });
    await page.close();
    console.log(`make-icons: client/public/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
