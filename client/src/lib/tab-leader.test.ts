import { createStore } from '@client/lib/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from './__tests__/fake-lock-manager';
import { leaderAtom, requestLeadership } from './tab-leader';

/** Lets the lock manager's grants (promise callbacks) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

describe('requestLeadership', () => {
  it('without Web Locks every tab leads at once, until it gives up', () => {
    expect('locks' in navigator).toBe(false);
    const a = vi.fn();
    const b = vi.fn();
    const releaseA = requestLeadership('clock', a);
    requestLeadership('clock', b);
    expect(a).toHaveBeenLastCalledWith(true);
    expect(b).toHaveBeenLastCalledWith(true);
    releaseA();
    expect(a).toHaveBeenLastCalledWith(false);
  });

  it('with Web Locks one tab leads, the next in line takes over when it gives up or closes', async () => {
    const locks = new FakeLockManager();
    uninstall = locks.install();
    const a = vi.fn();
    const b = vi.fn();
    const c = vi.fn();
    const releaseA = requestLeadership('clock', a);
    const releaseB = requestLeadership('clock', b);
    requestLeadership('clock', c);
    await settle();
    expect(a.mock.calls).toEqual([[true]]);
    expect(b).not.toHaveBeenCalled();
    expect(c).not.toHaveBeenCalled();

    // B stops waiting (its page closed) before its turn: it never leads and C is next.
    releaseB();
    releaseA();
    await settle();
    expect(a.mock.calls).toEqual([[true], [false]]);
    expect(b).not.toHaveBeenCalled();
    expect(c.mock.calls).toEqual([[true]]);
    expect(locks.isHeld('clock')).toBe(true);
  });

  it('a lock of another name is led separately', async () => {
    uninstall = new FakeLockManager().install();
    const a = vi.fn();
    const b = vi.fn();
    requestLeadership('clock', a);
    requestLeadership('other', b);
    await settle();
    expect(a).toHaveBeenCalledWith(true);
    expect(b).toHaveBeenCalledWith(true);
  });

  it('gives the lock straight back when granted after giving up', async () => {
    const locks = new FakeLockManager();
    uninstall = locks.install();
    const a = vi.fn();
    const releaseA = requestLeadership('clock', a);
    // Granted (the lock was free) but the callback has not run yet: no abort possible any more.
    releaseA();
    await settle();
    expect(a).not.toHaveBeenCalled();
    expect(locks.isHeld('clock')).toBe(false);
  });
});

describe('leaderAtom', () => {
  it('requests leadership while read, in each store (tab) separately, and gives it up when unread', async () => {
    const locks = new FakeLockManager();
    uninstall = locks.install();
    const leading = leaderAtom('clock');
    const tabA = createStore();
    const tabB = createStore();
    const stopA = tabA.sub(leading, () => {});
    const stopB = tabB.sub(leading, () => {});
    await settle();
    expect(tabA.get(leading)).toBe(true);
    expect(tabB.get(leading)).toBe(false);

    stopA();
    await settle();
    expect(tabA.get(leading)).toBe(false);
    expect(tabB.get(leading)).toBe(true);
    stopB();
    await settle();
    expect(locks.isHeld('clock')).toBe(false);
  });
});
