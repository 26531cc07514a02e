import { Cluster, type Redis } from 'ioredis';
import type { App } from '@server/app';

/**
 * Waits until an instance's Socket.IO Redis adapter listens: it subscribes on a connection of its own
 * after start-up, and anything published before then is missed. Waiting makes cross-instance tests
 * deterministic and lets a quick start-stop close cleanly.
 */
export async function waitForAdapterSubscription(app: App, redis: Redis | Cluster): Promise<void> {
  const { uid } = app.io.of('/').adapter as unknown as { uid: string };
  const channel = `socket.io#/#${uid}#`;
  const deadline = Date.now() + 5000;
  // On a cluster each node counts only its own subscribers.
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (;;) {
    let count = 0;
    // The Streams adapter subscribes (SUBSCRIBE), the sharded one sharded-subscribes (SSUBSCRIBE).
    for (const node of nodes) {
      const [, subscribers] = (await node.pubsub('NUMSUB', channel)) as [string, number];
      const [, shardSubscribers] = (await node.pubsub('SHARDNUMSUB', channel)) as [string, number];
      count += Number(subscribers) + Number(shardSubscribers);
    }
    if (count > 0) return;
    if (Date.now() > deadline) throw new Error('the Socket.IO Redis adapter did not subscribe in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
