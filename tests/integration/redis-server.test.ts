import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';

const REDIS_CONF = fileURLToPath(new URL('../../redis.conf', import.meta.url));

let servers: RedisServer[] = [];
let clients: Redis[] = [];
afterEach(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  clients = [];
});

async function start(options: Parameters<typeof startRedisServer>[0]) {
  const server = await startRedisServer(options);
  servers.push(server);
  const client = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 20 });
  clients.push(client);
  return { server, client };
}

describe('the test redis-server helper', () => {
  it("runs the repo's redis.conf on its own port with append-only persistence that survives a restart", async () => {
    const { server, client } = await start({ configFile: REDIS_CONF });
    expect(server.port).not.toBe(6379);
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    expect(await client.config('GET', 'appendfsync')).toEqual(['appendfsync', 'everysec']);
    expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    expect(await client.config('GET', 'dir')).toEqual(['dir', server.dir]);

    await client.set('kept', 'yes');
    await server.restart();
    expect(await client.get('kept')).toBe('yes');
  });

  it('keeps nothing across a restart without persistence', async () => {
    const { server, client } = await start({ appendOnly: false });
    await client.set('gone', 'soon');
    await server.restart();
    expect(await client.get('gone')).toBeNull();
  });

  it("is not the test run's shared server", async () => {
    const { server } = await start({});
    expect(process.env.TEST_REDIS_URL).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toBe(process.env.TEST_REDIS_URL);
  });
});
