import { Clock, VolumeX } from '@client/components/icons';
import { CHAT_UNREAD_COUNT_MAX } from '@shared/chat-rules';
import { formatChatTime } from './chat-reducer';

/** "Slow mode is on (30 s)", for everyone in a room with slow mode on. */
export function SlowModeNotice({ seconds }: { seconds: number }) {
  return (
    <p className="flex items-center gap-1.5 px-4 pt-2 text-xs text-slate-600 dark:text-slate-300">
      <Clock aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      Slow mode is on ({seconds} s)
    </p>
  );
}

/** In the message box while the sender must wait: "Slow mode: wait 12 s". */
export function SlowModeWait({ secondsLeft }: { secondsLeft: number }) {
  return (
    <span className="pointer-events-none absolute inset-y-0 right-2 flex items-center">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 tabular-nums dark:bg-amber-900/70 dark:text-amber-100">
        Slow mode: wait {secondsLeft} s
      </span>
    </span>
  );
}

/** Instead of the message box while the reader is timed out: "You are muted in this room until 21:45". */
export function MutedNotice({ until }: { until: string }) {
  return (
    <p
      role="status"
      className="flex min-w-0 flex-1 items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <VolumeX aria-hidden="true" className="h-4 w-4 shrink-0" />
      You are muted in this room until {formatChatTime(until)}
    </p>
  );
}

export interface UnreadCount {
  unread: number;
  /** Whether one of the unread messages mentions the reader. */
  mentioned: boolean;
}

/** "3 unread", with an "@" when one of them mentions the reader; nothing when all is read. */
export function UnreadBadge({ unread, mentioned }: UnreadCount) {
  if (unread <= 0) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white normal-case tracking-normal tabular-nums">
      {/* The server stops counting at 100. */}
      {unread >= CHAT_UNREAD_COUNT_MAX ? `${CHAT_UNREAD_COUNT_MAX - 1}+` : unread} unread
      {mentioned && (
        <>
          <span aria-hidden="true" className="rounded-full bg-white px-1 text-sky-700">
            @
          </span>
          <span className="sr-only">, mentions you</span>
        </>
      )}
    </span>
  );
}
