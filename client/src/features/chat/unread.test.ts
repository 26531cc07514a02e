import { describe, expect, it } from 'vitest';
import type { ChatUnread } from '@shared/schemas/chat';
import { countArrived } from './unread';

const seen: ChatUnread = { gameId: 'g1', lastSeenId: '10-0', count: 2, mentioned: false };
const arrived = (login: string, messageId = '11-0', mentions: string[] = []) => ({
  gameId: 'g1',
  messageId,
  login,
  mentions,
});

describe('counting what arrives in a followed room', () => {
  it("counts others' new messages, and an @ when one mentions the reader", () => {
    expect(countArrived(seen, arrived('alice'), 'bob')).toEqual({ ...seen, count: 3 });
    expect(countArrived(seen, arrived('alice', '11-0', ['bob']), 'Bob')).toEqual({
      ...seen,
      count: 3,
      mentioned: true,
    });
  });

  it("ignores one's own messages, what was already seen, and rooms never opened", () => {
    expect(countArrived(seen, arrived('BOB'), 'bob')).toBe(seen);
    expect(countArrived(seen, arrived('alice', '9-0'), 'bob')).toBe(seen);
    expect(countArrived(undefined, arrived('alice'), 'bob')).toBeUndefined();
  });

  it('stops counting where the server does', () => {
    expect(countArrived({ ...seen, count: 100 }, arrived('alice'), 'bob')?.count).toBe(100);
  });
});
