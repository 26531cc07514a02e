import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { TeamSide } from '@shared/schemas/chat';
import { CHAT_MESSAGE_MAX_CHARS } from '@shared/limits';
import { MentionInput } from './mention-input';
import { MutedNotice, SlowModeWait } from './room-status';
import type { SendFailure } from './use-chat-actions';
import { useSecondsLeft } from './use-seconds-left';

/** The send box's slow-mode countdown; tells the composer when the wait is over. */
function SlowModeCountdown({ until, onDone }: { until: number; onDone: () => void }) {
  const left = useSecondsLeft(until);
  useEffect(() => {
    if (left === 0) onDone();
  }, [left, onDone]);
  return left > 0 ? <SlowModeWait secondsLeft={left} /> : null;
}

/** The words shown when a send failed without a refusal code (the socket's own failure). */
function sendFailedText(message: string): string {
  return message === 'Failed to send message' ? message : `Failed to send message: ${message}`;
}

/**
 * The send box: a message with @-mentions of who spoke, held back while slow mode makes the reader
 * wait, and replaced by a notice while they are timed out. A refused message goes back into the box.
 */
export function ChatComposer({
  gameId,
  team,
  teamName,
  me,
  authors,
  slowModeSeconds,
  heldToSlowMode,
  mutedUntil,
  send,
  onSending,
  onError,
}: {
  gameId: string;
  team: TeamSide;
  teamName: string;
  me: string;
  /** Who the mention list offers, most likely first. */
  authors: string[];
  slowModeSeconds: number;
  /** False for moderators and admins, who are not held to slow mode. */
  heldToSlowMode: boolean;
  /** When the reader's time-out ends; null while they may send. */
  mutedUntil: string | null;
  send(text: string, team: TeamSide): Promise<SendFailure | null>;
  /** A message is on its way: the list follows the newest again. */
  onSending(): void;
  /** What went wrong, shown above the box (null clears it). */
  onError(message: string | null): void;
}) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  /** Slow mode: when the reader may send again (epoch ms). */
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const waiting = waitUntil !== null;
  const endWait = useCallback(() => setWaitUntil(null), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || busy || waiting) return;
    setBusy(true);
    onError(null);
    onSending();
    setDraft('');
    const failure = await send(text, team);
    if (!failure) {
      if (slowModeSeconds > 0 && heldToSlowMode) setWaitUntil(Date.now() + slowModeSeconds * 1000);
    } else if (failure.code === 'slow_mode' || failure.code === 'chat_muted') {
      setDraft(text);
      if (failure.retryAt) setWaitUntil(failure.retryAt);
    } else if (failure.code) {
      setDraft(text);
      onError(failure.message);
    } else {
      onError(sendFailedText(failure.message));
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
      {mutedUntil !== null ? (
        <MutedNotice until={mutedUntil} />
      ) : (
        <>
          <label htmlFor={`chat-input-${gameId}`} className="sr-only">
            Message
          </label>
          <div className="relative flex min-w-0 flex-1">
            <MentionInput
              id={`chat-input-${gameId}`}
              value={draft}
              onChange={setDraft}
              authors={authors}
              me={me}
              maxLength={CHAT_MESSAGE_MAX_CHARS}
              placeholder={`Message the ${teamName} chat...`}
              className={`w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${waiting ? 'pr-40' : ''}`}
            />
            {waitUntil !== null && <SlowModeCountdown key={waitUntil} until={waitUntil} onDone={endWait} />}
          </div>
          <button
            type="submit"
            disabled={!draft.trim() || busy || waiting}
            aria-label="Send message"
            className="rounded-lg bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Send
          </button>
        </>
      )}
    </form>
  );
}
