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
  games: Readonly<Record<string, RoomUnread>>;
}

/**
 * A followed game's unread state: the server's, with the notices since applied. Notices come from
 * every instance, each gathering its own for up to a second, so they can repeat a message the server's
 * count already took in, or bring a deletion before the message's arrival; what they did is kept so
 * each message counts once.
 */
export interface RoomUnread {
  /** What a badge shows. */
  unread: ChatUnread;
  /** Messages after `unread.countedThrough` that notices counted, oldest first. */
  counted: readonly CountedMessage[];
  /** Messages after `unread.countedThrough` deleted before their arrival came: not to be counted. */
  tombstones: readonly string[];
}

interface CountedMessage {
  id: string;
  mentionsMe: boolean;
}

/** How many message ids a game keeps of each kind: past the server's cap, a count stops anyway. */
const NOTICE_IDS_KEPT = 2 * CHAT_UNREAD_COUNT_MAX;

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
 * The server's unread state of a game taken in: it replaces what notices did up to its
 * `countedThrough`; the messages notices counted after it are still counted (the server had not read
 * them yet), and deletions still waiting for their message's arrival are kept.
 */
export function withServerState(before: RoomUnread | undefined, unread: ChatUnread): RoomUnread {
  const afterServer = (id: string) => isAfter(id, unread.countedThrough);
  const counted = (before?.counted ?? []).filter((message) => afterServer(message.id));
  const tombstones = (before?.tombstones ?? []).filter(afterServer);
  if (counted.length === 0) return { unread, counted, tombstones };
  return {
    unread: {
      ...unread,
      count: Math.min(unread.count + counted.length, CHAT_UNREAD_COUNT_MAX),
      mentioned: unread.mentioned || counted.some((message) => message.mentionsMe),
    },
    counted,
    tombstones,
  };
}

/**
 * A followed room's notice applied to its unread state: one more for each new message that is not the
 * reader's own, comes after what they saw and is not counted yet (by the server or an earlier notice),
 * one less for each counted message deleted. A deletion of a message not counted yet leaves a
 * tombstone, so its arrival, still on its way from another instance, is not counted. `askAgain` when a
 * deletion leaves what only the server can tell (whether another unread message mentions the reader,
 * or the true count past the cap).
 */
export function applyNotice(
  room: RoomUnread | undefined,
  notice: ChatUnreadArrived,
  me: string,
): { room: RoomUnread | undefined; askAgain: boolean } {
  if (!room) return { room, askAgain: false };
  const mine = me.toLowerCase();
  const { lastSeenId, countedThrough } = room.unread;
  const counts = (entry: ChatUnreadEntry) =>
    entry.login.toLowerCase() !== mine && isAfter(entry.id, lastSeenId);
  const countedByServer = (id: string) => !isAfter(id, countedThrough);
  let { count, mentioned } = room.unread;
  let counted = room.counted;
  let tombstones = room.tombstones;
  let askAgain = false;
  for (const entry of notice.messages.filter(counts)) {
    if (countedByServer(entry.id) || counted.some((message) => message.id === entry.id)) continue;
    if (tombstones.includes(entry.id)) {
      tombstones = tombstones.filter((id) => id !== entry.id);
      continue;
    }
    const mentionsMe = entry.mentions.includes(mine);
    count = Math.min(count + 1, CHAT_UNREAD_COUNT_MAX);
    mentioned ||= mentionsMe;
    counted = [...counted, { id: entry.id, mentionsMe }].slice(-NOTICE_IDS_KEPT);
  }
  for (const entry of notice.deleted.filter(counts)) {
    const countedByNotice = counted.some((message) => message.id === entry.id);
    if (!countedByNotice && !countedByServer(entry.id)) {
      if (!tombstones.includes(entry.id)) tombstones = [...tombstones, entry.id].slice(-NOTICE_IDS_KEPT);
      continue;
    }
    if (countedByNotice) counted = counted.filter((message) => message.id !== entry.id);
    if (entry.mentions.includes(mine) || count >= CHAT_UNREAD_COUNT_MAX) askAgain = true;
    else count = Math.max(count - 1, 0);
  }
  const countChanged = count !== room.unread.count || mentioned !== room.unread.mentioned;
  if (!countChanged && counted === room.counted && tombstones === room.tombstones) return { room, askAgain };
  const unread = countChanged ? { ...room.unread, count, mentioned } : room.unread;
  return { room: { unread, counted, tombstones }, askAgain };
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
