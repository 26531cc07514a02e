import { useEffect, useState } from 'react';

/**
 * Whether the reader is timed out in the room now: a time-out that runs out ends here without a
 * reload, so the send box comes back on its own.
 */
export function useMuted(mutedUntil: string | null): boolean {
  /** The end time of a time-out that has run out. */
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (mutedUntil === null) return;
    const timer = setTimeout(() => setExpired(mutedUntil), Math.max(0, Date.parse(mutedUntil) - Date.now()));
    return () => clearTimeout(timer);
  }, [mutedUntil]);
  return mutedUntil !== null && mutedUntil !== expired;
}
