import { useId } from 'react';
import { ShieldCheck, Timer } from '@client/components/icons';
import {
  CHAT_SLOW_MODE_SECONDS,
  CHAT_TIMEOUT_MINUTES,
  type ChatSlowModeSeconds,
  type ChatTimeoutMinutes,
} from '@shared/chat-rules';
import type { ChatModerationEntry } from '@shared/schemas/chat';
import { formatChatTime } from './chat-reducer';
import { usePopupMenu } from './use-popup-menu';

const slowModeLabel = (seconds: number) => (seconds === 0 ? 'Off' : `${seconds} s`);

/** A moderator's slow-mode setting for the room. */
export function SlowModeControl({
  seconds,
  onChange,
  disabled = false,
}: {
  seconds: number;
  onChange: (seconds: ChatSlowModeSeconds) => void;
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
        // The options are the slow-mode choices, so the value is one of them.
        onChange={(event) => onChange(Number(event.target.value) as ChatSlowModeSeconds)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {CHAT_SLOW_MODE_SECONDS.map((choice) => (
          <option key={choice} value={choice}>
            {slowModeLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A moderator's "Time out @login" on a message: a small menu of 5, 15 or 60 minutes. */
export function TimeOutMenu({
  login,
  onTimeOut,
}: {
  login: string;
  onTimeOut: (minutes: ChatTimeoutMinutes) => void;
}) {
  const menu = usePopupMenu();

  return (
    <span className="relative" onBlur={menu.onBlur}>
      <button
        {...menu.triggerProps}
        type="button"
        aria-label={`Time out @${login}`}
        title={`Time out @${login}`}
        className={`rounded p-1 text-slate-500 hover:text-amber-700 focus-visible:opacity-100 dark:text-slate-400 dark:hover:text-amber-300 ${
          menu.open
            ? ''
            : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
        }`}
      >
        <Timer aria-hidden="true" className="h-4 w-4" />
      </button>
      {menu.open && (
        <span
          {...menu.menuProps}
          role="group"
          aria-label={`Time out @${login}`}
          className="absolute top-full right-0 z-20 mt-1 flex w-max flex-col rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {CHAT_TIMEOUT_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              aria-label={`Time out @${login} for ${minutes} minutes`}
              onClick={() => {
                onTimeOut(minutes);
                menu.close();
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

/** One moderation action in words: who did what, to whom. */
export function describeModeration(entry: ChatModerationEntry): string {
  switch (entry.action) {
    case 'delete':
      return `@${entry.moderator} deleted a message by @${entry.target}`;
    case 'timeout':
      return `@${entry.moderator} timed out @${entry.target} for ${entry.minutes} minutes`;
    case 'slow-mode':
      return entry.seconds === 0
        ? `@${entry.moderator} turned slow mode off`
        : `@${entry.moderator} set slow mode to ${entry.seconds} s`;
  }
}

/** The room's latest moderation actions, newest first, for moderators and admins. */
export function ModerationLog({ entries }: { entries: readonly ChatModerationEntry[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h4
        id={headingId}
        className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
      >
        Moderation log
      </h4>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">No moderation actions yet.</p>
      ) : (
        <ol className="mt-1 max-h-40 space-y-1 overflow-y-auto text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-2 text-slate-700 dark:text-slate-200">
              <time dateTime={entry.at} className="shrink-0 text-slate-500 tabular-nums dark:text-slate-400">
                {formatChatTime(entry.at)}
              </time>
              <span className="min-w-0 break-words">{describeModeration(entry)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The moderators' panel of an open room: its slow mode and what was moderated. */
export function ModerationPanel({
  slowModeSeconds,
  onSlowModeChange,
  log,
}: {
  slowModeSeconds: number;
  onSlowModeChange(seconds: ChatSlowModeSeconds): void;
  log: readonly ChatModerationEntry[];
}) {
  return (
    <details className="group/moderation border-b border-slate-200 dark:border-slate-700">
      <summary className="flex cursor-pointer items-center gap-1.5 px-4 py-2 text-xs font-semibold text-slate-700 select-none dark:text-slate-200">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 text-sky-600 dark:text-sky-400" />
        Moderation
      </summary>
      <div className="space-y-3 px-4 pb-3">
        <SlowModeControl seconds={slowModeSeconds} onChange={onSlowModeChange} />
        <ModerationLog entries={log} />
      </div>
    </details>
  );
}
