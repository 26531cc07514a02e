import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from '@client/lib/__tests__/fake-lock-manager';
import type { GameAlert } from './alerts';
import { DesktopAlerter, type NotificationState } from './desktop-notifications';

/** Lets lock grants and BroadcastChannel messages (both delivered later) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const touchdown: GameAlert = {
  id: '401:scored:21-17:live',
  gameId: '401',
  title: 'Score',
  body: 'KC 21 – 17 BUF',
};

let channelName = '';
const opened: DesktopAlerter[] = [];
let uninstall: (() => void) | undefined;

/** One tab of the app: whether it is on screen is the test's to say. */
function tab(permission: NotificationState = 'granted') {
  const shown: GameAlert[] = [];
  const state = { visible: false };
  const alerter = new DesktopAlerter({
    isVisible: () => state.visible,
    permission: () => permission,
    show: (alert) => shown.push(alert),
    channelName,
    lockName: `${channelName}:lock`,
  });
  opened.push(alerter);
  const setVisible = (visible: boolean) => {
    state.visible = visible;
    alerter.announce();
  };
  return { alerter, shown, setVisible };
}

function setUp() {
  channelName = `presence-${Math.random()}`;
  uninstall = new FakeLockManager().install();
}

afterEach(() => {
  for (const alerter of opened.splice(0)) alerter.dispose();
  uninstall?.();
  uninstall = undefined;
  vi.restoreAllMocks();
});

describe('desktop notifications across tabs', () => {
  it('with every tab hidden, exactly one tab notifies, once per alert', async () => {
    setUp();
    const tabs = [tab(), tab(), tab()];
    await settle();
    for (const { alerter } of tabs) await alerter.alert(touchdown);
    expect(tabs.map(({ shown }) => shown.length)).toEqual([1, 0, 0]);
  });

  it('no notification while any tab is on screen (it shows the toast instead)', async () => {
    setUp();
    const leader = tab();
    const other = tab();
    await settle();
    other.setVisible(true);
    await settle();
    await leader.alerter.alert(touchdown);
    expect(leader.shown).toEqual([]);

    other.setVisible(false);
    await settle();
    await leader.alerter.alert(touchdown);
    expect(leader.shown).toEqual([touchdown]);
  });

  it('a tab opened later learns which tabs are on screen', async () => {
    setUp();
    const visible = tab();
    visible.setVisible(true);
    await settle();
    // The visible tab leads; once it closes, the newcomer leads and must know the rest are hidden.
    const newcomer = tab();
    const third = tab();
    third.setVisible(true);
    await settle();
    visible.alerter.dispose();
    await settle();
    await newcomer.alerter.alert(touchdown);
    expect(newcomer.shown).toEqual([]);
    third.setVisible(false);
    await settle();
    await newcomer.alerter.alert(touchdown);
    expect(newcomer.shown).toEqual([touchdown]);
  });

  it('when the leading tab closes, the next one takes over', async () => {
    setUp();
    const first = tab();
    const second = tab();
    await settle();
    first.alerter.dispose();
    await settle();
    await second.alerter.alert(touchdown);
    expect(second.shown).toEqual([touchdown]);
  });

  it('a visible tab that crashed, without saying so, does not hold notifications back', async () => {
    setUp();
    const leader = tab();
    await settle();
    // What a tab that was on screen when it crashed leaves behind: its "visible" and nothing more
    // (the browser released its locks with it).
    const crashed = new BroadcastChannel(channelName);
    crashed.postMessage({ type: 'visibility', tab: 'crashed-tab', visible: true });
    crashed.close();
    const alive = tab();
    alive.setVisible(true);
    await settle();
    await leader.alerter.alert(touchdown);
    expect(leader.shown).toEqual([]);

    alive.setVisible(false);
    await settle();
    await leader.alerter.alert(touchdown);
    expect(leader.shown).toEqual([touchdown]);
  });

  it('never notifies without the permission', async () => {
    setUp();
    const denied = tab('denied');
    const undecided = tab('default');
    await settle();
    await denied.alerter.alert(touchdown);
    await undecided.alerter.alert(touchdown);
    expect([...denied.shown, ...undecided.shown]).toEqual([]);
  });
});
