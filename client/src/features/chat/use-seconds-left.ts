import { useEffect, useState } from 'react';

/** Whole seconds from now until `until` (epoch ms), rounded up; 0 once it has passed or with none. */
export function secondsUntil(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A countdown to `until` (epoch ms) in whole seconds, ticking once a second until it reaches 0.
 * Give the component a new `key` for a new deadline, so its first frame already counts from now.
 */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return secondsUntil(until, now);
}
