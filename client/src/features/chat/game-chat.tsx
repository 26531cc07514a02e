import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ChatMessage, TeamSide } from '@shared/schemas/chat';
import { isStored } from './chat-reducer';
import { ChatComposer } from './chat-composer';
import { ChatRoomHeader } from './chat-room-header';
import { MessageList, type MessageActions } from './message-list';
import { ModerationPanel } from './moderation-controls';
import { SlowModeNotice, UnreadBadge } from './room-status';
import { useReportSeen, useRefreshUnread, useRoomUnread } from './unread';
import { useChatScroll } from './use-chat-scroll';
import { useGameChat } from './use-game-chat';
import { useMuted } from './use-muted';
import { useUnreadDivider } from './use-unread-divider';

export interface GameChatProps {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
  user: { login: string; name: string | null; role: ChatMessage['role'] } | null;
  /** Participants in this game's voice room, owned by the server. */
  voiceParticipantCount?: number;
  /** The voice panel, shown under the messages once joined. */
  voicePanel?: ReactNode;
  /**
   * A room with no sides to choose (a league's draft room): everyone speaks as this side, the room
   * opens at once and its header shows `roomName`.
   */
  side?: TeamSide;
  roomName?: string;
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

/** A game's chat: pick a side, then talk live with everyone in the game's room. */
export function GameChat(props: GameChatProps) {
  const { gameId, awayTeam, homeTeam, user } = props;
  const [choice, setChoice] = useState<TeamSide | null>(null);
  const [team, setTeam] = useState<TeamSide | null>(props.side ?? null);
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

/** An open room: its header, the moderators' panel, the messages and the send box. */
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
  roomName,
}: GameChatProps & {
  user: NonNullable<GameChatProps['user']>;
  team: TeamSide;
  /** The newest message the user has seen here, on any tab or device (undefined: never opened). */
  lastSeenId: string | undefined;
  /** Whether the server has answered about unread messages yet. */
  answered: boolean;
}) {
  const [actionError, setActionError] = useState<string | null>(null);
  const visible = useDocumentVisible();
  const refreshUnread = useRefreshUnread();
  const chat = useGameChat({ gameId, awayTeam, homeTeam, user, enabled: true });
  const canModerate = user.role !== 'user';

  // A chat in its room gets messages, not counts: on leaving, the counts are asked for again.
  useEffect(() => () => refreshUnread(), [refreshUnread]);

  const scroll = useChatScroll({ ...chat, loading: chat.status === 'loading' });
  const divider = useUnreadDivider({
    messages: chat.messages,
    ready: chat.status !== 'loading' && answered,
    lastSeenId,
    me: user.login,
    scroll,
  });
  const muted = useMuted(chat.mutedUntil);

  // The newest message counts as seen while the chat is visible and scrolled to it.
  const newestStored = chat.messages.findLast(isStored)?.id;
  useReportSeen(
    gameId,
    newestStored,
    divider.decided && scroll.atBottom && visible && chat.status === 'ready',
  );

  const onScroll = () => {
    if (scroll.onScroll()) divider.check();
  };
  const report = (action: Promise<unknown>) =>
    void action.then(
      () => setActionError(null),
      (error: unknown) => setActionError(error instanceof Error ? error.message : 'Something went wrong'),
    );
  const actions: MessageActions = {
    canModerate,
    canReact: !muted,
    remove: (messageId) => report(chat.remove(messageId)),
    react: (messageId, emoji, on) => report(chat.react(messageId, emoji, on)),
    timeOut: (login, minutes) => report(chat.timeOut(login, minutes)),
  };

  return (
    <section
      aria-label={roomName ? `${roomName} chat` : 'Game chat'}
      className="flex flex-col rounded-xl border border-slate-200 dark:border-slate-700"
    >
      <ChatRoomHeader
        awayTeam={awayTeam}
        homeTeam={homeTeam}
        messages={chat.messages}
        lastSeenId={lastSeenId}
        me={user.login}
        offline={chat.status === 'offline'}
        voiceParticipantCount={voiceParticipantCount}
        roomName={roomName}
      />

      {canModerate && chat.status === 'ready' && (
        <ModerationPanel
          slowModeSeconds={chat.slowModeSeconds}
          onSlowModeChange={(seconds) => report(chat.setSlowMode(seconds))}
          log={chat.moderationLog}
        />
      )}

      {chat.status === 'offline' && chat.messages.every((m) => m.id.startsWith('sample-')) && (
        <p
          role="alert"
          className="bg-amber-50 px-4 py-2 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          Failed to load messages
        </p>
      )}

      <MessageList
        room={chat}
        me={user.login}
        actions={actions}
        scroll={scroll}
        divider={divider}
        onScroll={onScroll}
      />

      {chat.slowModeSeconds > 0 && <SlowModeNotice seconds={chat.slowModeSeconds} />}
      {actionError && (
        <p role="alert" className="px-4 pt-2 text-xs text-red-700 dark:text-red-400">
          {actionError}
        </p>
      )}
      <ChatComposer
        gameId={gameId}
        team={team}
        teamName={team === 'away' ? awayTeam : homeTeam}
        me={user.login}
        authors={[...chat.speakers].reverse().concat(chat.messages.map((m) => m.login))}
        slowModeSeconds={chat.slowModeSeconds}
        heldToSlowMode={!canModerate}
        mutedUntil={muted ? chat.mutedUntil : null}
        send={chat.send}
        onSending={scroll.stickToBottom}
        onError={setActionError}
      />
      {voicePanel && <div className="border-t border-slate-200 p-3 dark:border-slate-700">{voicePanel}</div>}
    </section>
  );
}
