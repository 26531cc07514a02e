/**
 * The servers under test, each a separate process pinned to the server core: our app (the real
 * composition root, server/src/index.ts, as `npm start` runs it), the bare Socket.IO and raw ws
 * references, and the redis-server they share. Everything listens on 127.0.0.1 only.
 */
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, startRedisServer, type RedisServer } from '../../tests/helpers/redis-server';
import { cpuMs, pin, ROOT, SERVER_CPU, startNode, waitForHttp, type NodeProcess } from './processes';

/** Every instance of a deployment signs sessions with the same secret. */
const SESSION_SECRET = 'bench-session-secret-shared-by-instances';

export interface Target {
  name: string;
  url: string;
  proc: NodeProcess;
  stop(): Promise<void>;
}

export interface BenchRedis {
  server: RedisServer;
  url: string;
  pid: number;
  /** CPU ms redis-server has used so far (INFO cpu). */
  cpuMs(): Promise<number>;
  /** Number of Socket.IO adapter subscribers (one per instance once it is ready). */
  client: Redis;
  stop(): Promise<void>;
}

/** A redis-server with the repo's redis.conf (AOF every second, as deployed), pinned to the server core. */
export async function startBenchRedis(): Promise<BenchRedis> {
  const server = await startRedisServer({ configFile: join(ROOT, 'redis.conf') });
  const client = new Redis(server.url);
  const info = await client.info('server');
  const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
  pin(pid, SERVER_CPU);
  return {
    server,
    url: server.url,
    pid,
    client,
    cpuMs: async () => cpuMs(pid),
    async stop() {
      client.disconnect();
      await server.stop();
    },
  };
}

export interface AppOptions {
  redisUrl?: string;
  /** Listen on this port (an instance started again where its clients reconnect); default a free one. */
  port?: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  name?: string;
  verbose?: boolean;
  /**
   * Another checkout of the app to run instead of this one (before/after comparisons):
   * `git archive <commit> server shared package.json 'tsconfig*.json' | tar -x -C DIR` and a
   * node_modules link in DIR.
   */
  root?: string;
}

/** Our app, as deployed: the composition root with Redis, pinned to the server core. */
export async function startApp(options: AppOptions = {}): Promise<Target> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const root = options.root ?? ROOT;
  const proc = startNode({
    name: options.name ?? 'app',
    script: join(root, 'server/src/index.ts'),
    cwd: root,
    cpu: SERVER_CPU,
    probe: true,
    nodeArgs: options.nodeArgs,
    verbose: options.verbose,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SESSION_SECRET,
      LOG_LEVEL: 'warn',
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      // Chat is rate-limited per user; the sender here is one user sending on a schedule.
      CHAT_RATE_LIMIT: '100000000',
      // The per-socket event budget would refuse the sender's schedule too; the bench measures
      // delivery, not refusals. Many sockets of one login join rooms here, so no per-login cap either.
      SOCKET_EVENT_BURST: '100000000',
      SOCKET_EVENTS_PER_SECOND: '100000000',
      SOCKETS_PER_LOGIN_LIMIT: '100000000',
      SIGNIN_RATE_LIMIT: '100000000',
      // Search goes to "Exa" (never called here) so the local news index does not fetch feeds.
      EXA_API_KEY: 'bench-unused',
      EXA_BASE_URL: 'http://127.0.0.1:9',
      // No sports source unless a benchmark starts the fake one: a closed loopback port.
      ESPN_BASE_URL: 'http://127.0.0.1:9',
      SPORTS_POLL_SECONDS: '3600',
      // Fantasy points read Hacker News and GitHub: never from a benchmark.
      FANTASY_OUTSIDE_SIGNALS: 'false',
      HN_SEARCH_URL: 'http://127.0.0.1:9',
      ...options.env,
    },
  });
  await waitForHttp(`${url}/healthz`, proc);
  return { name: proc.name, url, proc, stop: () => proc.stop() };
}

/** The bare Socket.IO reference (with REDIS_URL: the same Streams adapter as ours). */
export async function startSio(
  options: {
    redisUrl?: string;
    name?: string;
    nodeArgs?: string[];
    env?: Record<string, string>;
    port?: number;
  } = {},
) {
  return startReference('bench/servers/sio-bare.ts', options.name ?? 'sio', options);
}

/** The raw ws reference. */
export async function startWs(options: { name?: string; nodeArgs?: string[] } = {}) {
  return startReference('bench/servers/ws-bare.ts', options.name ?? 'ws', options);
}

async function startReference(
  script: string,
  name: string,
  options: { redisUrl?: string; nodeArgs?: string[]; env?: Record<string, string>; port?: number },
): Promise<Target> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const proc = startNode({
    name,
    script: join(ROOT, script),
    cpu: SERVER_CPU,
    probe: true,
    nodeArgs: options.nodeArgs,
    env: {
      PORT: String(port),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    },
  });
  await waitForHttp(`${url}/healthz`, proc);
  return { name, url, proc, stop: () => proc.stop() };
}

/**
 * Waits until `count` Socket.IO Redis adapters have subscribed: a message published before an
 * instance listens would be lost to it and counted as a loss of the system under test.
 */
export async function waitForAdapters(redis: Redis, count: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The Streams adapter subscribes; the sharded one sharded-subscribes.
    const channels = [
      ...((await redis.pubsub('CHANNELS', 'socket.io*')) as string[]),
      ...((await redis.pubsub('SHARDCHANNELS', 'socket.io*')) as string[]),
    ];
    if (channels.length >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${channels.length} of ${count} adapters subscribed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
