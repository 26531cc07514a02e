import { CHAT_UNREAD_COUNT_MAX } from '@shared/chat-rules';
import type { ChatUnread, ChatUnreadArrived, ChatUnreadEntry } from '@shared/schemas/chat';
import { isAfter } from './chat-reducer';

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
