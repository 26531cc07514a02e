import { useEffect, useState } from 'react';

/** How often the clock redraws; the time shown is always worked out from the deadline. */
const TICK_MS = 250;

/** Seconds left until `deadline` at `now`, never below zero, rounded up (0:01 until it is over). */
export function secondsLeft(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The pick clock: the time left to the server's deadline. It redraws a few times a second but never
 * counts on its own, so a slow or sleeping tab shows the right time as soon as it draws again.
 */
export function PickClock({ deadline, now = Date.now }: { deadline: string; now?: () => number }) {
  const [, redraw] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => redraw((count) => count + 1), TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const seconds = secondsLeft(deadline, now());
  const urgent = seconds <= 10;
  return (
    <p
      className={`font-mono text-3xl font-bold tabular-nums ${urgent ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-slate-100'}`}
      aria-label={`Time left to pick: ${formatClock(seconds)}`}
      data-testid="pick-clock"
    >
      {formatClock(seconds)}
    </p>
  );
}
