/** A Gamecast section's heading. */
export const SECTION_HEADING =
  'text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100';

const TOGGLE =
  'inline-flex items-center justify-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm font-medium transition-colors';
const TOGGLE_OFF =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
const TOGGLE_ON =
  'border-brand-600 bg-brand-50 text-brand-700 dark:border-brand-500 dark:bg-brand-500/20 dark:text-brand-100';

/** A small on/off button (aria-pressed) that looks pressed while on. */
export const toggleClass = (pressed: boolean): string => `${TOGGLE} ${pressed ? TOGGLE_ON : TOGGLE_OFF}`;

/** A wide table's frame: it scrolls sideways on a phone, and by keyboard once focused. */
export const SCROLL_FRAME = 'overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800';

export const TABLE = 'w-full text-sm tabular-nums';
export const CELL = 'border-t border-slate-100 px-2 py-1.5 dark:border-slate-800';
export const HEAD_CELL =
  'px-2 py-1.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300';
