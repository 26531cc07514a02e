import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import {
  CHAT_UNREAD_COUNT_MAX,
  CHAT_UNREAD_GAMES_MAX,
  type ChatUnread,
  type ChatUnreadArrived,
  type ChatUnreadEntry,
} from '@shared/schemas/chat';
import { getSocket, request } from '@client/lib/socket';
import { isAfter } from './chat-reducer';

/**
 * Unread counts of the game rooms the user has opened, as the server keeps them: one seen position per
 * user and game, followed by every tab and device. Whatever shows a count (a game card's badge, a chat
 * header) follows its game here; one follower per screen asks the server about all of them at once and
 * applies its pushes.
 */
interface UnreadState {
  /** True once the server has answered for the games followed now. */
  answered: boolean;
  /** Only games the user has opened: a game missing here has never been read. */
  games: Readonly<Record<string, ChatUnread>>;
}

const unreadAtom = atom<UnreadState>({ answered: false, games: {} });
/** How many mounted things follow each game. */
const followersAtom = atom<ReadonlyMap<string, number>>(new Map());
/** Bumped to ask the server again (a chat left its room, where it got messages instead of counts). */
const refreshAtom = atom(0);

/** Batches the follow list: a page of cards mounting at once makes one request. */
const FOLLOW_BATCH_MS = 50;
/** At most one seen position per game goes to the server this often (it keeps one a second anyway). */
export const SEEN_REPORT_INTERVAL_MS = 1000;

/** The unread state of one game, followed while the calling component is mounted. */
export function useRoomUnread(gameId: string): { unread: ChatUnread | undefined; answered: boolean } {
  const setFollowers = useSetAtom(followersAtom);
  useEffect(() => {
    setFollowers((current) => new Map(current).set(gameId, (current.get(gameId) ?? 0) + 1));
    return () =>
      setFollowers((current) => {
        const next = new Map(current);
        const count = (next.get(gameId) ?? 1) - 1;
        if (count > 0) next.set(gameId, count);
        else next.delete(gameId);
        return next;
      });
  }, [gameId, setFollowers]);
  const state = useAtomValue(unreadAtom);
  return { unread: state.games[gameId], answered: state.answered };
}

/** Asks the server for the unread counts again (after a chat leaves its room). */
export function useRefreshUnread(): () => void {
  const bump = useSetAtom(refreshAtom);
  return useCallback(() => bump((count) => count + 1), [bump]);
}

/**
 * A followed room's notice applied to its unread state: one more for each new message that is not the
 * reader's own and comes after what they saw, one less for each such message deleted. `askAgain` when
 * a deletion leaves what only the server can tell (whether another unread message mentions the reader,
 * or the true count past the cap).
 */
export function applyNotice(
  unread: ChatUnread | undefined,
  notice: ChatUnreadArrived,
  me: string,
): { unread: ChatUnread | undefined; askAgain: boolean } {
  if (!unread) return { unread, askAgain: false };
  const mine = me.toLowerCase();
  const counts = (entry: ChatUnreadEntry) =>
    entry.login.toLowerCase() !== mine && isAfter(entry.id, unread.lastSeenId);
  let { count, mentioned } = unread;
  let askAgain = false;
  for (const entry of notice.messages.filter(counts)) {
    count = Math.min(count + 1, CHAT_UNREAD_COUNT_MAX);
    mentioned ||= entry.mentions.includes(mine);
  }
  for (const entry of notice.deleted.filter(counts)) {
    if (entry.mentions.includes(mine) || count >= CHAT_UNREAD_COUNT_MAX) askAgain = true;
    else count = Math.max(count - 1, 0);
  }
  const changed = count !== unread.count || mentioned !== unread.mentioned;
  return { unread: changed ? { ...unread, count, mentioned } : unread, askAgain };
}

/**
 * Keeps the unread counts of every followed game current for `login`: asks the server when the
 * followed games change, after a reconnect and on request, and applies its pushes (a seen position
 * moved on some tab; a message arrived in a room this tab is not in). Mount once per screen.
 */
export function useUnreadFollower(login: string | null): void {
  const followers = useAtomValue(followersAtom);
  const refresh = useAtomValue(refreshAtom);
  const setUnread = useSetAtom(unreadAtom);
  const gameIds = [...followers.keys()].sort().slice(0, CHAT_UNREAD_GAMES_MAX).join(' ');

  useEffect(() => {
    if (!login) return;
    const socket = getSocket();
    const ids = gameIds ? gameIds.split(' ') : [];
    let cancelled = false;
    const ask = () => {
      request('chat:unread', { gameIds: ids })
        .then(({ games }) => {
          if (cancelled) return;
          setUnread({ answered: true, games: Object.fromEntries(games.map((game) => [game.gameId, game])) });
        })
        .catch(() => {});
    };
    const timer = setTimeout(ask, FOLLOW_BATCH_MS);
    const onChanged = (unread: ChatUnread) =>
      setUnread((state) => ({ ...state, games: { ...state.games, [unread.gameId]: unread } }));
    const onArrived = (notice: ChatUnreadArrived) => {
      let askAgain = false;
      setUnread((state) => {
        const before = state.games[notice.gameId];
        const after = applyNotice(before, notice, login);
        askAgain = after.askAgain;
        return after.unread === before
          ? state
          : { ...state, games: { ...state.games, [notice.gameId]: after.unread! } };
      });
      if (askAgain) ask();
    };
    socket.on('connect', ask);
    socket.on('chat:unread-changed', onChanged);
    socket.on('chat:unread-arrived', onArrived);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      socket.off('connect', ask);
      socket.off('chat:unread-changed', onChanged);
      socket.off('chat:unread-arrived', onArrived);
    };
  }, [login, gameIds, refresh, setUnread]);
}

/**
 * Tells the server the newest message the reader has seen in a game, while `active` (the chat is
 * open, visible and scrolled to the newest): at most once per SEEN_REPORT_INTERVAL_MS, the newest wins.
 */
export function useReportSeen(gameId: string, newestId: string | undefined, active: boolean): void {
  const setUnread = useSetAtom(unreadAtom);
  const lastSent = useRef<{ id: string; at: number } | null>(null);
  useEffect(() => {
    if (!active || !newestId) return;
    const sent = lastSent.current;
    if (sent && !isAfter(newestId, sent.id)) return;
    const send = () => {
      lastSent.current = { id: newestId, at: Date.now() };
      // Read here at once; the server's push confirms it on every other tab.
      setUnread((state) => {
        const before = state.games[gameId];
        if (before && !isAfter(newestId, before.lastSeenId)) return state;
        return {
          ...state,
          games: { ...state.games, [gameId]: { gameId, lastSeenId: newestId, count: 0, mentioned: false } },
        };
      });
      request('chat:seen', { gameId, messageId: newestId }).catch(() => {});
    };
    const wait = sent ? sent.at + SEEN_REPORT_INTERVAL_MS - Date.now() : 0;
    if (wait <= 0) {
      send();
      return;
    }
    const timer = setTimeout(send, wait);
    return () => clearTimeout(timer);
  }, [gameId, newestId, active, setUnread]);
}
