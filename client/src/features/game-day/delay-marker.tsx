import { useAtomValue } from '@client/lib/store';
import { Clock } from '@client/components/icons';
import { delayLabel, gameDaySettingsAtom } from '@client/lib/game-day-settings';

/**
 * "Delayed 30 s" while scores, alerts and chat are held behind live; nothing otherwise. Placed in a
 * relative box beside the settings button: on a phone it shrinks to a "30 s" badge on the button's
 * corner (the word stays for screen readers), so the top bar keeps room for the user's name.
 */
export function DelayMarker() {
  const { delaySeconds } = useAtomValue(gameDaySettingsAtom);
  if (delaySeconds === 0) return null;
  return (
    <span className="pointer-events-none absolute -right-1.5 -bottom-1 z-10 inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-1 text-[10px] leading-4 font-semibold whitespace-nowrap text-amber-900 sm:pointer-events-auto sm:static sm:px-2 sm:py-0.5 sm:text-xs sm:font-medium dark:border-amber-500/40 dark:bg-amber-950 dark:text-amber-200">
      <Clock aria-hidden="true" className="hidden h-3.5 w-3.5 sm:block" />
      <span className="sr-only sm:not-sr-only">Delayed </span>
      {delayLabel(delaySeconds)}
    </span>
  );
}
