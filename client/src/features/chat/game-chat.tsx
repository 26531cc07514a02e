import { Mic, Shield, Star, Trash2 } from 'lucide-react';
import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ChatMessage, TeamSide } from '@shared/schemas/chat';
import { CHAT_MESSAGE_MAX_CHARS } from '@shared/limits';
import { formatChatTime, type ListedMessage } from './chat-reducer';
import { useGameChat } from './use-game-chat';

/** New messages scroll into view after a short delay, so the list has laid out. */
const SCROLL_DELAY_MS = 100;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

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

function RoleIcon({ role }: { role: ChatMessage['role'] }) {
  if (role === 'admin') {
    return (
      <span title="Admin" aria-label="Admin" role="img" className="text-amber-500">
        <Shield aria-hidden="true" className="h-3.5 w-3.5" fill="currentColor" />
      </span>
    );
  }
  if (role === 'moderator') {
    return (
      <span title="Moderator" aria-label="Moderator" role="img" className="text-sky-500">
        <Star aria-hidden="true" className="h-3.5 w-3.5" fill="currentColor" />
      </span>
    );
  }
  return null;
}

function MessageRow({
  message,
  mine,
  canDelete,
  onDelete,
}: {
  message: ListedMessage;
  mine: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const sideColour = message.team === 'away' ? 'bg-rose-500' : 'bg-indigo-500';
  return (
    <li className="group flex gap-3 px-3 py-2 hover:bg-slate-50 focus-within:bg-slate-50 dark:hover:bg-slate-800/60 dark:focus-within:bg-slate-800/60">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${sideColour}`}
      >
        {message.login.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
          {/* The login, not the display name: names are not unique and anyone can copy one. */}
          <span className="font-semibold text-slate-900 dark:text-slate-100">@{message.login}</span>
          <RoleIcon role={message.role} />
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600 dark:bg-slate-700 dark:text-slate-300">
            {message.teamName}
          </span>
          <time dateTime={message.timestamp} className="text-slate-500 dark:text-slate-400">
            {formatChatTime(message.timestamp)}
          </time>
          {message.pending && <span className="text-slate-400">Sending…</span>}
          {message.offline && mine && <span className="text-amber-600 dark:text-amber-400">Not sent</span>}
        </div>
        <p className="break-words whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-200">
          {message.message}
        </p>
      </div>
      {canDelete && !message.offline && !message.pending && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete message from @${message.login}`}
          className="self-start rounded p-1 text-slate-400 opacity-0 group-hover:opacity-100 hover:text-red-600 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-sky-500"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </li>
  );
}

/** A game's chat: pick a side, then talk live with everyone in the game's room. */
export function GameChat({
  gameId,
  awayTeam,
  homeTeam,
  user,
  voiceParticipantCount = 0,
  voicePanel,
}: GameChatProps) {
  const [choice, setChoice] = useState<TeamSide | null>(null);
  const [team, setTeam] = useState<TeamSide | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [seenLastId, setSeenLastId] = useState<string | undefined>(undefined);
  const [atBottom, setAtBottom] = useState(true);
  const listRef = useRef<HTMLDivElement>(null);
  const chat = useGameChat({
    gameId,
    awayTeam,
    homeTeam,
    user: user ?? { login: '', name: null, role: 'user' },
    enabled: team !== null && user !== null,
  });
  const messageCount = chat.messages.length;
  const lastId = chat.messages.at(-1)?.id;

  // Messages that arrived after the last one the reader saw at the bottom (older pages don't count).
  const seenIndex = seenLastId ? chat.messages.findIndex((m) => m.id === seenLastId) : -1;
  const unseen = atBottom || seenIndex === -1 ? 0 : messageCount - 1 - seenIndex;

  const scrollToEnd = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    setAtBottom(true);
    setSeenLastId(lastId);
  }, [lastId]);

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
    if (list.scrollTop === 0 && chat.hasMore) void chat.loadOlder();
  };

  if (!user || team === null) {
    return (
      <section
        aria-label="Game chat"
        className="rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      >
        <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Join the Game Chat</h3>
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
              <span className="block text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
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
          className="mt-4 w-full rounded-lg bg-sky-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Join Chat
        </button>
      </section>
    );
  }

  const teamName = team === 'away' ? awayTeam : homeTeam;
  const canModerate = user.role !== 'user';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    setBusy(true);
    setSendError(null);
    setAtBottom(true);
    setDraft('');
    const error = await chat.send(text, team);
    if (error) setSendError(error === 'Failed to send message' ? error : `Failed to send message: ${error}`);
    setBusy(false);
  };

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
        <div className="flex items-center gap-2 text-xs">
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
                  <MessageRow
                    message={message}
                    mine={message.login === user.login}
                    canDelete={canModerate}
                    onDelete={() => void chat.remove(message.id).catch(() => {})}
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
        {unseen > 0 && (
          <button
            type="button"
            onClick={scrollToEnd}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-sky-600 px-3 py-1 text-xs font-semibold text-white shadow-lg hover:bg-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
          >
            {unseen} new {unseen === 1 ? 'message' : 'messages'} ↓
          </button>
        )}
      </div>

      {sendError && (
        <p role="alert" className="px-4 pt-2 text-xs text-red-600 dark:text-red-400">
          {sendError}
        </p>
      )}
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
        <label htmlFor={`chat-input-${gameId}`} className="sr-only">
          Message
        </label>
        <input
          id={`chat-input-${gameId}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={CHAT_MESSAGE_MAX_CHARS}
          placeholder={`Message the ${teamName} chat...`}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <button
          type="submit"
          disabled={!draft.trim() || busy}
          aria-label="Send message"
          className="rounded-lg bg-sky-600 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Send
        </button>
      </form>
      {voicePanel && <div className="border-t border-slate-200 p-3 dark:border-slate-700">{voicePanel}</div>}
    </section>
  );
}
