import { afterEach, describe, expect, it } from 'vitest';
import { noMetrics } from './metrics';
import { PrometheusMetrics } from './prometheus';

const running: PrometheusMetrics[] = [];
afterEach(() => {
  for (const metrics of running.splice(0)) metrics.stop();
});

function metrics() {
  const made = new PrometheusMetrics();
  running.push(made);
  return made;
}

const lines = async (made: PrometheusMetrics, prefix: string) =>
  (await made.exposition()).split('\n').filter((line) => line.startsWith(prefix));

const until = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not reached in 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('PrometheusMetrics', () => {
  it('writes acknowledgement latency as a cumulative histogram per event', async () => {
    const made = metrics();
    const send = made.ackTimer('chat:send');
    expect(made.ackTimer('chat:send')).toBe(send); // one per event, however often asked
    made.ackTimer('chat:join');
    send.observe(0.0004);
    send.observe(0.003);
    send.observe(0.005); // on a bound: in its bucket
    send.observe(12); // past the last bound: +Inf only
    const series = 'techtouchdown_socket_ack_duration_seconds';
    expect(await lines(made, `${series}_bucket{event="chat:send"`)).toEqual([
      `${series}_bucket{event="chat:send",le="0.0005"} 1`,
      `${series}_bucket{event="chat:send",le="0.001"} 1`,
      `${series}_bucket{event="chat:send",le="0.0025"} 1`,
      `${series}_bucket{event="chat:send",le="0.005"} 3`,
      `${series}_bucket{event="chat:send",le="0.01"} 3`,
      `${series}_bucket{event="chat:send",le="0.025"} 3`,
      `${series}_bucket{event="chat:send",le="0.05"} 3`,
      `${series}_bucket{event="chat:send",le="0.1"} 3`,
      `${series}_bucket{event="chat:send",le="0.25"} 3`,
      `${series}_bucket{event="chat:send",le="0.5"} 3`,
      `${series}_bucket{event="chat:send",le="1"} 3`,
      `${series}_bucket{event="chat:send",le="2.5"} 3`,
      `${series}_bucket{event="chat:send",le="5"} 3`,
      `${series}_bucket{event="chat:send",le="+Inf"} 4`,
    ]);
    expect(await lines(made, `${series}_count`)).toEqual([
      `${series}_count{event="chat:send"} 4`,
      `${series}_count{event="chat:join"} 0`,
    ]);
    const [sum] = await lines(made, `${series}_sum{event="chat:send"}`);
    expect(Number(sum!.split(' ')[1])).toBeCloseTo(12.0084, 9);
  });

  it('counts a failed PING, and each interval a PING goes unanswered, as Redis errors', async () => {
    const errors = 'techtouchdown_redis_errors_total{source="ping"}';
    const failing = metrics();
    failing.watchRedis({ ping: async () => false }, 5);
    await until(async () => (await lines(failing, `${errors} `)).some((line) => !line.endsWith(' 0')));

    let answer: (up: boolean) => void = () => {};
    let pings = 0;
    const hanging = metrics();
    hanging.watchRedis(
      {
        ping: () => {
          pings++;
          return new Promise<boolean>((resolve) => (answer = resolve));
        },
      },
      5,
    );
    const count = async () => Number((await lines(hanging, `${errors} `))[0]!.split(' ')[1]);
    await until(async () => (await count()) >= 3);
    expect(pings).toBe(1); // no PING piles up behind the one that hangs
    answer(true);
    await until(async () =>
      (await lines(hanging, 'techtouchdown_redis_ping_duration_seconds_count')).includes(
        'techtouchdown_redis_ping_duration_seconds_count 1',
      ),
    );
  });

  it('keeps two registries apart', async () => {
    const one = metrics();
    const two = metrics();
    one.chatMessageStored();
    one.chatReactionChanged();
    expect(await lines(one, 'techtouchdown_chat_')).toEqual([
      'techtouchdown_chat_messages_total 1',
      'techtouchdown_chat_reactions_total 1',
    ]);
    expect(await lines(two, 'techtouchdown_chat_')).toEqual([
      'techtouchdown_chat_messages_total 0',
      'techtouchdown_chat_reactions_total 0',
    ]);
  });

  it('has a no-op stand-in for metrics that are off', () => {
    expect(() => {
      noMetrics.ackTimer('chat:send').observe(1);
      noMetrics.chatMessageStored();
      noMetrics.redisError('commands');
    }).not.toThrow();
  });
});
