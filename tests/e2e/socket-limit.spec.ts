import { expect, test, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { BASE_URL } from './env';
import { cookieHeader, signIn, signOutButton } from './helpers';

const BANNER_TEXT = 'Too many open tabs: close some Tech Touchdown tabs and reload';
/** Far above the server's per-login cap (SOCKETS_PER_LOGIN_LIMIT, 20 by default). */
const MAX_PROBES = 200;

/**
 * The answers to a page's socket connections, in order: Socket.IO answers a CONNECT with '40' when
 * the server lets the socket in and '44' when its middleware refuses it.
 */
function socketAnswers(page: Page) {
  const answers: ('admitted' | 'refused')[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.startsWith('40')) answers.push('admitted');
      if (text.startsWith('44')) answers.push('refused');
    }),
  );
  return answers;
}

test.describe('too many open tabs', () => {
  const sockets: Socket[] = [];
  test.afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  /** Another tab of the same session, from the test process: resolves with the server's answer. */
  function openTab(cookie: string) {
    const socket = io(BASE_URL, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin: BASE_URL },
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
        resolve(error.data?.code ?? error.message),
      );
    });
  }

  test('a tab past the per-account cap says so, stops trying, and works after a reload', async ({
    page,
    context,
  }) => {
    // A login of its own, so no other test's sockets count towards its cap.
    const firstTab = socketAnswers(page);
    await signIn(page, { login: 'many-tabs' });
    await expect.poll(() => firstTab).toEqual(['admitted']);

    // Fill the account up to its cap from the test process: the first refusal says it is full.
    const cookie = await cookieHeader(context);
    let answer = 'connected';
    for (let probe = 0; probe < MAX_PROBES && answer === 'connected'; probe++) {
      answer = await openTab(cookie);
    }
    expect(answer).toBe('limit_reached');

    const tab = await context.newPage();
    const answers = socketAnswers(tab);
    await tab.goto('/');
    await expect(tab.getByRole('alert').filter({ hasText: BANNER_TEXT })).toBeVisible();
    expect(answers).toEqual(['refused']);

    // The rest of the shell works, and the tab does not try again, even once there is room and
    // another page of the app is opened.
    sockets.pop()?.close(); // the refused probe
    sockets.pop()?.close(); // one admitted: now there is room for one more
    await tab.getByRole('link', { name: 'Profile', exact: true }).first().click();
    await expect(tab.getByText('@many-tabs').first()).toBeVisible();
    await expect(tab.getByRole('alert').filter({ hasText: BANNER_TEXT })).toBeVisible();
    expect(answers).toEqual(['refused']);

    // After a reload the tab takes the free place.
    await tab.reload();
    await expect.poll(() => answers).toEqual(['refused', 'admitted']);
    await expect(signOutButton(tab)).toBeVisible();
    await expect(tab.getByText(BANNER_TEXT)).toHaveCount(0);
  });
});
