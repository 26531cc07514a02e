import { PauseIcon, PlayIcon } from './icons';

/** Play/Pause, named for what it does next; a ring turns around it while the audio is buffering. */
export function PlayButton({
  isPlaying,
  isBuffering,
  disabled,
  onClick,
  size,
}: {
  isPlaying: boolean;
  isBuffering: boolean;
  disabled?: boolean;
  onClick: () => void;
  size: 'sm' | 'md';
}) {
  const box = size === 'md' ? 'h-11 w-11' : 'h-9 w-9';
  const icon = size === 'md' ? 'h-5 w-5' : 'h-4 w-4';
  return (
    <button
      type="button"
      aria-label={isPlaying ? 'Pause' : 'Play'}
      aria-busy={isBuffering || undefined}
      disabled={disabled}
      onClick={onClick}
      className={`relative inline-flex ${box} shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-brand-500 dark:hover:bg-brand-600`}
    >
      {isPlaying ? <PauseIcon className={icon} /> : <PlayIcon className={`${icon} translate-x-px`} />}
      {isBuffering ? (
        <span
          aria-hidden="true"
          className="absolute -inset-1 animate-spin rounded-full border-2 border-transparent border-t-brand-400"
        />
      ) : null}
    </button>
  );
}

/** The small round buttons around Play. */
export const iconButtonClass =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-200 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white';
