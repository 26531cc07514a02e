import { act } from '@testing-library/react';

/**
 * The app's one socket, replaced in tests by an emitter they push server events through. A test file
 * installs it with `vi.mock('@client/lib/socket', () => import('./test-socket'))`.
 */
const handlers = new Map<string, Set<(payload: unknown) => void>>();

export const getSocket = () => ({
  recovered: false,
  on(event: string, handler: (payload: unknown) => void) {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
  },
  off(event: string, handler: (payload: unknown) => void) {
    handlers.get(event)?.delete(handler);
  },
  emit() {},
});

/** The game dialog's Gamecast watch, left unanswered: the tests using this socket are about the scores. */
export const request = () => new Promise(() => {});

/** Delivers a server event to every handler listening for it now. */
export function pushSocketEvent(event: string, payload: unknown) {
  act(() => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  });
}

/** Forgets every handler, so one test's listeners never hear the next test's events. */
export function clearSocketHandlers() {
  handlers.clear();
}
