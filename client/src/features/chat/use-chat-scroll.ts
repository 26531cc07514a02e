import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListedMessage } from './chat-reducer';

/** New messages scroll into view after a short delay, so the list has laid out. */
const SCROLL_DELAY_MS = 100;
/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

export interface ChatScroll {
  listRef: React.RefObject<HTMLDivElement | null>;
  /** Whether the reader is at the newest message (new ones then scroll into view). */
  atBottom: boolean;
  /** Messages that came after the last one the reader saw at the bottom (older pages don't count). */
  unseen: number;
  /** Scrolls the list to `top` from code; the scroll event that follows is not the reader's. */
  scrollTo(top: number): void;
  scrollToEnd(): void;
  /** The reader is sending: the list follows the newest message again. */
  stickToBottom(): void;
  /** Handles the list's scroll event; answers whether the reader scrolled (not the chat itself). */
  onScroll(): boolean;
}

/**
 * The message list's scrolling: follows the newest message while the reader is at the bottom, counts
 * what arrives while they read further up, and loads older pages when they reach the top.
 */
export function useChatScroll(chat: {
  messages: ListedMessage[];
  loading: boolean;
  hasMore: boolean;
  loadOlder(): Promise<void>;
}): ChatScroll {
  const [atBottom, setAtBottom] = useState(true);
  const [seenLastId, setSeenLastId] = useState<string | undefined>(undefined);
  const listRef = useRef<HTMLDivElement>(null);
  /** The next scroll event is the chat's own (to the newest, or to the divider), not the reader's. */
  const ownScroll = useRef(false);
  const { messages, loading, hasMore, loadOlder } = chat;
  const lastId = messages.at(-1)?.id;

  const seenIndex = seenLastId ? messages.findIndex((m) => m.id === seenLastId) : -1;
  const unseen = atBottom || seenIndex === -1 ? 0 : messages.length - 1 - seenIndex;

  const scrollTo = useCallback((top: number) => {
    const list = listRef.current;
    if (!list) return;
    const before = list.scrollTop;
    list.scrollTop = top;
    if (list.scrollTop !== before) ownScroll.current = true;
  }, []);

  const scrollToEnd = useCallback(() => {
    const list = listRef.current;
    if (list) scrollTo(list.scrollHeight);
    setAtBottom(true);
    setSeenLastId(lastId);
  }, [lastId, scrollTo]);

  // New messages scroll into view only for a reader already at the bottom; others get a button.
  useEffect(() => {
    if (!atBottom || loading) return;
    const timer = setTimeout(scrollToEnd, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId, atBottom, loading, scrollToEnd]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return false;
    const nowAtBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
    setAtBottom(nowAtBottom);
    if (nowAtBottom || atBottom) setSeenLastId(lastId);
    const readers = !ownScroll.current;
    ownScroll.current = false;
    if (list.scrollTop === 0 && hasMore) void loadOlder();
    return readers;
  };

  return {
    listRef,
    atBottom,
    unseen,
    scrollTo,
    scrollToEnd,
    stickToBottom: () => setAtBottom(true),
    onScroll,
  };
}
