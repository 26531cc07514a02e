import { useRef, type KeyboardEvent } from 'react';
import { CATALOGUE_BY_ID } from '@shared/data/yc-companies';
import { buttonClass } from '@client/components/button';

export interface QueueListProps {
  companyIds: readonly string[];
  onChange(companyIds: string[]): void;
}

function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/**
 * The person's queue, in order: the server drafts its first company still available when their clock
 * runs out. Each entry moves with its buttons, or from the keyboard when focused: Alt+Arrow Up/Down
 * moves it, Delete removes it.
 */
export function QueueList({ companyIds, onChange }: QueueListProps) {
  const items = useRef(new Map<string, HTMLLIElement>());
  const focusLater = (id: string) => requestAnimationFrame(() => items.current.get(id)?.focus());

  const move = (index: number, to: number) => {
    if (to < 0 || to >= companyIds.length) return;
    const id = companyIds[index]!;
    onChange(moved(companyIds, index, to));
    focusLater(id);
  };
  const remove = (index: number) => {
    const next = companyIds.filter((_, at) => at !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) focusLater(neighbour);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && event.key === 'ArrowUp') move(index, index - 1);
    else if (event.altKey && event.key === 'ArrowDown') move(index, index + 1);
    else if (event.key === 'Delete' || event.key === 'Backspace') remove(index);
    else if (event.key === 'ArrowUp') items.current.get(companyIds[index - 1] ?? '')?.focus();
    else if (event.key === 'ArrowDown') items.current.get(companyIds[index + 1] ?? '')?.focus();
    else return;
    event.preventDefault();
  };

  if (companyIds.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your queue is empty. Queue companies and the first one still available is drafted for you when your
        clock runs out.
      </p>
    );
  return (
    <>
      <p id="queue-keys" className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        On a focused entry: Alt+Up and Alt+Down move it, Delete removes it.
      </p>
      <ol className="flex flex-col gap-1.5" aria-label="My queue">
        {companyIds.map((id, index) => {
          const name = CATALOGUE_BY_ID.get(id)?.name ?? id;
          return (
            <li
              key={id}
              ref={(node) => {
                if (node) items.current.set(id, node);
                else items.current.delete(id);
              }}
              tabIndex={0}
              aria-describedby="queue-keys"
              aria-label={`${index + 1}. ${name}`}
              onKeyDown={(event) => onKeyDown(event, index)}
              className="flex items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5 focus:outline-2 focus:outline-brand-600 dark:border-slate-700"
            >
              <span className="w-5 text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                aria-label={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                aria-label={`Move ${name} down`}
                disabled={index === companyIds.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                aria-label={`Remove ${name} from my queue`}
                onClick={() => remove(index)}
              >
                ✕
              </button>
            </li>
          );
        })}
      </ol>
    </>
  );
}
