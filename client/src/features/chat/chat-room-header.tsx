import { Mic } from '@client/components/icons';
import { isAfter, isStored, type ListedMessage } from './chat-reducer';
import { mentionsOf } from './message-row';
import { UnreadBadge, type UnreadCount } from './room-status';

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

/** The open room's header: the match, what is unread, who is in voice, and how many messages. */
export function ChatRoomHeader({
  awayTeam,
  homeTeam,
  messages,
  lastSeenId,
  me,
  offline,
  voiceParticipantCount,
  roomName,
}: {
  awayTeam: string;
  homeTeam: string;
  /** The room's own name when it is not a match (a league's draft room). */
  roomName?: string;
  messages: ListedMessage[];
  /** The newest message the user has seen here (undefined: never opened). */
  lastSeenId: string | undefined;
  me: string;
  offline: boolean;
  voiceParticipantCount: number;
}) {
  const messageCount = messages.length;
  return (
    <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">
          {roomName ?? `${awayTeam} vs ${homeTeam}`}
        </h3>
        <p className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span className="h-2 w-2 rounded-full bg-red-500" aria-hidden="true" />
          Live Game Chat
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <UnreadBadge {...countUnread(messages, lastSeenId, me)} />
        <span
          className="inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200"
          aria-label={`${voiceParticipantCount} in voice`}
        >
          <Mic aria-hidden="true" className="mr-1 inline h-3.5 w-3.5 align-[-2px]" />
          {voiceParticipantCount}
        </span>
        {offline && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800 dark:bg-amber-900/60 dark:text-amber-200">
            Offline Mode
          </span>
        )}
        <span className="text-slate-500 dark:text-slate-400" aria-label={`${messageCount} messages`}>
          {messageCount} {messageCount === 1 ? 'message' : 'messages'}
        </span>
      </div>
    </header>
  );
}
