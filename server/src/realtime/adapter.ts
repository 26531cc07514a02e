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
  if (kind === 'sharded')
    return createShardedAdapter(redis, redis.duplicate(), { subscriptionMode: 'dynamic' });
  return createStreamsAdapter(redis);
}
