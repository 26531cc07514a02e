import { Timer } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** The slow-mode choices a moderator has: seconds between one person's messages (0 is off). */
export const SLOW_MODE_CHOICES = [0, 5, 15, 30, 60] as const;
/** How long a moderator can time someone out, in minutes. */
export const TIME_OUT_CHOICES = [5, 15, 60] as const;

const slowModeLabel = (seconds: number) => (seconds === 0 ? 'Off' : `${seconds} s`);

/** A moderator's slow-mode setting for the room. */
export function SlowModeControl({
  seconds,
  onChange,
  disabled = false,
}: {
  seconds: number;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-200">
        Slow mode
      </label>
      <select
        id={id}
        value={seconds}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {SLOW_MODE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {slowModeLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A moderator's "Time out @login" on a message: a small menu of 5, 15 or 60 minutes. */
export function TimeOutMenu({ login, onTimeOut }: { login: string; onTimeOut: (minutes: number) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (open) menuRef.current?.querySelector('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Close the menu only, not the dialog the chat sits in.
    event.preventDefault();
    event.stopPropagation();
    close();
  };

  return (
    <span
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-label={`Time out @${login}`}
        title={`Time out @${login}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
        className={`rounded p-1 text-slate-500 hover:text-amber-700 focus-visible:opacity-100 dark:text-slate-400 dark:hover:text-amber-300 ${
          open
            ? ''
            : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
        }`}
      >
        <Timer aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <span
          ref={menuRef}
          id={menuId}
          role="group"
          aria-label={`Time out @${login}`}
          onKeyDown={onKeyDown}
          className="absolute top-full right-0 z-20 mt-1 flex w-max flex-col rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {TIME_OUT_CHOICES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              aria-label={`Time out @${login} for ${minutes} minutes`}
              onClick={() => {
                onTimeOut(minutes);
                close();
              }}
              className="px-3 py-1.5 text-left text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {minutes} minutes
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
