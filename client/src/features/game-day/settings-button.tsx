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
  // A pointer on the button or focus on it starts the download, so the dialog is usually there by the click.
  const preload = () => void loadDialog().catch(() => {});
  return (
    <>
      <button
        type="button"
        aria-label="Game-day settings"
        title="Game-day settings"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <GameDaySettingsDialog open={open} onClose={() => setOpen(false)} favourites={favourites} />
        </Suspense>
      ) : null}
    </>
  );
}
