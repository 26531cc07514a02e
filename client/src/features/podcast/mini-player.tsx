import { PlayButton } from './play-button';
import { formatTime } from './rules';
import { usePlayer } from './use-player';

/**
 * The top bar's mini player: Play/Pause, the episode and a thin progress bar; the times join in from
 * 640 px. It is the same engine as the sidebar player, so the two always agree. It also carries the
 * player's one live region, because it is on screen at every width.
 */
export function MiniPlayer() {
  const { engine, song, isPlaying, isBuffering, position, duration, error } = usePlayer();
  const percent = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;

  return (
    <section aria-label="Mini player" className="flex max-w-md min-w-0 items-center gap-2.5">
      <PlayButton
        size="sm"
        isPlaying={isPlaying}
        isBuffering={isBuffering}
        disabled={!song}
        onClick={engine.togglePlay}
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p
            role="status"
            className={`truncate text-sm font-medium ${
              error ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white'
            }`}
            title={error ?? song?.title}
          >
            {error ?? song?.title ?? 'No episodes yet'}
          </p>
          <span className="hidden shrink-0 text-xs text-slate-500 tabular-nums sm:inline dark:text-slate-400">
            {formatTime(position)} / {formatTime(duration)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Episode progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
          className="mt-1 h-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </section>
  );
}
