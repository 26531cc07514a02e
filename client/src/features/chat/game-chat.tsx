import {
  Fragment,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Mic, ShieldCheck } from '@client/components/icons';
import type { ChatMessage, TeamSide } from '@shared/schemas/chat';
import { CHAT_MESSAGE_MAX_CHARS } from '@shared/limits';
import { firstUnreadId, isAfter, isStored, type ListedMessage } from './chat-reducer';
import { MentionInput } from './mention-input';
import { MessageRow, mentionsOf } from './message-row';
import { ModerationLog, SlowModeControl } from './moderation-controls';
import { MutedNotice, SlowModeNotice, SlowModeWait, UnreadBadge, type UnreadCount } from './room-status';
import { useReportSeen, useRefreshUnread, useRoomUnread } from './unread';
import { useGameChat } from './use-game-chat';
import { useSecondsLeft } from './use-seconds-left';

/** New messages scroll into view after a short delay, so the list has laid out. */
const SCROLL_DELAY_MS = 100;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;
/** "Jump to first unread" leaves this much of the message before the divider in view. */
const DIVIDER_CONTEXT_PX = 24;

export interface GameChatProps {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
  user: { login: string; name: string | null; role: ChatMessage['role'] } | null;
  /** Participants in this game's voice room, owned by the server. */
  voiceParticipantCount?: number;
  /** The voice panel, shown under the messages once joined. */
  voicePanel?: ReactNode;
}

/** Whether the page is visible (not a background tab, not minimised). */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState === 'visible',
  );
}

/** The send box's slow-mode countdown; tells the chat when the wait is over. */
function SlowModeCountdown({ until, onDone }: { until: number; onDone: () => void }) {
  const left = useSecondsLeft(until);
  useEffect(() => {
    if (left === 0) onDone();
  }, [left, onDone]);
  return left > 0 ? <SlowModeWait secondsLeft={left} /> : null;
}

/** Scrolls the list from code; the scroll event that follows is marked as not the reader's. */
function scrollListTo(list: HTMLDivElement, top: number, ownScroll: { current: boolean }) {
  const before = list.scrollTop;
  list.scrollTop = top;
  if (list.scrollTop !== before) ownScroll.current = true;
}

/** Unread messages by others after `lastSeenId`, and whether one of them mentions the reader. */
function countUnread(messages: ListedMessage[], lastSeenId: string | undefined, me: string): UnreadCount {
  if (!lastSeenId) return { unread: 0, mentioned: false };
  const mine = me.toLowerCase();
  let unread = 0;
  let mentioned = false;
  for (const message of messages) {
    if (!isStored(message) || message.login.toLowerCase() === mine || !isAfter(message.id, lastSeenId))
      continue;
    unread++;
    mentioned ||= mentionsOf(message).includes(mine);
  }
  return { unread, mentioned };
}

/** A game's chat: pick a side, then talk live with everyone in the game's room. */
export function GameChat(props: GameChatProps) {
  const { gameId, awayTeam, homeTeam, user } = props;
  const [choice, setChoice] = useState<TeamSide | null>(null);
  const [team, setTeam] = useState<TeamSide | null>(null);
  const room = useRoomUnread(gameId);

  if (!user || team === null) {
    return (
      <section
        aria-label="Game chat"
        className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Join the Game Chat</h3>
          {room.unread && <UnreadBadge unread={room.unread.count} mentioned={room.unread.mentioned} />}
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Choose your team to start chatting as @{user?.login ?? ''}
        </p>
        <div role="radiogroup" aria-label="Your team" className="mt-4 grid grid-cols-2 gap-3">
          {(['away', 'home'] as const).map((side) => (
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={choice === side}
              onClick={() => setChoice(side)}
              className={`rounded-lg border px-3 py-3 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 ${
                choice === side
                  ? 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
                  : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200'
              }`}
            >
              <span className="block text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {side === 'away' ? 'Away' : 'Home'}
              </span>
              <span className="font-semibold">{side === 'away' ? awayTeam : homeTeam}</span>
            </button>
          ))}
        </div>
        <button
          type="button"
          disabled={choice === null || !user}
          onClick={() => setTeam(choice)}
          className="mt-4 w-full rounded-lg bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Join Chat
        </button>
      </section>
    );
  }
  return (
    <ChatRoom
      {...props}
      user={user}
      team={team}
      lastSeenId={room.unread?.lastSeenId}
      answered={room.answered}
    />
  );
}

function ChatRoom({
  gameId,
  awayTeam,
  homeTeam,
  user,
  team,
  lastSeenId,
  answered,
  voiceParticipantCount = 0,
  voicePanel,
}: GameChatProps & {
  user: NonNullable<GameChatProps['user']>;
  team: TeamSide;
  /** The newest message the user has seen here, on any tab or device (undefined: never opened). */
  lastSeenId: string | undefined;
  /** Whether the server has answered about unread messages yet. */
  answered: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [seenLastId, setSeenLastId] = useState<string | undefined>(undefined);
  const [atBottom, setAtBottom] = useState(true);
  /** Slow mode: when the reader may send again (epoch ms). */
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  /** A time-out that has run out (its end time), so the box comes back without a reload. */
  const [expiredMute, setExpiredMute] = useState<string | null>(null);
  /**
   * Where the "New messages" divider goes, decided once when the chat opens: the first message by
   * someone else after the seen position. `null` until decided; undefined when all was read.
   */
  const [divider, setDivider] = useState<{ before: string | undefined } | null>(null);
  const [dividerReached, setDividerReached] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLLIElement>(null);
  /** The next scroll event is the chat's own (to the newest, or to the divider), not the reader's. */
  const ownScroll = useRef(false);
  const visible = useDocumentVisible();
  const refreshUnread = useRefreshUnread();
  const chat = useGameChat({ gameId, awayTeam, homeTeam, user, enabled: true });
  const messageCount = chat.messages.length;
  const lastId = chat.messages.at(-1)?.id;
  const canModerate = user.role !== 'user';

  // A chat in its room gets messages, not counts: on leaving, the counts are asked for again.
  useEffect(() => () => refreshUnread(), [refreshUnread]);

  if (divider === null && chat.status !== 'loading' && answered) {
    setDivider({ before: lastSeenId ? firstUnreadId(chat.messages, lastSeenId, user.login) : undefined });
  }

  const muted = chat.mutedUntil !== null && chat.mutedUntil !== expiredMute;
  useEffect(() => {
    const until = chat.mutedUntil;
    if (until === null) return;
    const timer = setTimeout(() => setExpiredMute(until), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [chat.mutedUntil]);

  // The newest message counts as seen while the chat is visible and scrolled to it.
  const newestStored = chat.messages.findLast(isStored)?.id;
  useReportSeen(gameId, newestStored, divider !== null && atBottom && visible && chat.status === 'ready');
  const headerUnread = countUnread(chat.messages, lastSeenId, user.login);

  // Messages that arrived after the last one the reader saw at the bottom (older pages don't count).
  const seenIndex = seenLastId ? chat.messages.findIndex((m) => m.id === seenLastId) : -1;
  const unseen = atBottom || seenIndex === -1 ? 0 : messageCount - 1 - seenIndex;

  /** Whether the reader has scrolled the divider into view (then "Jump to first unread" has done its job). */
  const checkDivider = useCallback(() => {
    const list = listRef.current;
    const line = dividerRef.current;
    if (!list || !line) return;
    const top = line.getBoundingClientRect().top - list.getBoundingClientRect().top;
    if (top >= 0 && top < list.clientHeight) setDividerReached(true);
  }, []);

  const scrollToEnd = useCallback(() => {
    const list = listRef.current;
    if (list) scrollListTo(list, list.scrollHeight, ownScroll);
    setAtBottom(true);
    setSeenLastId(lastId);
  }, [lastId]);

  const jumpToFirstUnread = () => {
    const list = listRef.current;
    const line = dividerRef.current;
    if (!list || !line) return;
    // A little of the last message read stays in view above the divider.
    const offset = line.getBoundingClientRect().top - list.getBoundingClientRect().top - DIVIDER_CONTEXT_PX;
    scrollListTo(list, list.scrollTop + offset, ownScroll);
    setDividerReached(true);
  };

  // New messages scroll into view only for a reader already at the bottom; others get a button.
  useEffect(() => {
    if (!atBottom || chat.status === 'loading') return;
    const timer = setTimeout(scrollToEnd, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId, atBottom, chat.status, scrollToEnd]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    const nowAtBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
    setAtBottom(nowAtBottom);
    if (nowAtBottom) setSeenLastId(lastId);
    else if (atBottom) setSeenLastId(lastId);
    if (ownScroll.current) ownScroll.current = false;
    else checkDivider();
    if (list.scrollTop === 0 && chat.hasMore) void chat.loadOlder();
  };

  const teamName = team === 'away' ? awayTeam : homeTeam;
  const waiting = waitUntil !== null;
  const endWait = useCallback(() => setWaitUntil(null), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || busy || waiting) return;
    setBusy(true);
    setActionError(null);
    setAtBottom(true);
    setDraft('');
    const failure = await chat.send(text, team);
    if (!failure) {
      // Moderators and admins are not held to slow mode.
      if (chat.slowModeSeconds > 0 && !canModerate) setWaitUntil(Date.now() + chat.slowModeSeconds * 1000);
    } else if (failure.code === 'slow_mode' || failure.code === 'chat_muted') {
      setDraft(text);
      if (failure.retryAt) setWaitUntil(failure.retryAt);
    } else if (failure.code) {
      setDraft(text);
      setActionError(failure.message);
    } else {
      setActionError(
        failure.message === 'Failed to send message'
          ? failure.message
          : `Failed to send message: ${failure.message}`,
      );
    }
    setBusy(false);
  };
  const report = (action: Promise<unknown>) =>
    void action.then(
      () => setActionError(null),
      (error: unknown) => setActionError(error instanceof Error ? error.message : 'Something went wrong'),
    );

  const authors = [...chat.speakers].reverse().concat(chat.messages.map((m) => m.login));
  const showJumpToUnread = divider?.before !== undefined && !dividerReached;

  return (
    <section
      aria-label="Game chat"
      className="flex flex-col rounded-xl border border-slate-200 dark:border-slate-700"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-slate-100">
            {awayTeam} vs {homeTeam}
          </h3>
          <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-2 w-2 rounded-full bg-red-500" aria-hidden="true" />
            Live Game Chat
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <UnreadBadge {...headerUnread} />
          <span
            className="inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"
            aria-label={`${voiceParticipantCount} in voice`}
          >
            <Mic aria-hidden="true" className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
            {voiceParticipantCount}
          </span>
          {chat.status === 'offline' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800 dark:bg-amber-900/60 dark:text-amber-200">
              Offline Mode
            </span>
          )}
          <span className="text-slate-500 dark:text-slate-400" aria-label={`${messageCount} messages`}>
            {messageCount} {messageCount === 1 ? 'message' : 'messages'}
          </span>
        </div>
      </header>

      {canModerate && chat.status === 'ready' && (
        <details className="group/moderation border-b border-slate-200 dark:border-slate-700">
          <summary className="flex cursor-pointer items-center gap-1.5 px-4 py-2 text-xs font-semibold text-slate-700 select-none dark:text-slate-200">
            <ShieldCheck aria-hidden="true" className="h-4 w-4 text-sky-600 dark:text-sky-400" />
            Moderation
          </summary>
          <div className="space-y-3 px-4 pb-3">
            <SlowModeControl
              seconds={chat.slowModeSeconds}
              onChange={(seconds) => report(chat.setSlowMode(seconds))}
            />
            <ModerationLog entries={chat.moderationLog} />
          </div>
        </details>
      )}

      {chat.status === 'offline' && chat.messages.every((m) => m.id.startsWith('sample-')) && (
        <p
          role="alert"
          className="bg-amber-50 px-4 py-2 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          Failed to load messages
        </p>
      )}

      <div className="relative">
        <div
          ref={listRef}
          onScroll={onScroll}
          className="h-72 overflow-y-auto"
          role="log"
          aria-live="polite"
          aria-label="Chat messages"
          tabIndex={0}
        >
          {chat.status === 'loading' ? (
            <p className="p-4 text-sm text-slate-500 dark:text-slate-400">Loading messages...</p>
          ) : chat.messages.length === 0 ? (
            <p className="p-4 text-sm text-slate-500 dark:text-slate-400">No messages yet. Say hello!</p>
          ) : (
            <ul>
              {chat.hasMore && (
                <li className="p-2 text-center">
                  <button
                    type="button"
                    onClick={() => void chat.loadOlder()}
                    className="text-xs text-sky-700 hover:underline dark:text-sky-300"
                  >
                    {chat.loadingOlder ? 'Loading…' : 'Load earlier messages'}
                  </button>
                </li>
              )}
              {chat.messages.map((message) => (
                <Fragment key={message.id}>
                  {message.id === divider?.before && (
                    <li
                      ref={dividerRef}
                      className="mx-3 my-1 flex items-center gap-2 text-xs font-semibold text-red-700 dark:text-red-300"
                    >
                      <span aria-hidden="true" className="h-px flex-1 bg-red-400 dark:bg-red-500" />
                      New messages
                      <span aria-hidden="true" className="h-px flex-1 bg-red-400 dark:bg-red-500" />
                    </li>
                  )}
                  <MessageRow
                    message={message}
                    me={user.login}
                    canModerate={canModerate}
                    canReact={!muted}
                    onDelete={() => report(chat.remove(message.id))}
                    onReact={(emoji, on) => report(chat.react(message.id, emoji, on))}
                    onTimeOut={(minutes) => report(chat.timeOut(message.login, minutes))}
                  />
                  {message.id === chat.gapAfter && (
                    <li className="mx-4 my-2 border-y border-dashed border-amber-300 py-1 text-center text-xs text-amber-800 dark:border-amber-700 dark:text-amber-200">
                      Some messages were missed while you were away.
                    </li>
                  )}
                </Fragment>
              ))}
            </ul>
          )}
        </div>
        {showJumpToUnread && (
          <button
            type="button"
            onClick={jumpToFirstUnread}
            className="absolute top-2 left-1/2 -translate-x-1/2 rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white shadow-lg hover:bg-red-800"
          >
            Jump to first unread
          </button>
        )}
        {unseen > 0 && (
          <button
            type="button"
            onClick={scrollToEnd}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-sky-700 px-3 py-1 text-xs font-semibold text-white shadow-lg hover:bg-sky-800"
          >
            {unseen} new {unseen === 1 ? 'message' : 'messages'} ↓
          </button>
        )}
      </div>

      {chat.slowModeSeconds > 0 && <SlowModeNotice seconds={chat.slowModeSeconds} />}
      {actionError && (
        <p role="alert" className="px-4 pt-2 text-xs text-red-700 dark:text-red-400">
          {actionError}
        </p>
      )}
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
        {muted ? (
          <MutedNotice until={chat.mutedUntil!} />
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
                me={user.login}
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
      {voicePanel && <div className="border-t border-slate-200 p-3 dark:border-slate-700">{voicePanel}</div>}
    </section>
  );
}
