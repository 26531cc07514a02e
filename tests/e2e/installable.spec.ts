import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { BASE_URL } from './env';
import { resetEspnAroundTests, reuseSignIn, signIn } from './helpers';

/**
 * What a person sees of the app outside its pages: each page's title in the tab, and the installable
 * app (web app manifest, icons, theme colours, and a service worker that opens the shell offline).
 */

const titled = (page: string) => `${page} · Tech Touchdown`;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('document titles', () => {
  resetEspnAroundTests();

  test('every page names itself in the tab, and the game dialog names the game', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(titled('Sign in'));

    await reuseSignIn(page);
    await expect(page).toHaveTitle(titled('Home'));
    for (const [link, title] of [
      ['Sports', 'Sports'],
      ['Fantasy', 'Fantasy'],
      ['Profile', 'Profile'],
      ['Home', 'Home'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).first().click();
      await expect(page).toHaveTitle(titled(title));
    }

    await page.goto('/sports');
    await expect(page).toHaveTitle(titled('Sports'));
    await page
      .getByRole('button', { name: /Buffalo Bills/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' })).toBeVisible();
    await expect(page).toHaveTitle(titled('BUF vs MIA'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveTitle(titled('Sports'));

    await page.goto('/slideshow');
    await expect(page).toHaveTitle(titled('Slideshow'));
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle(titled('Page not found'));
  });
});

test.describe('installable app', () => {
  // Explicitly: other specs may block service workers so that page.route sees every request.
  test.use({ serviceWorkers: 'allow' });

  test('the manifest is linked and served, with real icons in the sizes browsers ask for', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    const head = page.locator('head');
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(
      1,
    );
    await expect(head.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(
      1,
    );

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Tech Touchdown', start_url: '/', display: 'standalone' });
    const pngs = [
      ...manifest.icons.filter((icon) => icon.type === 'image/png'),
      { src: '/apple-touch-icon.png', sizes: '180x180', purpose: 'any' },
    ];
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '180x180 any',
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  test('Chromium finds the app installable and offers to install it', async ({ playwright }, testInfo) => {
    // A profile on disk: Chromium never offers to install from an incognito-like context, which is
    // what Playwright's usual contexts are.
    const profile = mkdtempSync(join(tmpdir(), 'tt-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL: BASE_URL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript(() => {
        window.addEventListener('beforeinstallprompt', () => {
          (window as { installPrompted?: boolean }).installPrompted = true;
        });
      });
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready);
      // Chromium's own installability check (what Lighthouse's installable-manifest audit reported).
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
        .toEqual([]);
      // The browser's install offer: the event a page sees when Chromium would show its install button.
      await expect
        .poll(() => page.evaluate(() => (window as { installPrompted?: boolean }).installPrompted))
        .toBe(true);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('a page that began loading while the worker installed is taken over too, without a reload', async ({
    page,
    context,
  }) => {
    // What a sign-in under load does: the worker is still installing when the next page (the return
    // from GitHub) is asked for, and it activates, claiming the open pages, before that page is there.
    // The browser leaves such a page out of the claim.
    const workerRequests: Route[] = [];
    let holdWorker = true;
    await context.route('**/*', async (route, request) => {
      if (holdWorker && request.serviceWorker()) workerRequests.push(route);
      else await route.fallback();
    });
    await page.goto('/login');
    await expect.poll(() => workerRequests.length).toBeGreaterThan(0);

    let nextPage: Route | null = null;
    await page.route(
      (url) => url.search === '?next',
      (route) => {
        nextPage = route;
      },
    );
    const navigation = page.goto('/login?next');
    await expect.poll(() => nextPage !== null).toBe(true);
    holdWorker = false;
    for (const route of workerRequests.splice(0)) await route.fallback();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await expect
      .poll(() =>
        worker.evaluate(
          () => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.state,
        ),
      )
      .toBe('activated');
    await nextPage!.fallback();
    await navigation;
    await expect(page.getByRole('heading', { name: 'Welcome to Tech Touchdown' })).toBeVisible();

    // The worker's clients.claim() is over; the page is still taken over, with no reload.
    const loaded = await page.evaluate(() => performance.timeOrigin);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
  });

  test("the policy lets in the app's own worker, and none made from a blob", async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const blobWorker = await page.evaluate(async () => {
      const url = URL.createObjectURL(new Blob(['postMessage("ran")'], { type: 'text/javascript' }));
      try {
        const worker = new Worker(url);
        return await new Promise<string>((resolve) => {
          worker.onmessage = () => resolve('ran');
          worker.onerror = () => resolve('refused');
        });
      } catch {
        return 'refused';
      }
    });
    expect(blobWorker).toBe('refused');
  });

  test('the service worker registers, and offline a reload still paints the shell', async ({
    page,
    context,
  }) => {
    await signIn(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A page that talks to the API and the socket while the worker is in charge.
    await page.goto('/sports');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Buffalo Bills/ }).first()).toBeVisible();

    await context.setOffline(true);
    try {
      // The worker itself cannot reach the server now: what follows comes from its cache.
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      expect(
        await worker.evaluate(() =>
          fetch('/healthz').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).toBe('offline');

      // The shell paints; without the server the session cannot be checked, and the app says so.
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Welcome to Tech Touchdown' })).toBeVisible();
      await expect(page.getByText('Failed to initialize authentication')).toBeVisible();
      await expect(page).toHaveTitle(titled('Sign in'));

      // Nothing of the API, the socket, sign-in or health checks is ever in a cache.
      const cached = await cachedPaths(page);
      expect(cached).toContain('/');
      expect(cached).toContainEqual(expect.stringMatching(/^\/assets\/index-.*\.js$/));
      expect(cached).not.toContainEqual(
        expect.stringMatching(/^\/(api|socket\.io|auth|dev-oauth|healthz|readyz)\b/),
      );
    } finally {
      await context.setOffline(false);
    }
  });
});

/** Every path held by the page origin's caches. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}
