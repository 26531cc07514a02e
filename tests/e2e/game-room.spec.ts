import { expect, test, type Browser, type Page } from '@playwright/test';
import base from '../../playwright.config';
import { signIn } from './helpers';

/**
 * Two fans in one game room, each in their own browser context (their own session): they chat in
 * real time, then talk over the built-in WebRTC voice. Media runs through the harness's TURN server
 * on loopback (relay only) with Chromium's fake microphone.
 */

const baseArgs = base.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...base.use?.launchOptions,
    args: [...baseArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
  permissions: ['microphone'],
});

const GAME = /Detroit Lions/;

/** Records every RTCPeerConnection the page makes, so the test can read its statistics. */
function recordPeerConnections() {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = made;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
}

/** Audio bytes received over every peer connection of the page so far. */
function audioBytesReceived(page: Page) {
  return page.evaluate(async () => {
    const connections =
      (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    let bytes = 0;
    for (const connection of connections) {
      const stats = await connection.getStats();
      stats.forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
      });
    }
    return bytes;
  });
}

async function fanInGameRoom(browser: Browser, login: string) {
  const context = await browser.newContext();
  await context.addInitScript(recordPeerConnections);
  const page = await context.newPage();
  await signIn(page, { login });
  await page.goto('/sports');
  await page.getByRole('button', { name: GAME }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { context, page, dialog };
}

test('two fans chat in real time and talk by voice in the same game room', async ({ browser }) => {
  test.setTimeout(90_000);
  const away = await fanInGameRoom(browser, 'lions-fan');
  const home = await fanInGameRoom(browser, 'bears-fan');

  for (const [fan, side] of [
    [away, 'Away'],
    [home, 'Home'],
  ] as const) {
    const chat = fan.dialog.getByRole('region', { name: 'Game chat' });
    await expect(chat.getByText('Join the Game Chat')).toBeVisible();
    const join = chat.getByRole('button', { name: 'Join Chat' });
    await expect(join).toBeDisabled();
    await chat.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
    await join.click();
    await expect(fan.dialog.getByText('Live Game Chat')).toBeVisible();
  }

  // Chat: each sees the other's message without reloading.
  const awayInput = away.dialog.getByPlaceholder(/^Message the .* chat\.\.\.$/);
  await awayInput.fill('What a drive by the Lions!');
  await away.dialog.getByRole('button', { name: 'Send message' }).click();
  const homeLog = home.dialog.getByRole('log', { name: 'Chat messages' });
  await expect(homeLog.getByText('What a drive by the Lions!')).toBeVisible();
  await expect(homeLog.getByText('@lions-fan').first()).toBeVisible();

  await home.dialog.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill('Bears defence will answer.');
  await home.dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(
    away.dialog.getByRole('log', { name: 'Chat messages' }).getByText('Bears defence will answer.'),
  ).toBeVisible();
  // Nothing ended up in offline mode.
  await expect(away.dialog.getByText('Offline Mode')).toHaveCount(0);

  // Voice: both join; each sees 2 participants and receives the other's audio.
  for (const fan of [away, home]) {
    const voice = fan.dialog.getByRole('region', { name: 'Voice Chat' });
    await voice.getByRole('button', { name: 'Join Voice Chat' }).click();
    await expect(voice.getByText('Connected', { exact: true })).toBeVisible({ timeout: 15_000 });
  }
  for (const fan of [away, home]) {
    await expect(fan.dialog.getByTestId('voice-participants')).toHaveText('2 participants', {
      timeout: 15_000,
    });
    await expect.poll(() => audioBytesReceived(fan.page), { timeout: 20_000 }).toBeGreaterThan(1_000);
  }

  // One leaves; the other sees 1.
  await home.dialog
    .getByRole('region', { name: 'Voice Chat' })
    .getByRole('button', { name: 'Leave Voice Chat' })
    .click();
  await expect(away.dialog.getByTestId('voice-participants')).toHaveText('1 participant', {
    timeout: 15_000,
  });
  await expect(
    home.dialog.getByRole('region', { name: 'Voice Chat' }).getByText('Disconnected', { exact: true }),
  ).toBeVisible();

  await away.context.close();
  await home.context.close();
});
