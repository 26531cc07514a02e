import { useAtomValue } from '@client/lib/store';
import { TriangleAlert } from '@client/components/icons';
import { tooManyTabsAtom } from '@client/lib/socket-state';

export const TOO_MANY_TABS_MESSAGE = 'Too many open tabs: close some Tech Touchdown tabs and reload';

/**
 * Shown when the server refused this tab's socket because the account already has as many open as
 * it may: scores, chat and voice stay offline in this tab until it reloads, so the user is told why.
 */
export function TooManyTabsBanner() {
  const tooManyTabs = useAtomValue(tooManyTabsAtom);
  if (!tooManyTabs) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
      {TOO_MANY_TABS_MESSAGE}
    </div>
  );
}
