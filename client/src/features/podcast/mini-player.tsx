import { X } from '@client/components/icons';
import { PlayButton } from './play-button';
import { formatTime } from './rules';
import { usePlayer } from './use-player';

/** The progress bar's accessible parts, shared by the thin bar and the ring drawn on narrow bars. */
const progressProps = (position: number, duration: number, percent: number) => ({
  role: 'progressbar' as const,
  'aria-label': 'Episode progress',
  'aria-valuemin': 0,
  'aria-valuemax': 100,
  'aria-valuenow': Math.round(percent),
  'aria-valuetext': `${formatTime(position)} of ${formatTime(duration)}`,
});

const RING_RADIUS = 20;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The top bar's mini player: Play/Pause, the episode and a thin progress bar, with the times from
 * 14rem of room. It sizes itself to the room the top bar gives it (a container query): when that is
 * too little for the title (a phone with a long user name), it is just Play/Pause with the progress
 * drawn round it. Same engine as the sidebar player, so the two always agree. A play failure shows
 * under it as an alert (the player's one live region), because it is on screen at every width.
 */
export function MiniPlayer() {
  const { engine, song, isPlaying, isBuffering, position, duration, error } = usePlayer();
  const percent = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  const progress = progressProps(position, duration, percent);

  return (
    <div className="@container w-full">
      <section aria-label="Mini player" className="relative flex max-w-md min-w-0 items-center gap-2.5">
        <div className="relative shrink-0">
          <PlayButton
            size="sm"
            isPlaying={isPlaying}
            isBuffering={isBuffering}
            disabled={!song}
            onClick={engine.togglePlay}
          />
          <svg
            {...progress}
            viewBox="0 0 44 44"
            className="pointer-events-none absolute -inset-1 h-11 w-11 -rotate-90 @[8rem]:hidden"
          >
            <circle
              cx="22"
              cy="22"
              r={RING_RADIUS}
              fill="none"
              strokeWidth="2.5"
              className="stroke-slate-200 dark:stroke-slate-700"
            />
            {percent > 0 ? (
              <circle
                cx="22"
                cy="22"
                r={RING_RADIUS}
                fill="none"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeDasharray={`${(percent / 100) * RING_LENGTH} ${RING_LENGTH}`}
                className="stroke-brand-600 dark:stroke-brand-500"
              />
            ) : null}
          </svg>
        </div>
        <div className="hidden min-w-0 flex-1 @[8rem]:block">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={song?.title}>
              {song?.title ?? 'No episodes yet'}
            </p>
            <span className="hidden shrink-0 text-xs text-slate-500 tabular-nums @[14rem]:inline dark:text-slate-400">
              {formatTime(position)} / {formatTime(duration)}
            </span>
          </div>
          <div {...progress} className="mt-1 h-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
            <div
              className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        {error ? (
          // Under the top bar, so it shows however narrow the player is.
          <div
            role="alert"
            className="absolute top-full left-0 z-10 mt-3 flex w-max max-w-[min(20rem,calc(100vw-2rem))] items-start gap-2 rounded-lg bg-red-50 py-2 pr-2 pl-3 text-sm font-medium text-red-800 shadow-lg ring-1 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-900"
          >
            <p className="min-w-0 flex-1">{error}</p>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={engine.dismissError}
              className="-my-0.5 shrink-0 rounded p-0.5 text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
