import { describe, expect, it } from 'vitest';
import type { ChatUnread, ChatUnreadArrived, ChatUnreadEntry } from '@shared/schemas/chat';
import { applyNotice, withServerState, type RoomUnread } from './unread-state';

// Bob saw 10-0; the server counted two messages by others after it, the newest 12-0.
const answer: ChatUnread = {
  gameId: 'g1',
  lastSeenId: '10-0',
  count: 2,
  mentioned: false,
  countedThrough: '12-0',
};
const seen = withServerState(undefined, answer);
const entry = (login: string, id = '13-0', mentions: string[] = []): ChatUnreadEntry => ({
  id,
  login,
  mentions,
});
const notice = (messages: ChatUnreadEntry[], deleted: ChatUnreadEntry[] = []): ChatUnreadArrived => ({
  gameId: 'g1',
  messages,
  deleted,
});
/** Bob's state of the game after these notices, in the order they came. */
const roomAfter = (room: RoomUnread, ...notices: ChatUnreadArrived[]) =>
  notices.reduce<RoomUnread | undefined>((state, next) => applyNotice(state, next, 'bob').room, room)!;
/** Bob's badge after these notices. */
const after = (room: RoomUnread, ...notices: ChatUnreadArrived[]) => roomAfter(room, ...notices).unread;
const atCap = withServerState(undefined, { ...answer, count: 100, countedThrough: '110-0' });

describe('applying what a followed room changed', () => {
  it("counts others' new messages, and an @ when one mentions the reader", () => {
    expect(after(seen, notice([entry('alice')]))).toEqual({ ...answer, count: 3 });
    expect(after(seen, notice([entry('alice', '13-0', ['bob']), entry('carol', '14-0')]))).toEqual({
      ...answer,
      count: 4,
      mentioned: true,
    });
    expect(applyNotice(seen, notice([entry('alice')]), 'bob').askAgain).toBe(false);
  });

  it("ignores one's own messages, what was already seen, and rooms never opened", () => {
    expect(applyNotice(seen, notice([entry('BOB'), entry('alice', '9-0')]), 'bob').room).toBe(seen);
    expect(applyNotice(undefined, notice([entry('alice')]), 'bob').room).toBeUndefined();
  });

  it("does not count again a message the server's count already took in", () => {
    expect(applyNotice(seen, notice([entry('alice', '12-0'), entry('carol', '11-0')]), 'bob').room).toBe(
      seen,
    );
  });

  it('counts a message once when two notices bring it', () => {
    expect(after(seen, notice([entry('alice')]), notice([entry('alice')])).count).toBe(3);
  });

  it('does not count a message whose deletion came before its arrival', () => {
    // The deletion comes at once from one instance, the message a second later from another.
    const deletedFirst = applyNotice(seen, notice([], [entry('alice', '13-0', ['bob'])]), 'bob');
    expect(deletedFirst).toEqual({ room: { ...seen, tombstones: ['13-0'] }, askAgain: false });
    expect(after(deletedFirst.room!, notice([entry('alice', '13-0', ['bob'])]))).toEqual(answer);
    // The messages after it still count.
    expect(after(deletedFirst.room!, notice([entry('alice', '13-0'), entry('carol', '14-0')])).count).toBe(3);
  });

  it('takes a deleted message back out of the count, when it was counted', () => {
    // Counted by the server.
    expect(after(seen, notice([], [entry('alice', '12-0')]))).toEqual({ ...answer, count: 1 });
    // Counted from a notice.
    expect(after(seen, notice([entry('alice')]), notice([], [entry('alice')]))).toEqual(answer);
    // Posted and deleted within one notice: nothing left to count.
    expect(after(seen, notice([entry('alice')], [entry('alice')]))).toEqual(answer);
    // Seen before, or one's own: it was never counted.
    expect(applyNotice(seen, notice([], [entry('alice', '9-0'), entry('bob')]), 'bob').room).toBe(seen);
  });

  it('stops counting where the server does', () => {
    expect(after(atCap, notice([entry('alice', '111-0')])).count).toBe(100);
  });

  it('asks the server again when a deletion leaves what only it can tell', () => {
    const mentioned = withServerState(undefined, { ...answer, mentioned: true });
    expect(applyNotice(mentioned, notice([], [entry('alice', '11-0', ['bob'])]), 'bob').askAgain).toBe(true);
    const mentionCounted = applyNotice(seen, notice([entry('alice', '13-0', ['bob'])]), 'bob').room!;
    expect(applyNotice(mentionCounted, notice([], [entry('alice', '13-0', ['bob'])]), 'bob').askAgain).toBe(
      true,
    );
    expect(applyNotice(atCap, notice([], [entry('alice', '105-0')]), 'bob').askAgain).toBe(true);
  });
});

describe("taking in the server's state", () => {
  const mentionArrived = notice([entry('alice', '13-0', ['bob'])]);

  it('replaces what notices counted up to the newest message the server read', () => {
    const read = { ...answer, count: 3, mentioned: true, countedThrough: '13-0' };
    const room = withServerState(roomAfter(seen, mentionArrived), read);
    expect(room).toEqual({ unread: read, counted: [], tombstones: [] });
    // It read the message: the notice bringing it again later changes nothing.
    expect(after(room, mentionArrived)).toEqual(read);
  });

  it('keeps counting what notices brought after the newest message the server read', () => {
    // The answer was read before 13-0 was stored, and came after its notice.
    const room = withServerState(roomAfter(seen, mentionArrived), answer);
    expect(room.unread).toEqual({ ...answer, count: 3, mentioned: true });
    // Deleted later: taken back out.
    expect(after(room, notice([], [entry('alice', '13-0')])).count).toBe(2);
  });

  it('keeps the deletions still waiting for their message', () => {
    const room = withServerState(roomAfter(seen, notice([], [entry('alice', '13-0')])), answer);
    expect(after(room, notice([entry('alice', '13-0')]))).toEqual(answer);
  });

  it('counts nothing up to a seen position moved on', () => {
    const room = roomAfter(seen, notice([entry('alice', '13-0'), entry('carol', '14-0', ['bob'])]));
    expect(room.unread).toEqual({ ...answer, count: 4, mentioned: true });
    const read = { ...answer, lastSeenId: '14-0', count: 0, countedThrough: '14-0' };
    expect(withServerState(room, read).unread).toEqual(read);
  });
});
