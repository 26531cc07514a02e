import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { SEEK_KEY_STEP_SECONDS, SKIP_FORWARD_SECONDS, formatTime, seekFraction } from './rules';

export interface SeekBarProps {
  position: number;
  duration: number;
  onSeek: (seconds: number) => void;
  className?: string;
}

/**
 * The seekable progress bar: a press (or a drag) puts the position in proportion to where it lands
 * on the bar; arrows move 5 s, Page Up/Down 30 s, Home/End to the ends.
 */
export function SeekBar({ position, duration, onSeek, className = '' }: SeekBarProps) {
  const dragging = useRef(false);
  const known = duration > 0;
  const percent = known ? Math.min(100, (position / duration) * 100) : 0;

  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onSeek(seekFraction(event.clientX, rect.left, rect.width) * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!known) return;
    const steps: Record<string, number> = {
      ArrowLeft: position - SEEK_KEY_STEP_SECONDS,
      ArrowDown: position - SEEK_KEY_STEP_SECONDS,
      ArrowRight: position + SEEK_KEY_STEP_SECONDS,
      ArrowUp: position + SEEK_KEY_STEP_SECONDS,
      PageDown: position - SKIP_FORWARD_SECONDS,
      PageUp: position + SKIP_FORWARD_SECONDS,
      Home: 0,
      End: duration,
    };
    const target = steps[event.key];
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // the arrows are the slider's, not the page's
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  return (
    <div
      role="slider"
      tabIndex={known ? 0 : -1}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(Math.min(position, duration))}
      aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
      aria-disabled={!known || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (!known || event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        seekAt(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) seekAt(event);
      }}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      className={`group relative flex h-4 touch-none items-center rounded-full ${
        known ? 'cursor-pointer' : 'cursor-default'
      } ${className}`}
    >
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div
          className="h-full rounded-full bg-brand-600 dark:bg-brand-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div
        aria-hidden="true"
        className={`absolute top-1/2 h-3 w-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-600 shadow ring-2 ring-white transition-opacity dark:bg-brand-500 dark:ring-slate-900 ${
          known ? 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100' : 'opacity-0'
        }`}
        style={{ left: `${percent}%` }}
      />
    </div>
  );
}
