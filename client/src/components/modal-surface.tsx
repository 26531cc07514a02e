import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollLock } from './use-scroll-lock';

/**
 * A native modal <dialog> opened with showModal(): the browser traps focus, makes the page behind
 * inert and fires `cancel` on Escape, which we turn into onClose so React owns the open state.
 * Clicking the backdrop closes too. Dialog and Drawer are styled on top of it.
 */
export function ModalSurface({
  onClose,
  className,
  labelledBy,
  label,
  describedBy,
  children,
}: {
  onClose: () => void;
  className: string;
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useScrollLock(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus(); // give focus back to what opened it
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      className={className}
      onMouseDown={(event) => {
        if (event.target === ref.current) onCloseRef.current(); // a press on the backdrop itself
      }}
    >
      {children}
    </dialog>
  );
}
