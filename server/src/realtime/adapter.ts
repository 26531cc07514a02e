import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createAdapter as createStreamsAdapter } from '@socket.io/redis-streams-adapter';
import type { RedisClient } from '../storage/redis-clients';

export type SocketAdapterKind = 'streams' | 'sharded';

/**
 * How a broadcast reaches the other instances (bench/README.md, "The Socket.IO adapter", has the
 * measurements behind the choice):
 * - 'streams': every broadcast is appended to one Redis stream that every instance reads. It keeps a
 *   dropped client's missed events for connection state recovery, and it runs on a cluster too, but
 *   the stream is one key: all broadcasts of all rooms go through one shard and reach every instance.
 * - 'sharded': each room is its own sharded pub/sub channel (SPUBLISH), on the shard of its name, and
 *   an instance hears only the rooms its sockets are in. No connection state recovery: a client that
 *   comes back rejoins and catches up from the chat history (chat:sync).
 */
export function createRedisAdapter(redis: RedisClient, kind: SocketAdapterKind) {
  if (kind === 'streams') return createStreamsAdapter(quietSessionSaves(redis));
  const subscriber = quietSubscriber(redis.duplicate());
  const create = createShardedAdapter(redis, subscriber, { subscriptionMode: 'dynamic' });
  let open = 0;
  // A function, not an arrow: Socket.IO calls the factory with `new`.
  return function shardedAdapter(nsp: unknown) {
    const adapter = create(nsp);
    open++;
    const close = adapter.close.bind(adapter);
    // The adapter unsubscribes on close but leaves its subscriber connection open: the last one to
    // close ends it. Not awaited: while Redis is down the unsubscribes would wait for it.
    adapter.close = () => {
      // Its unsubscribes fail once the connection below closes: nothing is left to unsubscribe then.
      Promise.resolve(close()).catch(() => {});
      if (--open === 0) subscriber.disconnect();
    };
    return adapter;
  };
}

/**
 * The Streams adapter saves the session of every socket that closes (for connection state recovery)
 * with a SET whose answer it never looks at. On shutdown every socket closes at once and the
 * connection closes right after, so on a Redis Cluster some of those SETs fail ("Connection is
 * closed") as unhandled rejections. A save that failed only means that client rejoins and catches up
 * from the chat history, as after any lost session; the connection is the adapter's alone.
 */
function quietSessionSaves(client: RedisClient): RedisClient {
  const set = client.set.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.set = ((...args: unknown[]) => {
    const saving = set(...args);
    saving.catch(() => {});
    return saving;
  }) as unknown as typeof client.set;
  return client;
}

/**
 * The sharded adapter subscribes and unsubscribes as rooms come and go and never looks at the
 * answer: one that fails (the connection closing) would be an unhandled rejection. Here it is
 * dropped; the connection subscribes again to every channel when it reconnects.
 */
function quietSubscriber(client: RedisClient): RedisClient {
  const subscribe = client.ssubscribe.bind(client);
  const unsubscribe = client.sunsubscribe.bind(client);
  client.ssubscribe = ((...args: Parameters<typeof subscribe>) =>
    subscribe(...args).catch(() => 0)) as typeof client.ssubscribe;
  client.sunsubscribe = ((...args: Parameters<typeof unsubscribe>) =>
    unsubscribe(...args).catch(() => 0)) as typeof client.sunsubscribe;
  client.on('error', () => {}); // reported by the connection it was duplicated from
  return client;
}
