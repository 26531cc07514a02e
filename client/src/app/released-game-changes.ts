import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { sportsGamesChangedPayloadSchema, type GameChange } from '@shared/schemas/sports';
import { DelayBuffer } from '@client/lib/delay-buffer';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { getSocket } from '@client/lib/socket';

/**
 * Calls `listener` with each batch of game changes the server pushes (`sports:games-changed`),
 * released after the fan's spoiler-safe delay and in arrival order, on every signed-in page.
 * Changing the delay applies to what is already held; nothing held is lost.
 */
export function useReleasedGameChanges(listener: (changes: readonly GameChange[]) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);

  const store = useStore();
  const buffer = useRef<DelayBuffer<GameChange[]> | null>(null);
  useEffect(() => {
    const held = new DelayBuffer<GameChange[]>(
      (changes) => latest.current(changes),
      store.get(gameDaySettingsAtom).delaySeconds * 1000,
    );
    buffer.current = held;
    const socket = getSocket();
    const onChanged = (payload: unknown) => {
      const parsed = sportsGamesChangedPayloadSchema.safeParse(payload);
      if (parsed.success) held.push(parsed.data.changes);
      else console.warn('game-day: ignoring an unreadable sports:games-changed push');
    };
    socket.on('sports:games-changed', onChanged);
    return () => {
      socket.off('sports:games-changed', onChanged);
      held.dispose();
      buffer.current = null;
    };
  }, [store]);

  const { delaySeconds } = useAtomValue(gameDaySettingsAtom);
  useEffect(() => buffer.current?.setDelay(delaySeconds * 1000), [delaySeconds]);
}
