import { lazy, Suspense, useState } from 'react';
import { SlidersHorizontal } from '@client/components/icons';
import type { GameDaySettingsProps } from './settings-dialog';

const loadDialog = () => import('./settings-dialog');

/** The dialog's code loads when it is first wanted: most visits never open it. */
const GameDaySettingsDialog = lazy(async () => ({ default: (await loadDialog()).GameDaySettingsDialog }));

/** The top bar's "Game-day settings" button and the dialog it opens. */
export function GameDaySettingsButton({ favourites }: GameDaySettingsProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's own close behaviour.
  const [wanted, setWanted] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // A pointer on the button or focus on it starts the download, so the dialog is usually there by the click.
  const preload = () => void loadDialog().catch(() => {});
  // The dialog opens once its code is in; offline, before it was ever loaded, the fan is told so
  // here instead of the frame failing.
  const openDialog = () =>
    loadDialog().then(
      () => {
        setLoadFailed(false);
        setWanted(true);
        setOpen(true);
      },
      () => setLoadFailed(true),
    );
  return (
    <>
      <button
        type="button"
        aria-label="Game-day settings"
        title="Game-day settings"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => void openDialog()}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
      </button>
      {loadFailed ? (
        // Under the top bar across a phone's width; under the button from the small breakpoint up.
        <p
          role="alert"
          className="fixed inset-x-3 top-16 z-30 mt-2 rounded-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:w-56 border border-red-200 bg-white px-3 py-2 text-xs text-red-700 shadow-md dark:border-red-900 dark:bg-slate-900 dark:text-red-300"
        >
          Game-day settings could not load. Check your connection and try again.
        </p>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <GameDaySettingsDialog open={open} onClose={() => setOpen(false)} favourites={favourites} />
        </Suspense>
      ) : null}
    </>
  );
}
