import { useId, type ReactNode } from 'react';
import { X } from './icons';
import { ModalSurface } from './modal-surface';

const SIZES = {
  sm: 'max-w-md',
  md: 'max-w-lg',
  lg: 'max-w-3xl',
  xl: 'max-w-5xl',
  full: 'max-w-[95vw]',
} as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  /** Shown under the title row, right-aligned actions before the close button. */
  actions?: ReactNode;
  /** Footer buttons. */
  footer?: ReactNode;
  children?: ReactNode;
  /** Accessible name of the close (X) button. */
  closeLabel?: string;
}

/**
 * A centred modal: focus trapped, Escape and the X close it, the page behind does not scroll.
 * Renders nothing while closed.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  size = 'md',
  actions,
  footer,
  children,
  closeLabel = 'Close dialog',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  if (!open) return null;
  return (
    <ModalSurface
      onClose={onClose}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className={`m-auto flex max-h-[90vh] w-[calc(100%-1.5rem)] ${SIZES[size]} flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100`}
    >
      <header className="flex items-start gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold leading-tight">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {description}
            </p>
          ) : null}
        </div>
        {actions}
        <CloseButton label={closeLabel} onClick={onClose} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? (
        <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
          {footer}
        </footer>
      ) : null}
    </ModalSurface>
  );
}

/** The X button used by dialogs and drawers. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="-m-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
    >
      <X aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
