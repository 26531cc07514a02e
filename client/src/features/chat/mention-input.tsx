import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { activeMention, insertMention, mentionChoices } from './mentions';

export interface MentionInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Logins that spoke in the room, oldest first: the list offers the newest first. */
  authors: readonly string[];
  /** The signed-in login, never offered. */
  me: string;
  placeholder: string;
  maxLength: number;
  disabled?: boolean;
  className?: string;
}

/**
 * The message box. Typing `@` opens a list of who spoke in the room recently (a listbox named
 * "Mention someone"): arrows move, Enter or a click inserts `@login`, Escape closes the list only.
 */
export function MentionInput({
  id,
  value,
  onChange,
  authors,
  me,
  placeholder,
  maxLength,
  disabled = false,
  className = '',
}: MentionInputProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState(value.length);
  const [active, setActive] = useState(0);
  /** Where the mention the reader closed with Escape starts: it stays closed until another one. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const mention = activeMention(value, Math.min(caret, value.length));
  const choices = mention ? mentionChoices(authors, me, mention.query) : [];
  const open = !disabled && mention !== null && choices.length > 0 && dismissedAt !== mention.start;
  const activeIndex = Math.min(active, choices.length - 1);

  // After a mention is inserted, the caret goes right after it.
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    inputRef.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const choose = (login: string) => {
    if (!mention) return;
    const next = insertMention(value, mention, login);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    onChange(next.text);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + choices.length) % choices.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      // Enter picks the login instead of sending the message.
      event.preventDefault();
      choose(choices[activeIndex]!);
    } else if (event.key === 'Escape') {
      // Close the list, not the dialog the chat sits in.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(mention!.start);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative min-w-0 flex-1">
      <input
        ref={inputRef}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? value.length)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissedAt(mention?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        className={className}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention someone"
          className="absolute bottom-full left-0 z-30 mb-1 max-h-56 w-full max-w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {choices.map((login, index) => (
            <li
              key={login}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep focus in the box: the click picks, the caret stays where it was.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(login)}
              className={`cursor-pointer truncate px-3 py-1.5 ${
                index === activeIndex
                  ? 'bg-sky-700 text-white'
                  : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              @{login}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
