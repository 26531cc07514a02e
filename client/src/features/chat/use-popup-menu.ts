import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A small menu a button opens next to a message (the reactions, a moderator's time-outs). The opened
 * menu takes focus so the keyboard goes straight to its choices; Escape or a choice closes it and
 * gives focus back to the button; focus leaving both the button and the menu closes it too.
 */
export function usePopupMenu() {
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

  return {
    open,
    close,
    /** For the element holding both the button and the menu. */
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
    },
    /** For the button that opens and closes the menu. */
    triggerProps: {
      ref: triggerRef,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((now) => !now),
    },
    /** For the menu itself, shown while `open`. */
    menuProps: { ref: menuRef, id: menuId, onKeyDown },
  };
}
