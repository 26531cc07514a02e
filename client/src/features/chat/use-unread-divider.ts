import { useCallback, useRef, useState } from 'react';
import { firstUnreadId, type ListedMessage } from './chat-reducer';
import type { ChatScroll } from './use-chat-scroll';

/** "Jump to first unread" leaves this much of the message before the divider in view. */
const DIVIDER_CONTEXT_PX = 24;

export interface UnreadDivider {
  /** Whether the divider's place has been decided (the chat has loaded and the server has answered). */
  decided: boolean;
  /** The message the "New messages" divider stands before (undefined: all was read). */
  before: string | undefined;
  lineRef: React.RefObject<HTMLLIElement | null>;
  /** Whether to offer "Jump to first unread": there is a divider the reader has not reached. */
  showJump: boolean;
  jump(): void;
  /** Notes whether the reader has scrolled the divider into view. */
  check(): void;
}

/**
 * The "New messages" divider, placed once when the chat opens: before the first message by someone
 * else after the reader's seen position. Offers a jump to it until the reader has seen it.
 */
export function useUnreadDivider({
  messages,
  ready,
  lastSeenId,
  me,
  scroll,
}: {
  messages: ListedMessage[];
  /** The messages have loaded and the server has said where the reader was. */
  ready: boolean;
  /** The newest message the user has seen here, on any tab or device (undefined: never opened). */
  lastSeenId: string | undefined;
  me: string;
  scroll: Pick<ChatScroll, 'listRef' | 'scrollTo'>;
}): UnreadDivider {
  /** `null` until decided; `before` undefined when all was read. */
  const [divider, setDivider] = useState<{ before: string | undefined } | null>(null);
  const [reached, setReached] = useState(false);
  const lineRef = useRef<HTMLLIElement>(null);
  const { listRef, scrollTo } = scroll;

  if (divider === null && ready) {
    setDivider({ before: lastSeenId ? firstUnreadId(messages, lastSeenId, me) : undefined });
  }

  /** The divider's distance below the list's top edge, or null while either is not shown. */
  const lineOffset = useCallback(() => {
    const list = listRef.current;
    const line = lineRef.current;
    if (!list || !line) return null;
    return { list, top: line.getBoundingClientRect().top - list.getBoundingClientRect().top };
  }, [listRef]);

  // Once the reader has scrolled the divider into view, "Jump to first unread" has done its job.
  const check = useCallback(() => {
    const at = lineOffset();
    if (at && at.top >= 0 && at.top < at.list.clientHeight) setReached(true);
  }, [lineOffset]);

  const jump = () => {
    const at = lineOffset();
    if (!at) return;
    // A little of the last message read stays in view above the divider.
    scrollTo(at.list.scrollTop + at.top - DIVIDER_CONTEXT_PX);
    setReached(true);
  };

  return {
    decided: divider !== null,
    before: divider?.before,
    lineRef,
    showJump: divider?.before !== undefined && !reached,
    jump,
    check,
  };
}
