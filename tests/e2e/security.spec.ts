import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { reuseSignIn, signIn } from './helpers';

/**
 * The Content Security Policy the app actually runs under: every page and every dialog, the framed
 * article, the podcast and the game chat, with no CSP violation reported (as a
 * `securitypolicyviolation` event or a console message). And hostile text rendered as text: script in
 * a chat message and in an article's markdown never becomes markup, and never runs.
 */

const LAKERS_STORY = 'Lakers extend win streak to six behind LeBron James triple-double';
const GAME = /Detroit Lions/;
const GAME_ID = '401671001'; // Detroit Lions at Kansas City Chiefs in the fake ESPN day

/** Records CSP violations and CSP console messages of every page of the context. */
async function watchCsp(context: BrowserContext) {
  const reports: string[] = [];
  await context.exposeFunction('__reportCsp', (line: string) => reports.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportCsp(line: string): Promise<void> }).__reportCsp(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      reports.push(`console: ${message.text()}`);
    }
  });
  // Remote logo and avatar hosts are refused, as when offline (a network failure, not a CSP one).
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  return reports;
}

/** Marks set by any payload that managed to run. */
const ranPayloads = (page: Page) =>
  page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null);

test.describe('Content Security Policy', () => {
  test.describe.configure({ timeout: 90_000 });

  test('no page, dialog, frame, player or chat of the app violates it', async ({ page, context }) => {
    const reports = await watchCsp(context);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();
    await signIn(page);

    for (const [path, ready] of [
      ['/', page.getByRole('region', { name: 'Sports News' }).getByText('Search Results')],
      ['/sports', page.getByRole('heading', { level: 2 }).first()],
      ['/fantasy', page.getByRole('heading', { level: 1 })],
      ['/profile', page.getByRole('heading', { level: 1 })],
      ['/slideshow', page.getByRole('dialog')],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      expect(reports, path).toEqual([]);
    }

    // Both themes (the no-flash theme script is the one inline script, allowed by its hash).
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The podcast plays from the app's own origin.
    await page.getByRole('button', { name: 'Play' }).first().click();
    await expect(page.getByRole('button', { name: 'Pause' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Pause' }).first().click();

    // An article in the drawer, then framed from its own (loopback) site.
    await page.goto('/');
    const sports = page.getByRole('region', { name: 'Sports News' });
    await sports.getByRole('searchbox').fill('Lakers');
    await sports.getByRole('searchbox').press('Enter');
    await sports
      .getByRole('article', { name: LAKERS_STORY })
      .getByRole('button', { name: 'Read', exact: true })
      .click();
    const drawer = page.getByRole('dialog', { name: LAKERS_STORY });
    await expect(drawer.getByRole('region', { name: 'Article Content' })).toContainText('sixth straight win');
    await drawer.getByRole('button', { name: 'View in Frame' }).click();
    const frame = page.frameLocator(`iframe[title="${LAKERS_STORY}"]`);
    await expect(frame.getByRole('heading', { name: LAKERS_STORY })).toBeVisible();
    await page.keyboard.press('Escape');

    // The game dialog with its live chat over the socket.
    await page.goto('/sports');
    await page.getByRole('button', { name: GAME }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Home/ }).click();
    await dialog.getByRole('button', { name: 'Join Chat' }).click();
    const input = dialog.getByPlaceholder(/^Message the .+ chat\.\.\.$/);
    await input.fill('CSP check');
    await input.press('Enter');
    await expect(dialog.getByRole('log', { name: 'Chat messages' })).toContainText('CSP check');

    expect(reports).toEqual([]);
  });
});

test.describe('hostile text is rendered as text', () => {
  test.describe.configure({ timeout: 60_000 });

  test('script in a chat message shows literally and never runs', async ({ page, context }) => {
    const reports = await watchCsp(context);
    await reuseSignIn(page);
    const payloads = [
      '<script>window.__xss = "script"</script>',
      '<img src=x onerror="window.__xss = \'img\'">',
      '<a href="javascript:window.__xss=\'link\'">click me</a>',
      '"><svg onload="window.__xss = \'svg\'">',
    ];
    // Posted the way any client can: straight to the REST API with the session.
    for (const message of payloads) {
      const answer = await page.request.post(`/api/chat/games/${GAME_ID}/messages`, {
        data: { message, team: 'home', awayTeam: 'Detroit Lions', homeTeam: 'Kansas City Chiefs' },
      });
      expect(answer.status()).toBe(201);
    }
    await page.goto('/sports');
    await page.getByRole('button', { name: GAME }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Home/ }).click();
    await dialog.getByRole('button', { name: 'Join Chat' }).click();
    const log = dialog.getByRole('log', { name: 'Chat messages' });
    for (const message of payloads) await expect(log.getByText(message, { exact: true })).toBeVisible();
    await expect(log.locator('script, img, svg[onload], a[href^="javascript:"]')).toHaveCount(0);
    await log.getByText(payloads[2]!, { exact: true }).click();
    expect(await ranPayloads(page)).toBeNull();
    expect(reports).toEqual([]);
  });

  test("script in an article's markdown never becomes markup", async ({ page, context }) => {
    const reports = await watchCsp(context);
    await reuseSignIn(page);
    const hostile = [
      '# Trade deadline',
      'The **deal** is done.',
      '<script>window.__xss = "script"</script>',
      '<img src=x onerror="window.__xss = \'img\'">',
      '<iframe src="javascript:window.__xss=\'frame\'"></iframe>',
      "[Read the memo](javascript:window.__xss='link')",
      "![chart](javascript:window.__xss='image')",
      // Long enough for the drawer to offer the raw view.
      'The rest of the story. '.repeat(60),
    ].join('\n\n');
    // The drawer's contents come back from the server carrying the hostile page.
    await page.route('**/api/exa/get-contents', async (route) => {
      const url = (route.request().postDataJSON() as { urls: string[] }).urls[0]!;
      await route.fulfill({
        json: {
          success: true,
          provider: 'local',
          requestId: 'hostile',
          results: [
            {
              id: url,
              url,
              title: '<script>window.__xss="title"</script>',
              publishedDate: null,
              author: '<img src=x onerror="window.__xss=\'author\'">',
              score: null,
              text: hostile,
              summary: '<b onmouseover="window.__xss=\'summary\'">summary</b>',
              highlights: ['<script>window.__xss="highlight"</script>'],
            },
          ],
          statuses: [{ id: url, status: 'success' }],
        },
      });
    });
    await page.goto('/');
    const sports = page.getByRole('region', { name: 'Sports News' });
    await sports.getByRole('searchbox').fill('Lakers');
    await sports.getByRole('searchbox').press('Enter');
    await sports
      .getByRole('article', { name: LAKERS_STORY })
      .getByRole('button', { name: 'Read', exact: true })
      .click();
    const drawer = page.getByRole('dialog');
    const content = drawer.getByRole('region', { name: 'Article Content' });
    await expect(content.getByRole('heading', { name: 'Trade deadline' })).toBeVisible();
    await expect(content.locator('strong')).toHaveText('deal');
    // Raw HTML in the markdown is dropped, links and images keep no javascript: address.
    await expect(
      drawer.locator('script, iframe, img[src="x"], [onerror], [onload], [onmouseover]'),
    ).toHaveCount(0);
    await expect(content.locator('a[href^="javascript:"], img[src^="javascript:"]')).toHaveCount(0);
    // The summary and highlights are text.
    await expect(drawer.getByText('<b onmouseover="window.__xss=\'summary\'">summary</b>')).toBeVisible();
    await expect(drawer.getByText('<script>window.__xss="highlight"</script>')).toBeVisible();
    // The raw content view shows the page as text, tags and all.
    await drawer.getByRole('button', { name: 'Show Raw Content' }).click();
    await expect(drawer.locator('pre')).toContainText('<script>window.__xss = "script"</script>');
    await expect(content.getByText('Read the memo')).toBeVisible();
    expect(await ranPayloads(page)).toBeNull();
    expect(reports).toEqual([]);
  });
});
