/**
 * The app's socket as the Gamecast tests see it: records what the client emits, holds each
 * gamecast:watch until the test answers or refuses it, and lets the test fire server events.
 */
import type { Gamecast } from '@shared/schemas/gamecast';
import type { ErrorCode } from '@shared/errors';

type Listener = (...args: unknown[]) => void;

export interface PendingWatch {
  gameId: string;
  answer(gamecast: Gamecast | null): void;
  refuse(code: ErrorCode): void;
}

export function createSocketDouble() {
  const listeners = new Map<string, Set<Listener>>();
  const watches: PendingWatch[] = [];
  const emitted: Array<{ event: string; payload: unknown }> = [];
  return {
    recovered: false,
    watches,
    emitted,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
    },
    timeout() {
      return {
        emitWithAck: (event: string, payload: { gameId: string }) =>
          new Promise((resolve) => {
            if (event !== 'gamecast:watch') {
              resolve({ ok: true, data: null });
              return;
            }
            watches.push({
              gameId: payload.gameId,
              answer: (gamecast) => resolve({ ok: true, data: { gamecast } }),
              refuse: (code) => resolve({ ok: false, error: { code, message: code } }),
            });
          }),
      };
    },
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    reset() {
      listeners.clear();
      watches.length = 0;
      emitted.length = 0;
    },
  };
}
