import { describe, expect, it } from 'vitest';
import type { Ack } from '@shared/events';
import { eventBudget, tokenBucket, type SocketLimits } from './limits';

const limits = (eventBurst: number, eventsPerSecond: number): SocketLimits => ({
  eventBurst,
  eventsPerSecond,
  roomLimit: 50,
  socketsPerLogin: 20,
});

/** A socket's budget on a clock the test moves; each event says whether it was handled or what it was told. */
function budgetOn(eventBurst: number, eventsPerSecond: number) {
  let now = 0;
  const bucket = tokenBucket(limits(eventBurst, eventsPerSecond), () => now);
  const middleware = eventBudget(limits(eventBurst, eventsPerSecond), () => now, bucket);
  return {
    advance: (ms: number) => (now += ms),
    /** Work an event turned out to need, charged after it was done. */
    charge: (tokens: number) => bucket.charge(tokens),
    send(event: string, withAck = true): 'handled' | Ack<never> | 'dropped' {
      let outcome: 'handled' | Ack<never> | 'dropped' = 'dropped';
      const ack = (answer: Ack<never>) => (outcome = answer);
      middleware(withAck ? [event, {}, ack] : [event, {}], () => (outcome = 'handled'));
      return outcome;
    },
  };
}

describe('eventBudget', () => {
  it('lets a burst through, then says how long until the next event is accepted', () => {
    const socket = budgetOn(3, 2);
    for (let i = 0; i < 3; i++) expect(socket.send('voice:presence')).toBe('handled');
    expect(socket.send('voice:presence')).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests. Try again in 1 s.', retryAfterMs: 500 },
    });
    socket.advance(300);
    expect(socket.send('voice:presence')).toMatchObject({ error: { retryAfterMs: 200 } });
    socket.advance(200);
    expect(socket.send('voice:presence')).toBe('handled');
  });

  it('refills at the configured rate and never beyond the burst', () => {
    const socket = budgetOn(3, 2);
    socket.advance(60_000);
    for (let i = 0; i < 3; i++) expect(socket.send('chat:leave')).toBe('handled');
    expect(socket.send('chat:leave')).not.toBe('handled');
  });

  it('charges a page of chat history ten events', () => {
    const socket = budgetOn(25, 1);
    expect(socket.send('chat:history')).toBe('handled');
    expect(socket.send('chat:sync')).toBe('handled');
    expect(socket.send('chat:join')).toMatchObject({
      error: { code: 'rate_limited', retryAfterMs: 5000, message: 'Too many requests. Try again in 5 s.' },
    });
    for (let i = 0; i < 5; i++) expect(socket.send('voice:heartbeat')).toBe('handled');
  });

  it('lets a page through on a full bucket when the burst is set below its cost', () => {
    const socket = budgetOn(4, 1);
    expect(socket.send('chat:history')).toBe('handled');
    expect(socket.send('chat:history')).toMatchObject({ error: { retryAfterMs: 4000 } });
  });

  it('charges work found after the event by making the next events wait, at most a full bucket', () => {
    const socket = budgetOn(20, 2);
    expect(socket.send('chat:unread')).toBe('handled');
    socket.charge(15); // 10 + 15 taken from 20: 5 owed
    expect(socket.send('voice:presence')).toMatchObject({ error: { retryAfterMs: 3000 } });
    socket.advance(3000);
    expect(socket.send('voice:presence')).toBe('handled');
    // However much work, one charge takes one full bucket at most.
    socket.advance(60_000);
    socket.charge(1_000_000);
    expect(socket.send('voice:presence')).toMatchObject({ error: { retryAfterMs: 500 } });
  });

  it('drops an event over budget that asked for no acknowledgement', () => {
    const socket = budgetOn(1, 1);
    expect(socket.send('voice:heartbeat', false)).toBe('handled');
    expect(socket.send('voice:heartbeat', false)).toBe('dropped');
  });
});
