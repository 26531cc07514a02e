import { atom, useAtomValue, useSetAtom } from '@client/lib/store';
import { useCallback, useEffect, useRef } from 'react';
import { CHAT_UNREAD_GAMES_MAX } from '@shared/chat-rules';
import type { ChatUnread, ChatUnreadArrived } from '@shared/schemas/chat';
import { getSocket, request } from '@client/lib/socket';
import { isAfter } from './chat-reducer';
import { applyNotice, withServerState, type RoomUnread } from './unread-state';

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
  games: Readonly<Record<string, RoomUnread>>;
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
  return { unread: state.games[gameId]?.unread, answered: state.answered };
}

/** Asks the server for the unread counts again (after a chat leaves its room). */
export function useRefreshUnread(): () => void {
  const bump = useSetAtom(refreshAtom);
  return useCallback(() => bump((count) => count + 1), [bump]);
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
          setUnread((state) => ({
            answered: true,
            games: Object.fromEntries(
              games.map((game) => [game.gameId, withServerState(state.games[game.gameId], game)]),
            ),
          }));
        })
        .catch(() => {});
    };
    const timer = setTimeout(ask, FOLLOW_BATCH_MS);
    const onChanged = (unread: ChatUnread) =>
      setUnread((state) => ({
        ...state,
        games: { ...state.games, [unread.gameId]: withServerState(state.games[unread.gameId], unread) },
      }));
    const onArrived = (notice: ChatUnreadArrived) => {
      let askAgain = false;
      setUnread((state) => {
        const before = state.games[notice.gameId];
        const after = applyNotice(before, notice, login);
        askAgain = after.askAgain;
        return after.room === before
          ? state
          : { ...state, games: { ...state.games, [notice.gameId]: after.room! } };
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
        if (before && !isAfter(newestId, before.unread.lastSeenId)) return state;
        const read = { gameId, lastSeenId: newestId, count: 0, mentioned: false, countedThrough: newestId };
        return { ...state, games: { ...state.games, [gameId]: withServerState(before, read) } };
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
