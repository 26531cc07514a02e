/**
 * Cross-instance chat: the latency of a game room's messages when the sender and the receivers are
 * on different instances behind one Redis, as a ratio to everyone on one instance. Four deployments
 * per Socket.IO adapter run side by side, each with its own redis-server, interleaved: ours ×1,
 * ours ×2, and the bare Socket.IO reference with the same adapter ×1 and ×2 (what the stack itself
 * costs). `--adapters streams,sharded` compares the Redis Streams adapter with the sharded one.
 * `npm run bench:cross-instance -- --help` lists the options.
 */
import { parseArgs } from 'node:util';
import { median } from './lib/histogram';
import { LoadPool, runSchedule, type ScheduleResult } from './lib/load';
import { cpuMs } from './lib/processes';
import { fmt, machine, ratio, saveResult, table } from './lib/report';
import {
  startApp,
  startBenchRedis,
  startSio,
  waitForAdapters,
  type BenchRedis,
  type Target,
} from './lib/targets';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    deliveries: { type: 'string', default: '10000' },
    reps: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    measure: { type: 'string', default: '10' },
    drain: { type: 'string', default: '2' },
    size: { type: 'string', default: '100' },
    workers: { type: 'string', default: '2' },
    adapters: { type: 'string', default: 'streams' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:cross-instance -- [--clients 200] [--deliveries 10000] [--reps 3]
  [--warmup 3] [--measure 10] [--drain 2] [--size 100] [--workers 2] [--adapters streams,sharded]`);
  process.exit(0);
}

const clients = Number(args.clients);
const rate = Number(args.deliveries) / clients;
const timing = {
  warmupMs: Number(args.warmup) * 1000,
  measureMs: Number(args.measure) * 1000,
  drainMs: Number(args.drain) * 1000,
};
const runId = Date.now().toString(36);
const adapters = args.adapters.split(',').map((name) => name.trim());
for (const adapter of adapters) {
  if (adapter !== 'streams' && adapter !== 'sharded') throw new Error(`unknown adapter ${adapter}`);
}

interface Deployment {
  name: string;
  kind: 'app' | 'sio';
  redis: BenchRedis;
  /** The sender's instance first; receivers are on the last one. */
  instances: Target[];
}

async function deploy(kind: 'app' | 'sio', adapter: string, count: number): Promise<Deployment> {
  const name = `${kind === 'app' ? 'ours' : 'sio'}${adapter === 'streams' ? '' : ` ${adapter}`} ×${count}`;
  const redis = await startBenchRedis();
  const instances: Target[] = [];
  const env = { SOCKET_ADAPTER: adapter };
  for (let i = 0; i < count; i++) {
    instances.push(
      kind === 'app'
        ? await startApp({ redisUrl: redis.url, name: `${name}-${i}`, env })
        : await startSio({ redisUrl: redis.url, name: `${name}-${i}`, env }),
    );
  }
  await waitForAdapters(redis.client, count);
  return { name, kind, redis, instances };
}

/** Redis's own counters: commands and bytes, to compare adapters by what they ask of Redis. */
async function redisCounters(redis: BenchRedis) {
  const info = await redis.client.info('stats');
  const read = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? 0);
  return {
    commands: read('total_commands_processed'),
    bytesIn: read('total_net_input_bytes'),
    bytesOut: read('total_net_output_bytes'),
  };
}

/** Per message sent: Redis commands, and KB into and out of Redis. */
const redisLoads = new Map<string, Array<{ commands: number; kbIn: number; kbOut: number }>>();

const conditions = machine();
console.log(
  `cross-instance chat: ${clients} receivers, ${fmt(rate, 0)} msg/s, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
);
const deployments: Deployment[] = [];
const pool = await LoadPool.start(Number(args.workers));
const runs = new Map<string, ScheduleResult[]>();
try {
  for (const adapter of adapters) {
    for (const kind of ['app', 'sio'] as const) {
      for (const count of [1, 2]) deployments.push(await deploy(kind, adapter, count));
    }
  }
  for (const [d, deployment] of deployments.entries()) {
    const room = `x-${runId}-${d}`;
    const logins = (role: string, n: number) =>
      Array.from({ length: n }, (_, i) => `x${runId}-${d}-${role}${i}`);
    const sender = await pool.connect(
      {
        group: `${deployment.name}:send`,
        kind: deployment.kind,
        url: deployment.instances[0]!.url,
        room,
        ...(deployment.kind === 'app' ? { logins: logins('s', 1) } : { count: 1 }),
      },
      { onlyFirst: true },
    );
    const receivers = await pool.connect({
      group: deployment.name,
      kind: deployment.kind,
      url: deployment.instances.at(-1)!.url,
      room,
      ...(deployment.kind === 'app' ? { logins: logins('r', clients) } : { count: clients }),
    });
    console.log(
      `  ${deployment.name}: sender on instance 1, ${receivers.connected} receivers on instance ${deployment.instances.length}`,
    );
    if (sender.connected !== 1 || receivers.connected !== clients)
      throw new Error(`${deployment.name}: ${sender.firstError ?? receivers.firstError}`);
    runs.set(deployment.name, []);
    redisLoads.set(deployment.name, []);
  }

  for (let rep = 0; rep < Number(args.reps); rep++) {
    const order = deployments.map((_, i) => deployments[(i + rep) % deployments.length]!);
    for (const deployment of order) {
      const countersBefore = await redisCounters(deployment.redis);
      const result = await runSchedule(pool, {
        group: deployment.name,
        senderGroup: `${deployment.name}:send`,
        rate,
        receivers: clients,
        size: Number(args.size),
        ...timing,
        serverCpu: async () =>
          deployment.instances.reduce((sum, instance) => sum + cpuMs(instance.proc.pid), 0) +
          (await deployment.redis.cpuMs()),
      });
      runs.get(deployment.name)!.push(result);
      const countersAfter = await redisCounters(deployment.redis);
      const perMessage = (delta: number) => delta / Math.max(1, result.sent);
      redisLoads.get(deployment.name)!.push({
        commands: perMessage(countersAfter.commands - countersBefore.commands),
        kbIn: perMessage(countersAfter.bytesIn - countersBefore.bytesIn) / 1024,
        kbOut: perMessage(countersAfter.bytesOut - countersBefore.bytesOut) / 1024,
      });
      console.log(
        `  rep ${rep + 1} ${deployment.name.padEnd(15)} delivered ${fmt(result.deliveries / (timing.measureMs / 1000), 0)}/s,` +
          ` p50 ${fmt(result.hist.percentile(50), 2)} ms, p99 ${fmt(result.hist.percentile(99), 2)} ms,` +
          ` server ${fmt((result.serverCpuMs * 1000) / Math.max(1, result.deliveries), 2)} µs/delivery, load ${fmt(result.loadCpu * 100, 0)} % CPU` +
          (result.refused ? `, ${result.refused} refused: ${result.firstError}` : ''),
      );
    }
  }
} finally {
  await pool.stop();
  for (const deployment of deployments) {
    for (const instance of deployment.instances) await instance.stop();
    await deployment.redis.stop();
  }
}

const summary = deployments.map((deployment) => {
  const results = runs.get(deployment.name) ?? [];
  return {
    name: deployment.name,
    delivered: median(results.map((r) => r.deliveries / (timing.measureMs / 1000))),
    loss: median(results.map((r) => 1 - r.deliveries / r.expected)),
    p50: median(results.map((r) => r.hist.percentile(50))),
    p99: median(results.map((r) => r.hist.percentile(99))),
    cpuUsPerDelivery: median(results.map((r) => (r.serverCpuMs * 1000) / Math.max(1, r.deliveries))),
    loadCpu: Math.max(...results.map((r) => r.loadCpu)),
    redisCommandsPerMessage: median((redisLoads.get(deployment.name) ?? []).map((r) => r.commands)),
    redisKbInPerMessage: median((redisLoads.get(deployment.name) ?? []).map((r) => r.kbIn)),
    redisKbOutPerMessage: median((redisLoads.get(deployment.name) ?? []).map((r) => r.kbOut)),
  };
});
/** The same deployment on one instance (`ours sharded ×2` → `ours sharded ×1`). */
const one = (name: string) => summary.find((s) => s.name === name.replace(/×\d+$/, '×1'))!;
const output = table(
  [
    'deployment',
    'delivered/s',
    'loss',
    'p50 ms',
    'p99 ms',
    'server CPU µs/delivery',
    'load CPU (max)',
    '×2 ÷ ×1 (p50 / p99)',
    'Redis per message (commands / KB in / KB out)',
  ],
  summary.map((s) => {
    const base = one(s.name);
    return [
      s.name,
      fmt(s.delivered, 0),
      `${fmt(s.loss * 100, 2)} %`,
      fmt(s.p50, 2),
      fmt(s.p99, 2),
      fmt(s.cpuUsPerDelivery, 2),
      `${fmt(s.loadCpu * 100, 0)} %`,
      s.name.endsWith('×2') ? `${ratio(s.p50, base.p50)} / ${ratio(s.p99, base.p99)}` : '',
      `${fmt(s.redisCommandsPerMessage, 1)} / ${fmt(s.redisKbInPerMessage, 2)} / ${fmt(s.redisKbOutPerMessage, 2)}`,
    ];
  }),
);
console.log(`\n${output}`);
console.log(`load average at the end ${fmt(machine().load1, 2)}`);
console.log(`saved ${await saveResult('cross-instance', { machine: conditions, args, summary })}`);
process.exit(0);
