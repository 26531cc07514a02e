import { describe, expect, it } from 'vitest';
import type { ChatUnread, ChatUnreadEntry } from '@shared/schemas/chat';
import { applyNotice } from './unread';

const seen: ChatUnread = { gameId: 'g1', lastSeenId: '10-0', count: 2, mentioned: false };
const entry = (login: string, id = '11-0', mentions: string[] = []): ChatUnreadEntry => ({
  id,
  login,
  mentions,
});
const notice = (messages: ChatUnreadEntry[], deleted: ChatUnreadEntry[] = []) => ({
  gameId: 'g1',
  messages,
  deleted,
});

describe('applying what a followed room changed', () => {
  it("counts others' new messages, and an @ when one mentions the reader", () => {
    expect(applyNotice(seen, notice([entry('alice')]), 'bob')).toEqual({
      unread: { ...seen, count: 3 },
      askAgain: false,
    });
    expect(
      applyNotice(seen, notice([entry('alice', '11-0', ['bob']), entry('carol', '12-0')]), 'Bob'),
    ).toEqual({
      unread: { ...seen, count: 4, mentioned: true },
      askAgain: false,
    });
  });

  it("ignores one's own messages, what was already seen, and rooms never opened", () => {
    expect(applyNotice(seen, notice([entry('BOB'), entry('alice', '9-0')]), 'bob').unread).toBe(seen);
    expect(applyNotice(undefined, notice([entry('alice')]), 'bob').unread).toBeUndefined();
  });

  it('stops counting where the server does', () => {
    expect(applyNotice({ ...seen, count: 100 }, notice([entry('alice')]), 'bob').unread?.count).toBe(100);
  });

  it('takes a deleted message back out of the count, when it was counted', () => {
    expect(applyNotice(seen, notice([], [entry('alice')]), 'bob')).toEqual({
      unread: { ...seen, count: 1 },
      askAgain: false,
    });
    // Posted and deleted within one notice: nothing left to count.
    expect(applyNotice(seen, notice([entry('alice', '12-0')], [entry('alice', '12-0')]), 'bob').unread).toBe(
      seen,
    );
    // Seen before, or one's own: it was never counted.
    expect(applyNotice(seen, notice([], [entry('alice', '9-0'), entry('bob')]), 'bob').unread).toBe(seen);
  });

  it('asks the server again when a deletion leaves what only it can tell', () => {
    const mentionedSeen = { ...seen, mentioned: true };
    expect(applyNotice(mentionedSeen, notice([], [entry('alice', '11-0', ['bob'])]), 'bob').askAgain).toBe(
      true,
    );
    expect(applyNotice({ ...seen, count: 100 }, notice([], [entry('alice')]), 'bob').askAgain).toBe(true);
  });
});
