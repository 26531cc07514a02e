import { requestLeadership } from '@client/lib/tab-leader';
import type { GameAlert } from './alerts';

/** Whether this browser may show desktop notifications: the permission, or no support at all. */
export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser's permission. Only the settings' button calls it, never the page by itself. */
export async function requestNotificationPermission(): Promise<NotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** The Web Lock whose holder is the one tab that turns alerts into desktop notifications. */
export const NOTIFIER_LOCK = 'tech-touchdown:game-day-notifier';
/** The channel on which the app's tabs tell each other when they are shown or hidden. */
export const PRESENCE_CHANNEL = 'tech-touchdown:game-day-presence';

type PresenceMessage = { type: 'visibility'; tab: string; visible: boolean } | { type: 'ask' };

export interface DesktopAlerterOptions {
  /** Whether this tab is on screen now. */
  isVisible(): boolean;
  /** Whether the browser lets the app notify now. */
  permission(): NotificationState;
  /** Shows one system notification. */
  show(alert: GameAlert): void;
  channelName?: string;
  lockName?: string;
}

/** The held Web Locks' names, or null where the browser cannot say (no Web Locks). */
async function heldLockNames(): Promise<Set<string> | null> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (typeof locks?.query !== 'function') return null;
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((lock) => (lock.name ? [lock.name] : [])));
}

/**
 * Desktop notifications across the app's tabs in this browser. Every tab sees every alert (and shows
 * its toast); a system notification is for when no tab is on screen, and exactly one goes out per
 * alert: only the tab holding the notifier's Web Lock sends it. The tabs keep each other told, over a
 * BroadcastChannel, which of them are visible, so the leader knows when nobody can see a toast.
 *
 * A tab that crashes or is killed never says it went away, so every tab also holds a Web Lock of its
 * own for as long as it lives (the browser releases it however the tab ends): before notifying, the
 * leader forgets the visible tabs whose lock is gone.
 */
export class DesktopAlerter {
  private readonly tab = Math.random().toString(36).slice(2);
  private readonly visibleTabs = new Set<string>();
  private readonly channel: BroadcastChannel | null;
  private readonly stopLeading: () => void;
  private readonly stopLiving: () => void;
  private leading = false;
  /** Whether this tab holds its own lock: it speaks of its visibility only then, so that the
   * leader never drops it as gone while the lock is on its way. */
  private living = false;
  private disposed = false;

  constructor(private readonly options: DesktopAlerterOptions) {
    this.channel =
      typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(options.channelName ?? PRESENCE_CHANNEL)
        : null;
    this.channel?.addEventListener('message', this.onMessage);
    this.post({ type: 'ask' });
    this.stopLiving = requestLeadership(this.tabLockName(this.tab), (living) => {
      this.living = living;
      if (living) this.announce();
    });
    this.stopLeading = requestLeadership(options.lockName ?? NOTIFIER_LOCK, (leading) => {
      this.leading = leading;
    });
  }

  /** Tells the other tabs whether this one is on screen (call it on every visibility change). */
  announce(visible = this.options.isVisible()): void {
    if (this.living) this.post({ type: 'visibility', tab: this.tab, visible });
  }

  /** An alert this tab released: the leader notifies when no tab is on screen to show its toast.
   * Settles once it has decided. */
  async alert(alert: GameAlert): Promise<void> {
    if (!this.mayNotify()) return;
    if (this.visibleTabs.size > 0) {
      await this.forgetEndedTabs();
      if (this.visibleTabs.size > 0 || !this.mayNotify()) return;
    }
    this.options.show(alert);
  }

  /** The tab is closing: it no longer counts as visible, and another tab may lead. */
  dispose(): void {
    if (this.disposed) return;
    this.announce(false);
    this.disposed = true;
    this.channel?.removeEventListener('message', this.onMessage);
    this.channel?.close();
    this.stopLeading();
    this.stopLiving();
  }

  private mayNotify(): boolean {
    return (
      this.leading && !this.disposed && this.options.permission() === 'granted' && !this.options.isVisible()
    );
  }

  private tabLockName(tab: string): string {
    return `${this.options.lockName ?? NOTIFIER_LOCK}:tab:${tab}`;
  }

  private async forgetEndedTabs(): Promise<void> {
    const held = await heldLockNames();
    if (!held) return;
    for (const tab of this.visibleTabs) {
      if (!held.has(this.tabLockName(tab))) this.visibleTabs.delete(tab);
    }
  }

  private readonly onMessage = (event: MessageEvent<PresenceMessage>) => {
    const message = event.data;
    if (message?.type === 'ask') this.announce();
    else if (message?.type === 'visibility' && typeof message.tab === 'string') {
      if (message.visible) this.visibleTabs.add(message.tab);
      else this.visibleTabs.delete(message.tab);
    }
  };

  private post(message: PresenceMessage): void {
    if (!this.disposed) this.channel?.postMessage(message);
  }
}

/**
 * This tab's part in the desktop notifications: the browser's own notification for each alert the
 * leader sends, which opens the alert's game when clicked.
 */
export function browserDesktopAlerter(onOpenGame: (gameId: string) => void): DesktopAlerter {
  return new DesktopAlerter({
    isVisible: () => document.visibilityState === 'visible',
    permission: notificationState,
    show: (alert) => {
      // The tag makes a repeat of the same alert replace the first, never stack beside it.
      const notification = new Notification(alert.title, { body: alert.body, tag: alert.id });
      notification.onclick = () => {
        window.focus();
        onOpenGame(alert.gameId);
        notification.close();
      };
    },
  });
}
