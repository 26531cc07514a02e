import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { startRedisServer, type RedisServer } from './redis-server';

const run = promisify(execFile);

/**
 * A real Redis Cluster for tests: three masters (no replicas), each a redis-server on its own free
 * loopback port and temp directory (tests/helpers/redis-server.ts), joined with
 * `redis-cli --cluster create`. Nothing is kept on disk; stop() removes every directory.
 */
export interface RedisCluster {
  /** One redis://127.0.0.1:PORT per master. */
  urls: string[];
  /** The same, comma-separated: the REDIS_URL of an app with REDIS_CLUSTER=1. */
  redisUrl: string;
  /** An ioredis Cluster client for the test's own checks (closed by stop()). */
  client: Cluster;
  stop(): Promise<void>;
}

const MASTERS = 3;
const READY_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startRedisCluster(): Promise<RedisCluster> {
  const nodes: RedisServer[] = [];
  let client: Cluster | null = null;
  const stop = async () => {
    if (client) await client.quit().catch(() => client?.disconnect());
    await Promise.all(nodes.map((node) => node.stop()));
  };
  try {
    for (let i = 0; i < MASTERS; i++) {
      nodes.push(
        await startRedisServer({
          args: [
            '--cluster-enabled',
            'yes',
            // Relative to the node's own directory (the server runs there), so nodes never share one.
            '--cluster-config-file',
            'nodes.conf',
            '--cluster-node-timeout',
            '2000',
          ],
        }),
      );
    }
    const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
    await redisCli(['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes']);
    for (const node of nodes) await waitForClusterOk(node.port);
    client = new Cluster(addresses.map((address) => `redis://${address}`));
    client.on('error', () => {});
    await client.ping();
    const urls = nodes.map((node) => node.url);
    return { urls, redisUrl: urls.join(','), client, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** redis-cli comes with redis-server (Debian: apt-get install redis-server, or redis-tools alone). */
async function redisCli(args: string[]): Promise<string> {
  try {
    const { stdout } = await run('redis-cli', args, { timeout: READY_TIMEOUT_MS });
    return stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: string; stdout?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('redis-cli not found; install it: apt-get install redis-tools');
    throw new Error(`redis-cli ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** Every node must agree the cluster is up (all slots covered) before a client may use it. */
async function waitForClusterOk(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const info = await redisCli(['-h', '127.0.0.1', '-p', String(port), 'cluster', 'info']);
    if (/cluster_state:ok/.test(info)) return;
    if (Date.now() > deadline) throw new Error(`cluster not ok on port ${port}:\n${info}`);
    await sleep(100);
  }
}
