import { lazy, Suspense, useRef, useState } from 'react';
import { SlidersHorizontal, X } from '@client/components/icons';
import { loadSettingsDialog as loadDialog } from './load-settings-dialog';
import type { GameDaySettingsProps } from './settings-dialog';

/** The dialog's code loads when it is first wanted: most visits never open it. */
const GameDaySettingsDialog = lazy(async () => ({ default: (await loadDialog()).GameDaySettingsDialog }));

/** The top bar's "Game-day settings" button and the dialog it opens. */
export function GameDaySettingsButton({ favourites }: GameDaySettingsProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's own close behaviour.
  const [wanted, setWanted] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A pointer on the button or focus on it starts the download, so the dialog is usually there by the click.
  const preload = () => void loadDialog().catch(() => {});
  // The dialog opens once its code is in; offline, before it was ever loaded, the fan is told so
  // instead of the frame failing. Each press tries again, and a notice that comes back is announced again.
  const openDialog = () => {
    setLoadFailed(false);
    return loadDialog().then(
      () => {
        setWanted(true);
        setOpen(true);
      },
      () => setLoadFailed(true),
    );
  };
  // Focus was on the notice's button, which goes with it: back to the button that raised it.
  const dismissNotice = () => {
    setLoadFailed(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
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
        // Next to the button in the tab order, but shown at the foot of the screen, clear of the top of
        // the page (the favourites strip on phones). The top bar that holds it always sits at the top
        // of the viewport, so the offset is the same whether the bar or the viewport places it.
        <div
          role="alert"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            dismissNotice();
          }}
          className="fixed inset-x-3 top-[calc(100dvh-0.75rem)] z-30 flex -translate-y-full items-start gap-2 rounded-lg bg-red-50 py-2 pr-2 pl-3 text-sm font-medium text-red-800 shadow-lg ring-1 ring-red-200 sm:inset-x-auto sm:top-[calc(100dvh-1.5rem)] sm:right-6 sm:w-80 dark:bg-red-950 dark:text-red-200 dark:ring-red-900"
        >
          <p className="min-w-0 flex-1">
            Game-day settings could not load. Check your connection and try again.
          </p>
          <button
            type="button"
            aria-label="Dismiss"
            title="Dismiss"
            onClick={dismissNotice}
            className="-my-0.5 shrink-0 rounded p-1 text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <GameDaySettingsDialog open={open} onClose={() => setOpen(false)} favourites={favourites} />
        </Suspense>
      ) : null}
    </>
  );
}
