import type { ChatPage } from '@shared/schemas/chat';
import type { Reactors } from './reactions';

/**
 * A room's latest page as every fan entering it shares it, and who gave its reactions: each fan's
 * own (ChatPage.mine) is looked up in `reactors`, with no read of its own.
 */
export interface LatestPage {
  page: Omit<ChatPage, 'mine'>;
  reactors: Reactors;
}

/** What the latest-page cache reads: the room's chat version and its latest page. */
export interface LatestPageSource {
  /** Differs from an earlier answer once anything a page shows changed (0: never changed). */
  version(gameId: string): Promise<number>;
  /** The latest page, read after `version` was: it carries that version (ChatPage.version). */
  page(gameId: string, version: number): Promise<LatestPage>;
}

/**
 * A cached page is read again after this long even when the version says nothing changed, so an
 * instance never trusts a version older than this (a version key that lapsed with a quiet room
 * starts counting again), and rooms nobody enters any more leave memory.
 */
export const LATEST_PAGE_MAX_AGE_MS = 60_000;

interface Room {
  /** The page carries the version it was read at, the one a later check compares. */
  cached: { latest: LatestPage; readAt: number } | null;
  /** Joins waiting for the next check of the room. */
  waiting: Array<{ resolve(latest: LatestPage): void; reject(error: unknown): void }>;
  checking: boolean;
}

/**
 * Each room's latest chat page, shared by the fans entering it on this instance: when many arrive
 * at once, one check serves them all, and the page itself is read only when the room's version
 * changed. Every change to a room bumps its version in the store (chat store), so a message posted
 * or deleted on another instance is seen here at the next check.
 *
 * Fresh for every caller: a caller is only served by a version read sent after it asked (a check
 * already under way when it arrives does not count; it waits for the next one). The fan joined the
 * room before asking, so anything stored after that read reaches it as a broadcast, and nothing
 * stored before it is missing from the page it gets.
 */
export function createLatestPages(source: LatestPageSource, now: () => number = Date.now) {
  const rooms = new Map<string, Room>();

  async function check(gameId: string, room: Room): Promise<void> {
    room.checking = true;
    const batch = room.waiting;
    room.waiting = [];
    try {
      // The version first: a page read after it is at least as new, so a later change always shows.
      const version = await source.version(gameId);
      const { cached } = room;
      const latest =
        cached && cached.latest.page.version === version && now() - cached.readAt < LATEST_PAGE_MAX_AGE_MS
          ? cached.latest
          : freeze(await source.page(gameId, version));
      if (latest !== cached?.latest) room.cached = { latest, readAt: now() };
      for (const caller of batch) caller.resolve(latest);
    } catch (error) {
      for (const caller of batch) caller.reject(error);
    } finally {
      room.checking = false;
      if (room.waiting.length > 0) void check(gameId, room);
    }
  }

  /** Drops rooms whose page is too old to be served again, so memory follows the rooms in use. */
  function sweep() {
    for (const [gameId, room] of rooms) {
      const stale = !room.cached || now() - room.cached.readAt >= LATEST_PAGE_MAX_AGE_MS;
      if (stale && !room.checking && room.waiting.length === 0) rooms.delete(gameId);
    }
  }
  setInterval(sweep, LATEST_PAGE_MAX_AGE_MS).unref();

  return {
    /** The room's latest page, as fresh as a read made after this call. Never mutate it: it is shared. */
    get(gameId: string): Promise<LatestPage> {
      let room = rooms.get(gameId);
      if (!room) rooms.set(gameId, (room = { cached: null, waiting: [], checking: false }));
      const entry = room;
      return new Promise<LatestPage>((resolve, reject) => {
        entry.waiting.push({ resolve, reject });
        // The next turn of the event loop: the joins that arrived together share this check.
        if (!entry.checking && entry.waiting.length === 1) setImmediate(() => void startCheck(gameId, entry));
      });
    },
  };

  function startCheck(gameId: string, room: Room) {
    if (!room.checking && room.waiting.length > 0) return check(gameId, room);
  }
}

const freeze = (latest: LatestPage): LatestPage => {
  Object.freeze(latest.page.messages);
  Object.freeze(latest.page);
  return Object.freeze(latest);
};

export type LatestPages = ReturnType<typeof createLatestPages>;
