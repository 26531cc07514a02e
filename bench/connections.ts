/**
 * Idle connections: memory per idle authenticated connection of our server at 5,000 connections, as
 * a ratio to the bare Socket.IO reference (and the raw ws one). Memory is read inside each server
 * after a full GC (heap) and from the kernel (RSS), before and after the connections open.
 * `npm run bench:connections -- --help` lists the options.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LoadPool } from './lib/load';
import { ROOT, sleep, type MemoryReport } from './lib/processes';
import { fmt, machine, ratio, saveResult, table } from './lib/report';
import { startApp, startBenchRedis, startSio, startWs, waitForAdapters, type Target } from './lib/targets';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '5000' },
    workers: { type: 'string', default: '4' },
    targets: { type: 'string', default: 'ws,sio,ours' },
    settle: { type: 'string', default: '3', description: 'idle seconds before measuring' },
    warm: {
      type: 'string',
      default: '200',
      description: 'connections opened and closed before the baseline',
    },
    snapshot: { type: 'boolean', default: false },
    'app-root': { type: 'string', description: 'run ours from another checkout (before/after)' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:connections -- [--connections 5000] [--workers 4] [--targets ws,sio,ours]
  [--settle 3] [--warm 200] [--snapshot] [--app-root DIR]
--snapshot writes heap snapshots of our server before and after to bench/profiles/.
--targets before (with --app-root DIR) runs ours from another checkout too, e.g. a commit exported with
  git archive <commit> server shared package.json 'tsconfig*.json' | tar -x -C DIR
  (and ln -s "$PWD/node_modules" DIR/node_modules).`);
  process.exit(0);
}

const count = Number(args.connections);
type TargetName = 'ws' | 'sio' | 'ours' | 'before';
const targetNames = args.targets.split(',') as TargetName[];
const isOurs = (name: TargetName) => name === 'ours' || name === 'before';
const runId = Date.now().toString(36);

interface Row {
  target: string;
  connected: number;
  heapPerConn: number;
  heapTotalPerConn: number;
  rssPerConn: number;
  externalPerConn: number;
  before: MemoryReport;
  after: MemoryReport;
  connectSeconds: number;
}

const perConnection = (after: number, before: number, n: number) => (after - before) / n / 1024;

async function measure(name: TargetName, pool: LoadPool): Promise<Row> {
  const redis = isOurs(name) ? await startBenchRedis() : null;
  let target: Target | null = null;
  try {
    target =
      name === 'ws'
        ? await startWs()
        : name === 'sio'
          ? await startSio()
          : await startApp({ redisUrl: redis!.url, root: name === 'before' ? args['app-root'] : undefined });
    if (redis) await waitForAdapters(redis.client, 1);
    const kind = isOurs(name) ? 'app' : (name as 'ws' | 'sio');
    const group = `${name}-idle`;
    // Warm up: connections compile and optimise the code paths (sign-in, handshake), and that code
    // stays in the heap. Opening and closing some first keeps it out of the per-connection figure.
    const warm = Number(args.warm);
    await pool.connect({
      group: `${group}-warm`,
      kind,
      url: target.url,
      room: '',
      ...(kind === 'app'
        ? { logins: Array.from({ length: warm }, (_, i) => `w${runId}-${i}`) }
        : { count: warm }),
    });
    await pool.close(`${group}-warm`);
    // Sessions are made first: a sign-in is not a connection, and its garbage is not either.
    const logins = Array.from({ length: count }, (_, i) => `i${runId}-${i}`);
    if (kind === 'app') await pool.signIn(target.url, logins);
    await sleep(1000);
    const snapshots = join(ROOT, 'bench/profiles');
    if (args.snapshot && name === 'ours') {
      mkdirSync(snapshots, { recursive: true });
      await target.proc.heapSnapshot(join(snapshots, `idle-before-${runId}.heapsnapshot`));
    }
    const before = await target.proc.memory();
    const connected = await pool.connect({
      group,
      kind,
      url: target.url,
      room: '',
      concurrency: 24,
      ...(kind === 'app' ? { logins: Array.from({ length: count }, (_, i) => `i${runId}-${i}`) } : { count }),
    });
    if (connected.failed) console.log(`  ${name}: ${connected.failed} failed: ${connected.firstError}`);
    await sleep(Number(args.settle) * 1000);
    const after = await target.proc.memory();
    if (args.snapshot && name === 'ours') {
      await target.proc.heapSnapshot(join(snapshots, `idle-after-${runId}.heapsnapshot`));
    }
    await pool.close(group);
    const row: Row = {
      target: name,
      connected: connected.connected,
      heapPerConn: perConnection(after.heapUsed, before.heapUsed, connected.connected),
      heapTotalPerConn: perConnection(after.heapTotal, before.heapTotal, connected.connected),
      rssPerConn: perConnection(after.rss, before.rss, connected.connected),
      externalPerConn: perConnection(after.external, before.external, connected.connected),
      before,
      after,
      connectSeconds: connected.ms / 1000,
    };
    console.log(
      `  ${name}: ${row.connected} connections in ${fmt(row.connectSeconds)} s: heap ${fmt(row.heapPerConn, 2)} KB,` +
        ` RSS ${fmt(row.rssPerConn, 2)} KB, external ${fmt(row.externalPerConn, 2)} KB per connection`,
    );
    return row;
  } finally {
    await target?.stop();
    await redis?.stop();
  }
}

const conditions = machine();
console.log(
  `idle connections: ${count} per server, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
);
const pool = await LoadPool.start(Number(args.workers));
const rows: Row[] = [];
try {
  for (const name of targetNames) rows.push(await measure(name, pool));
} finally {
  await pool.stop();
}
const sio = rows.find((r) => r.target === 'sio');
const ws = rows.find((r) => r.target === 'ws');
const output = table(
  [
    'server',
    'connections',
    'heap used KB/conn',
    'heap total KB/conn',
    'RSS KB/conn',
    'external KB/conn',
    'ours ÷ sio (heap / RSS)',
    'ours ÷ ws (heap / RSS)',
  ],
  rows.map((r) => [
    r.target,
    r.connected,
    fmt(r.heapPerConn, 2),
    fmt(r.heapTotalPerConn, 2),
    fmt(r.rssPerConn, 2),
    fmt(r.externalPerConn, 2),
    isOurs(r.target as TargetName) && sio
      ? `${ratio(r.heapPerConn, sio.heapPerConn)} / ${ratio(r.rssPerConn, sio.rssPerConn)}`
      : '',
    isOurs(r.target as TargetName) && ws
      ? `${ratio(r.heapPerConn, ws.heapPerConn)} / ${ratio(r.rssPerConn, ws.rssPerConn)}`
      : '',
  ]),
);
console.log(`\n${output}`);
console.log(`load average at the end ${fmt(machine().load1, 2)}`);
console.log(`saved ${await saveResult('connections', { machine: conditions, args, rows })}`);
process.exit(0);
