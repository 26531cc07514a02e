import { useAtomValue } from '@client/lib/store';
import { useCallback, useEffect, useState } from 'react';
import { DelayBuffer } from '@client/lib/delay-buffer';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';

/**
 * Holds what other fans say for the viewer's spoiler-safe delay (game-day settings), so the chat
 * never runs ahead of a stream that is behind live. `hold(apply)` runs `apply` that many seconds
 * after the call, in call order; with no delay it runs at once. Changing the delay applies to what
 * is already held (shortening it releases what is now due), and nothing held is lost.
 */
export function useDelayedIncoming(): (apply: () => void) => void {
  const { delaySeconds } = useAtomValue(gameDaySettingsAtom);
  const [buffer] = useState(() => new DelayBuffer<() => void>((apply) => apply(), delaySeconds * 1000));
  useEffect(() => buffer.setDelay(delaySeconds * 1000), [buffer, delaySeconds]);
  useEffect(() => () => buffer.dispose(), [buffer]);
  return useCallback((apply: () => void) => buffer.push(apply), [buffer]);
}
