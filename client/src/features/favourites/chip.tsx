import type { ReactNode } from 'react';
import { buttonClass } from '@client/components/button';
import { X } from '@client/components/icons';
import { HiddenFullName } from './full-name';

/**
 * A favourite chip: the chip itself runs its search; the remove (x) button shows on hover and on
 * keyboard focus, and always on touch screens, which have no hover.
 */
export function FavouriteChip({
  name,
  label,
  leading,
  trailing,
  onSelect,
  onRemove,
}: {
  /** Full name, for the accessible names ('KC (Kansas City Chiefs)', 'Remove Kansas City Chiefs'). */
  name: string;
  /** Short name shown on the chip. */
  label: string;
  leading: ReactNode;
  trailing?: ReactNode;
  onSelect: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="group relative flex items-center rounded-full border border-slate-200 bg-white text-sm shadow-xs transition-colors hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-800 dark:hover:border-slate-600 dark:hover:bg-slate-700/70">
      <button
        type="button"
        title={`Search news about ${name}`}
        onClick={onSelect}
        className="flex min-w-0 items-center gap-1.5 rounded-full py-1 pr-2 pl-1.5"
      >
        {leading}
        <span className="font-semibold text-slate-800 dark:text-slate-100">{label}</span>
        <HiddenFullName shown={label} name={name} />
        {trailing}
      </button>
      <button
        type="button"
        aria-label={`Remove ${name}`}
        title={`Remove ${name}`}
        onClick={onRemove}
        className="mr-1 -ml-1 flex h-5 w-5 items-center justify-center rounded-full text-slate-500 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-red-100 hover:text-red-700 focus-visible:opacity-100 pointer-coarse:opacity-100 dark:text-slate-400 dark:hover:bg-red-500/20 dark:hover:text-red-300"
      >
        <X aria-hidden="true" className="h-3 w-3" strokeWidth={3} />
      </button>
    </li>
  );
}

/** Empty strip: a title, a hint and the button that opens the picker. */
export function EmptyStrip({
  title,
  hint,
  action,
  onAction,
}: {
  title: string;
  hint: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center dark:border-slate-700">
      <p className="font-medium text-slate-800 dark:text-slate-200">{title}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      <button type="button" onClick={onAction} className={`${buttonClass('primary', 'sm')} mt-1`}>
        {action}
      </button>
    </div>
  );
}

/** Strip header: heading, then Reset (when there is something to reset) and Edit. */
export function StripHeader({
  title,
  editLabel,
  resetLabel,
  onEdit,
  onReset,
}: {
  title: string;
  editLabel: string;
  /** Accessible name of Reset; the button is left out when undefined. */
  resetLabel?: string;
  onEdit: () => void;
  onReset: () => void;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1">
      <h2 className="mr-auto text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      <div className="flex items-center gap-2">
        {resetLabel ? (
          <button
            type="button"
            aria-label={resetLabel}
            title={resetLabel}
            onClick={onReset}
            className={buttonClass('ghost', 'sm')}
          >
            Reset
          </button>
        ) : null}
        <button type="button" onClick={onEdit} className={buttonClass('secondary', 'sm')}>
          {editLabel}
        </button>
      </div>
    </div>
  );
}
