import {
  CHAT_UNREAD_COUNT_MAX,
  type ChatMessage,
  type ChatUnread,
  type ChatUnreadAnswer,
  type ChatUnreadArrived,
  type ChatUnreadEntry,
} from '@shared/schemas/chat';
import type { Logger } from 'pino';
import { errors } from '../errors';
import { fromStore } from '../storage/from-store';
import { compareStreamIds, isStreamId } from '../storage/store';
import { isUnreadRoom, unreadRoom } from '../realtime/rooms';
import { mentionsLogin } from './mentions';
import type { ChatBroadcaster } from './broadcaster';
import { authorshipOf, type ChatStorage } from './storage';

/** A user's seen position in one game is stored at most this often (per instance); the newest wins. */
export const SEEN_THROTTLE_MS = 1000;

/**
 * Followers of a room's unread count hear of its new and deleted messages at most this often (per
 * instance): the first change goes at once, the ones after it in one notice when the interval ends.
 * A busy room then costs one notice a second, not one broadcast per message.
 */
export const UNREAD_NOTICE_MS = 1000;

export interface ChatUnreadDeps {
  storage: ChatStorage;
  broadcaster: Pick<ChatBroadcaster, 'unreadChanged' | 'unreadArrived'>;
  logger: Logger;
  throttleMs?: number;
  noticeMs?: number;
}

interface FollowingSocket {
  rooms: Set<string>;
  join(rooms: string[]): Promise<void> | void;
  leave(room: string): Promise<void> | void;
}

const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const unreadEntry = (id: string, fields: { login: string; mentions?: string[] }): ChatUnreadEntry => ({
  id,
  login: fields.login,
  mentions: fields.mentions ?? [],
});

/**
 * Unread state, per login and game: the server keeps the newest message each login has seen in each
 * room (sent by a client while the chat is open and visible), counts what others wrote after it and
 * whether any of it mentions them, and tells every tab and device of that login when it moves.
 */
export function createChatUnread(deps: ChatUnreadDeps) {
  const { storage, broadcaster, logger } = deps;
  const throttleMs = deps.throttleMs ?? SEEN_THROTTLE_MS;
  const noticeMs = deps.noticeMs ?? UNREAD_NOTICE_MS;

  /** `login`'s unread state in a game, and how many stored messages it read for it. */
  async function unreadOf(
    gameId: string,
    login: string,
    lastSeenId: string,
  ): Promise<{ unread: ChatUnread; messagesRead: number }> {
    const after = await storage.after(gameId, lastSeenId, CHAT_UNREAD_COUNT_MAX);
    let count = 0;
    let mentioned = false;
    for (const entry of after) {
      const fields = authorshipOf(entry);
      if (!fields || sameLogin(fields.login, login)) continue;
      count++;
      mentioned ||= mentionsLogin(fields.mentions, login);
    }
    // Followers skip a notice's message the count already took in (and take it back out if deleted).
    const countedThrough = after.at(-1)?.id ?? lastSeenId;
    return {
      unread: { gameId, lastSeenId, count, mentioned, countedThrough },
      messagesRead: after.length,
    };
  }

  /**
   * Moves `login`'s seen position forward (never past the newest message) and tells its sockets. A
   * position is a message of the room: any other id (`0-1`) is not kept, or every count from it
   * would read the oldest messages the room holds.
   */
  async function saveSeen(login: string, gameId: string, messageId: string): Promise<void> {
    const [[newest], current] = await Promise.all([storage.before(gameId, 1), storage.seen(gameId, login)]);
    if (!newest) return;
    const seen = compareStreamIds(messageId, newest.id) > 0 ? newest.id : messageId;
    if (current !== null && isStreamId(current) && compareStreamIds(seen, current) <= 0) return;
    if (seen !== newest.id && !(await storage.find(gameId, seen))) return;
    await storage.saveSeen(gameId, login, seen);
    broadcaster.unreadChanged(login, (await unreadOf(gameId, login, seen)).unread);
  }

  // Throttling: the first report of a (login, game) is stored at once; later ones in the next
  // throttleMs only keep the newest id, stored when the window ends (which opens the next window).
  const windows = new Map<
    string,
    { login: string; gameId: string; latest: string | null; timer: NodeJS.Timeout }
  >();

  function store(login: string, gameId: string, messageId: string): void {
    saveSeen(login, gameId, messageId).catch((error: unknown) =>
      logger.warn({ err: error, gameId }, 'chat seen position not stored'),
    );
  }

  function closeWindow(key: string): void {
    const window = windows.get(key);
    windows.delete(key);
    if (window?.latest) seen(window.login, window.gameId, window.latest);
  }

  function seen(login: string, gameId: string, messageId: string): void {
    const key = `${login.toLowerCase()}\n${gameId}`;
    const open = windows.get(key);
    if (open) {
      if (open.latest === null || compareStreamIds(messageId, open.latest) > 0) open.latest = messageId;
      return;
    }
    const timer = setTimeout(() => closeWindow(key), throttleMs);
    timer.unref();
    windows.set(key, { login, gameId, latest: null, timer });
    store(login, gameId, messageId);
  }

  // Unread notices: a room with no notice window open sends the next change at once and opens one;
  // changes within a window are gathered and sent when it ends, which opens the next one.
  const notices = new Map<string, { pending: ChatUnreadArrived | null; timer: NodeJS.Timeout }>();

  function openNoticeWindow(gameId: string): void {
    const timer = setTimeout(() => {
      const pending = notices.get(gameId)?.pending;
      notices.delete(gameId);
      if (!pending) return;
      openNoticeWindow(gameId);
      broadcaster.unreadArrived(pending);
    }, noticeMs);
    timer.unref();
    notices.set(gameId, { pending: null, timer });
  }

  function notify(gameId: string, kind: 'messages' | 'deleted', entry: ChatUnreadEntry): void {
    const open = notices.get(gameId);
    if (open) {
      const entries = (open.pending ??= { gameId, messages: [], deleted: [] })[kind];
      entries.push(entry);
      // Past the cap a count stops anyway: a busy room's gathered notice keeps only the newest.
      if (kind === 'messages' && entries.length > CHAT_UNREAD_COUNT_MAX) entries.shift();
      return;
    }
    const notice: ChatUnreadArrived = { gameId, messages: [], deleted: [] };
    notice[kind].push(entry);
    openNoticeWindow(gameId);
    broadcaster.unreadArrived(notice);
  }

  return {
    /** A client saw up to `messageId` in a game. */
    seen(login: string, gameId: string, messageId: string): void {
      if (!isStreamId(messageId)) throw errors.badRequest('Invalid message id.');
      seen(login, gameId, messageId);
    },

    /**
     * The unread state of the games `login` has a seen position in, among `gameIds`, and how many
     * stored messages were read to count it (the asker pays for those: up to CHAT_UNREAD_COUNT_MAX
     * per game).
     */
    async state(
      login: string,
      gameIds: string[],
    ): Promise<{ answer: ChatUnreadAnswer; messagesRead: number }> {
      const unique = [...new Set(gameIds)];
      const games = await fromStore(() =>
        Promise.all(
          unique.map(async (gameId) => {
            const lastSeenId = await storage.seen(gameId, login);
            return lastSeenId && isStreamId(lastSeenId) ? unreadOf(gameId, login, lastSeenId) : null;
          }),
        ),
      );
      const counted = games.filter((game) => game !== null);
      return {
        answer: { games: counted.map((game) => game.unread) },
        messagesRead: counted.reduce((sum, game) => sum + game.messagesRead, 0),
      };
    },

    /** From now on the socket gets chat:unread-arrived for these games (and no longer for others). */
    async follow(socket: FollowingSocket, gameIds: string[]): Promise<void> {
      const wanted = new Set(gameIds.map(unreadRoom));
      for (const room of [...socket.rooms]) {
        if (isUnreadRoom(room) && !wanted.has(room)) await socket.leave(room);
      }
      await socket.join([...wanted]);
    },

    /** A new message: sockets following its game's unread count hear of it. */
    arrived(message: ChatMessage): void {
      notify(message.gameId, 'messages', unreadEntry(message.id, message));
    },

    /** A deleted message (with its author and mentions): followers take it back out of their count. */
    deleted(gameId: string, messageId: string, fields: { login: string; mentions?: string[] }): void {
      notify(gameId, 'deleted', unreadEntry(messageId, fields));
    },

    /** Stops the timers (what they held is dropped; clients ask again when they reconnect). */
    stop(): void {
      for (const window of windows.values()) clearTimeout(window.timer);
      windows.clear();
      for (const open of notices.values()) clearTimeout(open.timer);
      notices.clear();
    },
  };
}

export type ChatUnreadService = ReturnType<typeof createChatUnread>;
