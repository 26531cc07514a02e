import { useId, type ReactNode } from 'react';
import { CloseButton } from './dialog';
import { ModalSurface } from './modal-surface';

/** Drawer slide-in time. */
export const DRAWER_TRANSITION_MS = 300;

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Which edge it slides in from; the generic drawer is on the left, the article drawer on the right. */
  side?: 'left' | 'right';
  title?: ReactNode;
  /** Width classes; the generic drawer is at most max-w-sm, rising to 2xl on large screens. */
  widthClassName?: string;
  children?: ReactNode;
}

/**
 * A slide-in panel: 'Close drawer' button and Escape close it, focus stays inside, the page does not
 * scroll while it is open. Slides in over 300 ms (CSS @starting-style).
 */
export function Drawer({
  open,
  onClose,
  side = 'left',
  title,
  widthClassName = 'max-w-sm lg:max-w-2xl',
  children,
}: DrawerProps) {
  const titleId = useId();
  if (!open) return null;
  const edge =
    side === 'left' ? 'mr-auto ml-0 starting:-translate-x-full' : 'ml-auto mr-0 starting:translate-x-full';
  return (
    <ModalSurface
      onClose={onClose}
      labelledBy={title ? titleId : undefined}
      label={title ? undefined : 'Drawer'}
      className={`${edge} my-0 flex h-dvh max-h-none w-full ${widthClassName} translate-x-0 flex-col bg-white p-0 text-slate-900 shadow-2xl transition-transform duration-300 ease-out backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100`}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-lg font-semibold">
          {title}
        </h2>
        <CloseButton label="Close drawer" onClick={onClose} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
    </ModalSurface>
  );
}
