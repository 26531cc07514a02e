import { Fragment } from 'react';
import type { ChatTimeoutMinutes } from '@shared/chat-rules';
import type { ChatReactionEmoji } from '@shared/schemas/chat';
import type { ListedMessage } from './chat-reducer';
import { MessageRow } from './message-row';
import type { ChatScroll } from './use-chat-scroll';
import type { UnreadDivider } from './use-unread-divider';

/** What the list shows of the room, and what it can ask of it. */
export interface ListedRoom {
  status: 'loading' | 'ready' | 'offline';
  messages: ListedMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  /** The message after which some were missed while away. */
  gapAfter?: string;
  loadOlder(): Promise<void>;
}

/** What the reader may do to a message; each answers the action, whose failure the room reports. */
export interface MessageActions {
  canModerate: boolean;
  canReact: boolean;
  remove(messageId: string): void;
  react(messageId: string, emoji: ChatReactionEmoji, on: boolean): void;
  timeOut(login: string, minutes: ChatTimeoutMinutes): void;
}

/**
 * The room's messages, scrolled as `scroll` says, with the "New messages" divider, the mark where
 * messages were missed, and the buttons that jump to the first unread and to the newest.
 */
export function MessageList({
  room,
  me,
  actions,
  scroll,
  divider,
  onScroll,
}: {
  room: ListedRoom;
  me: string;
  actions: MessageActions;
  scroll: ChatScroll;
  divider: UnreadDivider;
  onScroll(): void;
}) {
  const { listRef, unseen, scrollToEnd } = scroll;
  return (
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
        {room.status === 'loading' ? (
          <p className="p-4 text-sm text-slate-500 dark:text-slate-400">Loading messages...</p>
        ) : room.messages.length === 0 ? (
          <p className="p-4 text-sm text-slate-500 dark:text-slate-400">No messages yet. Say hello!</p>
        ) : (
          <ul>
            {room.hasMore && (
              <li className="p-2 text-center">
                <button
                  type="button"
                  onClick={() => void room.loadOlder()}
                  className="text-xs text-sky-700 hover:underline dark:text-sky-300"
                >
                  {room.loadingOlder ? 'Loading…' : 'Load earlier messages'}
                </button>
              </li>
            )}
            {room.messages.map((message) => (
              <Fragment key={message.id}>
                {message.id === divider.before && (
                  <li
                    ref={divider.lineRef}
                    className="mx-3 my-1 flex items-center gap-2 text-xs font-semibold text-red-700 dark:text-red-300"
                  >
                    <span aria-hidden="true" className="h-px flex-1 bg-red-400 dark:bg-red-500" />
                    New messages
                    <span aria-hidden="true" className="h-px flex-1 bg-red-400 dark:bg-red-500" />
                  </li>
                )}
                <MessageRow
                  message={message}
                  me={me}
                  canModerate={actions.canModerate}
                  canReact={actions.canReact}
                  onDelete={() => actions.remove(message.id)}
                  onReact={(emoji, on) => actions.react(message.id, emoji, on)}
                  onTimeOut={(minutes) => actions.timeOut(message.login, minutes)}
                />
                {message.id === room.gapAfter && (
                  <li className="mx-4 my-2 border-y border-dashed border-amber-300 py-1 text-center text-xs text-amber-800 dark:border-amber-700 dark:text-amber-200">
                    Some messages were missed while you were away.
                  </li>
                )}
              </Fragment>
            ))}
          </ul>
        )}
      </div>
      {divider.showJump && (
        <button
          type="button"
          onClick={divider.jump}
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
  );
}
