import { useAtomValue } from 'jotai';
import { Clock } from 'lucide-react';
import { delayLabel, gameDaySettingsAtom } from '@client/lib/game-day-settings';

/** "Delayed 30 s" in the top bar while scores, alerts and chat are held behind live; nothing otherwise. */
export function DelayMarker() {
  const { delaySeconds } = useAtomValue(gameDaySettingsAtom);
  if (delaySeconds === 0) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      <Clock aria-hidden="true" className="h-3.5 w-3.5" />
      Delayed {delayLabel(delaySeconds)}
    </span>
  );
}
