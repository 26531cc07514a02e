import { atom, useAtomValue, useSetAtom } from '@client/lib/store';
import { useEffect, useRef, useState } from 'react';
import { X } from '@client/components/icons';
import type { GameAlert } from './alerts';

/** A toast goes this long after it appeared, unless the pointer or focus rests on it. */
export const TOAST_LIFETIME_MS = 6_000;
/** At most this many toasts stand at once; a newer one pushes the oldest out. */
const MAX_TOASTS = 3;

/** The toasts this tab shows, oldest first. */
export const alertToastsAtom = atom<GameAlert[]>([]);

/** Shows an alert as a toast (once: an alert already standing is not shown twice). */
export const showAlertToastAtom = atom(null, (get, set, alert: GameAlert) => {
  const toasts = get(alertToastsAtom);
  if (toasts.some((toast) => toast.id === alert.id)) return;
  set(alertToastsAtom, [...toasts, alert].slice(-MAX_TOASTS));
});

const dismissAtom = atom(null, (get, set, id: string | 'all') => {
  set(alertToastsAtom, id === 'all' ? [] : get(alertToastsAtom).filter((toast) => toast.id !== id));
});

/**
 * The alert toasts, in a polite live region so a screen reader reads each one without losing its
 * place. A toast opens its game when pressed; Escape dismisses them all, unless a dialog is open (the
 * Escape is the dialog's then).
 */
export function AlertToasts({ onOpenGame }: { onOpenGame: (gameId: string) => void }) {
  const toasts = useAtomValue(alertToastsAtom);
  const dismiss = useSetAtom(dismissAtom);

  useEffect(() => {
    if (toasts.length === 0) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      dismiss('all');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toasts.length, dismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Game alerts"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-40 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      {toasts.map((toast) => (
        <AlertToast
          key={toast.id}
          alert={toast}
          onOpen={() => {
            dismiss(toast.id);
            onOpenGame(toast.gameId);
          }}
          onDismiss={() => dismiss(toast.id)}
        />
      ))}
    </div>
  );
}

function AlertToast({
  alert,
  onOpen,
  onDismiss,
}: {
  alert: GameAlert;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  // Resting the pointer or focus on a toast holds it, so it never goes while being read or reached.
  const [held, setHeld] = useState(false);
  const remaining = useRef(TOAST_LIFETIME_MS);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (held) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [held]);

  return (
    <div
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      className="pointer-events-auto flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
    >
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 rounded-lg px-1 text-left hover:bg-slate-50 dark:hover:bg-slate-700/60"
      >
        <span className="block text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-indigo-300">
          {alert.title}
        </span>{' '}
        <span className="block text-sm font-medium">{alert.body}</span>
      </button>
      <button
        type="button"
        aria-label="Dismiss alert"
        title="Dismiss alert"
        onClick={onDismiss}
        className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
