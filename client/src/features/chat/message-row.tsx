import { Shield, Star, Trash2 } from '@client/components/icons';
import { CHAT_REACTION_EMOJIS, type ChatTimeoutMinutes } from '@shared/chat-rules';
import type { ChatMessage, ChatReactionEmoji } from '@shared/schemas/chat';
import { formatChatTime, isStored, type ListedMessage } from './chat-reducer';
import { mentionedLogins, splitMentions } from './mentions';
import { TimeOutMenu } from './moderation-controls';
import { ReactionBar, ReactionPicker, unusedReactions } from './reaction-bar';

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

/** The logins a message mentions, lower-cased: the server's list, or the text's own for a copy not stored yet. */
export function mentionsOf(message: ListedMessage): string[] {
  return message.mentions ?? (isStored(message) ? [] : mentionedLogins(message.message));
}

/**
 * A message's text with its mentions set apart. Everything is rendered as text: a mention is a styled
 * span around `@login`, never markup taken from the message.
 */
export function MessageText({ message, me }: { message: ListedMessage; me: string }) {
  const mentions = mentionsOf(message);
  const parts = mentions.length
    ? splitMentions(message.message, (login) => mentions.includes(login.toLowerCase()))
    : [{ text: message.message }];
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
      {parts.map((part, index) =>
        part.login ? (
          <span
            key={index}
            className={`rounded px-0.5 font-semibold ${
              part.login.toLowerCase() === me.toLowerCase()
                ? 'bg-amber-200 text-amber-950 dark:bg-amber-400/30 dark:text-amber-100'
                : 'text-sky-700 dark:text-sky-300'
            }`}
          >
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

export interface MessageRowProps {
  message: ListedMessage;
  me: string;
  /** Moderators and admins delete messages and time people out. */
  canModerate: boolean;
  /** The reader may react (not timed out); messages not stored yet never take reactions. */
  canReact: boolean;
  onDelete: () => void;
  onReact: (emoji: ChatReactionEmoji, on: boolean) => void;
  onTimeOut: (minutes: ChatTimeoutMinutes) => void;
}

/** One message: avatar, author, role, team, time, text with mentions, reactions, moderator actions. */
export function MessageRow({
  message,
  me,
  canModerate,
  canReact,
  onDelete,
  onReact,
  onTimeOut,
}: MessageRowProps) {
  const sideColour = message.team === 'away' ? 'bg-rose-500' : 'bg-indigo-500';
  const mine = message.login.toLowerCase() === me.toLowerCase();
  const stored = isStored(message);
  const mentionsMe = !mine && mentionsOf(message).includes(me.toLowerCase());
  // Nobody can time out an admin, and nobody times out themselves.
  const canTimeOut = canModerate && stored && !mine && message.role !== 'admin';
  const reactions = message.reactions ?? [];
  // With no reaction yet, "Add reaction" waits with the row's other actions instead of its own line.
  const quietPicker = stored && canReact && reactions.length === 0;
  return (
    <li
      data-mentions-me={mentionsMe || undefined}
      className={`group flex gap-3 py-2 pr-3 focus-within:bg-slate-50 hover:bg-slate-50 dark:focus-within:bg-slate-800/60 dark:hover:bg-slate-800/60 ${
        mentionsMe
          ? 'border-l-4 border-amber-400 bg-amber-50 pl-2 dark:border-amber-400 dark:bg-amber-950/40'
          : 'pl-3'
      }`}
    >
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
          {mentionsMe && <span className="font-medium text-amber-800 dark:text-amber-300">Mentions you</span>}
          {message.pending && <span className="text-slate-500 dark:text-slate-400">Sending…</span>}
          {message.offline && mine && <span className="text-amber-700 dark:text-amber-400">Not sent</span>}
        </div>
        <MessageText message={message} me={me} />
        {stored && (
          <ReactionBar
            reactions={reactions}
            choices={CHAT_REACTION_EMOJIS}
            mine={message.myReactions ?? []}
            disabled={!canReact}
            onToggle={(emoji, on) => onReact(emoji as ChatReactionEmoji, on)}
          />
        )}
      </div>
      {(quietPicker || canTimeOut || (canModerate && stored)) && (
        <div className="flex items-start gap-0.5 self-start">
          {quietPicker && (
            <ReactionPicker
              quiet
              unused={unusedReactions(reactions, CHAT_REACTION_EMOJIS)}
              onPick={(emoji) => onReact(emoji as ChatReactionEmoji, true)}
            />
          )}
          {canTimeOut && <TimeOutMenu login={message.login} onTimeOut={onTimeOut} />}
          {canModerate && stored && (
            <button
              type="button"
              onClick={onDelete}
              aria-label={`Delete message from @${message.login}`}
              className="rounded p-1 text-slate-500 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 hover:text-red-600 focus-visible:opacity-100 pointer-coarse:opacity-100 dark:text-slate-400"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </div>
      )}
    </li>
  );
}
