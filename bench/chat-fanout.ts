/**
 * Chat fan-out: one game room of N clients, one sender posting on a fixed schedule, every client
 * receiving every message. Ours (auth, validation, rate limit, Redis history, Streams adapter) runs
 * side by side with the bare Socket.IO and raw ws references in the same run, interleaved, and is
 * reported as a ratio of each. Before that, the N fans enter the room (ours: signed in beforehand,
 * then connect + `chat:join` answered with the latest page of a room that has history; the
 * references: connect + join, no history), timed. With --ceiling it then finds, for each target, the
 * highest delivery rate held with p99 ≤ 50 ms and no loss. Each client count runs once per
 * --reactions rate (default without and with 10 a second): a fan then toggles reactions in the room
 * all through the run, on ours and, re-emitted the same way, on the bare Socket.IO reference, so both
 * deliver the same events. `npm run bench:chat -- --help` lists the options.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io as connectSio } from 'socket.io-client';
import { median } from './lib/histogram';
import { LoadPool, runSchedule, type ScheduleResult } from './lib/load';
import { cpuMs, loadConditions, ROOT } from './lib/processes';
import { fmt, machine, ratio, saveResult, table } from './lib/report';
import { startReacting } from './lib/reactions';
import { signIn } from './lib/sign-in';
import {
  startApp,
  startBenchRedis,
  startSio,
  startWs,
  waitForAdapters,
  type BenchRedis,
  type Target,
} from './lib/targets';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200,1000' },
    deliveries: { type: 'string', default: '10000', description: 'target deliveries/s (rate = this / N)' },
    reps: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    measure: { type: 'string', default: '10' },
    drain: { type: 'string', default: '2' },
    size: { type: 'string', default: '100' },
    workers: { type: 'string', default: '2' },
    targets: { type: 'string', default: 'ws,sio,ours' },
    profile: { type: 'boolean', default: false },
    history: { type: 'string', default: '60', description: 'messages in the room before fans enter' },
    ceiling: { type: 'boolean', default: false },
    'ceiling-clients': { type: 'string', default: '200' },
    'app-root': { type: 'string', description: 'the checkout the `before` target runs' },
    reactions: {
      type: 'string',
      default: '0,10',
      description: 'reactions/s flowing in the room meanwhile, one run each',
    },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:chat -- [--clients 200,1000] [--deliveries 10000] [--reps 3] [--warmup 3]
  [--measure 10] [--drain 2] [--size 100] [--workers 2] [--targets ws,sio,ours] (also sio-redis: the bare server with
  our Streams adapter and a Redis of its own) [--profile]
  [--history 60] [--ceiling] [--ceiling-clients 200] [--reactions 0,10] (reactions/s in the room meanwhile:
  each client count runs once per rate; the ws reference takes no reactions and runs only at 0)
  [--app-root DIR] (with the target \`before\`: another checkout of the app, for before/after)
--ceiling raises the delivery rate (×1.5 a step from 10,000/s) until p99 passes 50 ms or a delivery is
  lost, for each target, in a room of --ceiling-clients clients (3 s warm-up, 5 s measured a step).
--profile writes CPU profiles of our server and the bare Socket.IO one to
  bench/profiles/<run>-<server>-<clients>-<reactions>/ (open them in Chrome DevTools).`);
  process.exit(0);
}

const clientCounts = args.clients.split(',').map(Number);
const reactionRates = args.reactions.split(',').map(Number);
type TargetName = 'ws' | 'sio' | 'sio-redis' | 'ours' | 'before';
const allTargetNames = args.targets.split(',') as TargetName[];
/** Our app: this checkout, or `before` (another checkout, --app-root) for before/after ratios. */
const isOurs = (name: string) => name === 'ours' || name === 'before';
const reps = Number(args.reps);
const timing = {
  warmupMs: Number(args.warmup) * 1000,
  measureMs: Number(args.measure) * 1000,
  drainMs: Number(args.drain) * 1000,
};
const runId = Date.now().toString(36);

interface Summary {
  target: string;
  clients: number;
  /** Reactions a second toggled in the room meanwhile (each goes to every client). */
  reactions: number;
  /** Load average (1 min) when this client count and reaction rate started and ended. */
  loadAtStart: number;
  loadAtEnd: number;
  /** Server CPU per event delivered: messages and the reactions each client receives. */
  cpuUsPerEvent: number;
  /** Seconds for every client to enter the room (connect + join; ours answers the latest page). */
  enterSeconds: number;
  rate: number;
  offered: number;
  delivered: number;
  loss: number;
  p50: number;
  p99: number;
  max: number;
  cpuUsPerDelivery: number;
  /** Of which redis-server (ours only). */
  redisUsPerDelivery: number;
  serverCpu: number;
  loadCpu: number;
  refused: number;
  firstError: string | null;
}

function summarise(
  target: string,
  scenario: Scenario,
  rate: number,
  runs: ScheduleResult[],
  enterSeconds: number,
): Summary {
  const { clients, reactions } = scenario;
  const seconds = timing.measureMs / 1000;
  // The reactions delivered while measuring: every client receives each one.
  const reactionDeliveries = reactions * seconds * clients;
  return {
    target,
    clients,
    reactions,
    loadAtStart: scenario.loadAtStart,
    loadAtEnd: scenario.loadAtEnd,
    cpuUsPerEvent: median(
      runs.map((r) => (r.serverCpuMs * 1000) / Math.max(1, r.deliveries + reactionDeliveries)),
    ),
    enterSeconds,
    rate,
    offered: rate * clients,
    delivered: median(runs.map((r) => r.deliveries / seconds)),
    loss: median(runs.map((r) => 1 - r.deliveries / r.expected)),
    p50: median(runs.map((r) => r.hist.percentile(50))),
    p99: median(runs.map((r) => r.hist.percentile(99))),
    max: Math.max(...runs.map((r) => r.hist.max)),
    cpuUsPerDelivery: median(runs.map((r) => (r.serverCpuMs * 1000) / Math.max(1, r.deliveries))),
    redisUsPerDelivery: median(
      runs.map((r) => ((r.cpuPartsMs.redis ?? 0) * 1000) / Math.max(1, r.deliveries)),
    ),
    serverCpu: median(runs.map((r) => r.serverCpuMs / r.measureMs)),
    loadCpu: Math.max(...runs.map((r) => r.loadCpu)),
    refused: runs.reduce((sum, r) => sum + r.refused, 0),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
  };
}

interface Scenario {
  clients: number;
  reactions: number;
  loadAtStart: number;
  loadAtEnd: number;
}

async function benchClients(scenario: Scenario): Promise<Summary[]> {
  const { clients, reactions } = scenario;
  // The raw ws reference forwards frames and takes no reactions: it runs only without them.
  const targetNames = allTargetNames.filter((name) => reactions === 0 || name !== 'ws');
  const rate = Number(args.deliveries) / clients;
  // Each app gets its own redis-server: instances on one Redis read each other's adapter stream.
  const redises: Record<string, BenchRedis> = {};
  const profileDir = join(ROOT, 'bench/profiles');
  if (args.profile) mkdirSync(profileDir, { recursive: true });
  // One folder per server and scenario, so ours sits beside the reference it is compared with.
  const profileArgs = (name: string) =>
    args.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `${runId}-${name}-${clients}-${reactions}`)}`]
      : [];
  const targets: Record<string, Target> = {};
  const pool = await LoadPool.start(Number(args.workers));
  try {
    if (targetNames.includes('ws')) targets.ws = await startWs();
    if (targetNames.includes('sio')) targets.sio = await startSio({ nodeArgs: profileArgs('sio') });
    if (targetNames.includes('sio-redis')) {
      // The bare server with the Streams adapter ours ships, on a Redis of its own: what the adapter
      // alone costs, apart from our code.
      const redis = (redises['sio-redis'] = await startBenchRedis());
      targets['sio-redis'] = await startSio({
        name: 'sio-redis',
        redisUrl: redis.url,
        nodeArgs: profileArgs('sio-redis'),
      });
      await waitForAdapters(redis.client, 1);
    }
    for (const name of targetNames.filter(isOurs)) {
      const redis = (redises[name] = await startBenchRedis());
      targets[name] = await startApp({
        name,
        redisUrl: redis.url,
        verbose: args.verbose,
        root: name === 'before' ? args['app-root'] : undefined,
        nodeArgs: name === 'ours' ? profileArgs('ours') : [],
      });
      await waitForAdapters(redis.client, 1);
    }
    const room = `bench-${runId}-${clients}-${reactions}`;
    const enterSeconds: Record<string, number> = {};
    for (const name of targetNames) {
      const target = targets[name]!;
      const kind = isOurs(name) ? 'app' : name === 'ws' ? 'ws' : 'sio';
      const logins = Array.from(
        { length: clients },
        (_, i) => `b${runId}-${name}-${clients}-${reactions}-${i}`,
      );
      if (kind === 'app') {
        // Signing in is not entering a room: sessions are made first, and the room gets a history.
        await pool.signIn(target.url, logins);
        await seedHistory(target.url, room, Number(args.history));
      }
      const connected = await pool.connect({
        group: name,
        kind,
        url: target.url,
        room,
        ...(kind === 'app' ? { logins } : { count: clients }),
      });
      enterSeconds[name] = connected.ms / 1000;
      console.log(
        `  ${name}: ${connected.connected}/${clients} entered the room in ${fmt(connected.ms / 1000, 2)} s` +
          (connected.failed ? ` (${connected.failed} failed: ${connected.firstError})` : ''),
      );
      if (connected.connected < clients) throw new Error(`${name}: only ${connected.connected} connected`);
    }

    const runs: Record<string, ScheduleResult[]> = Object.fromEntries(targetNames.map((n) => [n, []]));
    for (let rep = 0; rep < reps; rep++) {
      // Interleaved, in a rotating order, so a neighbour's burst does not always hit the same target.
      const order = targetNames.map((_, i) => targetNames[(i + rep) % targetNames.length]!);
      for (const name of order) {
        const target = targets[name]!;
        const redis = redises[name];
        // With reactions, a fan reacts in the room all through the run (each one goes to every client).
        const reacting =
          reactions > 0
            ? await startReacting(target.url, room, reactions, isOurs(name) ? 'app' : 'sio')
            : null;
        const result = await runSchedule(pool, {
          group: name,
          rate,
          receivers: clients,
          size: Number(args.size),
          ...timing,
          serverCpu: async () => cpuMs(target.proc.pid) + (redis ? await redis.cpuMs() : 0),
          cpuParts: redis ? { redis: () => redis.cpuMs() } : {},
        });
        if (reacting) {
          const { reacted, refused } = reacting.stop();
          console.log(`  ${name}: ${reacted} reactions acknowledged, ${refused} refused`);
        }
        runs[name]!.push(result);
        console.log(
          `  rep ${rep + 1} ${name.padEnd(6)} delivered ${fmt(result.deliveries / (timing.measureMs / 1000), 0)}/s` +
            ` of ${fmt(rate * clients, 0)}/s, p50 ${fmt(result.hist.percentile(50), 2)} ms, p99 ` +
            `${fmt(result.hist.percentile(99), 2)} ms, server ${fmt((result.serverCpuMs * 1000) / Math.max(1, result.deliveries), 2)} µs/delivery` +
            `, load ${fmt(result.loadCpu * 100, 0)} % CPU${result.refused ? `, ${result.refused} refused: ${result.firstError}` : ''}`,
        );
      }
    }
    if (args.ceiling && clients === Number(args['ceiling-clients']) && reactions === reactionRates[0]) {
      for (const name of targetNames) ceilings.push(await findCeiling(pool, name, targets[name]!, clients));
    }
    scenario.loadAtEnd = loadConditions().load1;
    return targetNames.map((name) => summarise(name, scenario, rate, runs[name]!, enterSeconds[name]!));
  } finally {
    for (const name of targetNames) await pool.close(name).catch(() => {});
    await pool.stop();
    for (const target of Object.values(targets)) await target.stop();
    for (const redis of Object.values(redises)) await redis.stop();
  }
}

/** Posts `count` messages to the room as one signed-in fan, so a joining fan's page is a full one. */
async function seedHistory(url: string, room: string, count: number): Promise<void> {
  const cookie = await signIn(url, `seed-${runId}-${room}`);
  const socket = connectSio(url, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie } });
  try {
    for (let i = 0; i < count; i++) {
      const answer = (await socket.timeout(10_000).emitWithAck('chat:send', {
        gameId: room,
        message: `earlier message ${i}`,
        team: 'home',
        teamName: 'Chiefs',
      })) as {
        ok: boolean;
      };
      if (!answer.ok) throw new Error(`seeding the history was refused: ${JSON.stringify(answer)}`);
    }
  } finally {
    socket.close();
  }
}

interface Ceiling {
  target: string;
  clients: number;
  /** Highest offered deliveries/s held with p99 ≤ CEILING_P99_MS and no loss (0: not even the first). */
  held: number;
  /** The first rate that failed, and why. */
  failedAt: number;
  failedBecause: string;
}
const ceilings: Ceiling[] = [];
const CEILING_P99_MS = 50;

/**
 * Raises the offered delivery rate by half a step at a time until p99 passes CEILING_P99_MS or a
 * delivery is lost; answers the last rate held. The steps are shorter than the main runs.
 */
async function findCeiling(pool: LoadPool, name: string, target: Target, clients: number): Promise<Ceiling> {
  let held = 0;
  for (let offered = 10_000; offered <= 400_000; offered = Math.round(offered * 1.5)) {
    const result = await runSchedule(pool, {
      group: name,
      rate: offered / clients,
      receivers: clients,
      size: Number(args.size),
      warmupMs: 3000,
      measureMs: 5000,
      drainMs: 2000,
      serverCpu: async () => cpuMs(target.proc.pid),
    });
    const p99 = result.hist.percentile(99);
    const lost = result.expected - result.deliveries;
    console.log(
      `  ceiling ${name.padEnd(6)} ${fmt(offered, 0)}/s offered: p99 ${fmt(p99, 1)} ms, ${lost} lost, load ${fmt(result.loadCpu * 100, 0)} % CPU`,
    );
    if (p99 > CEILING_P99_MS || lost > 0 || result.refused > 0) {
      const why =
        lost > 0
          ? `${lost} lost`
          : result.refused > 0
            ? `${result.refused} refused`
            : `p99 ${fmt(p99, 1)} ms`;
      return { target: name, clients, held, failedAt: offered, failedBecause: why };
    }
    held = offered;
  }
  return { target: name, clients, held, failedAt: Number.NaN, failedBecause: 'never' };
}

const started = Date.now();
const conditions = machine();
console.log(
  `chat fan-out, ${conditions.cores} cores (${conditions.cpuModel}), load average ${fmt(conditions.load1, 2)}`,
);
const summaries: Summary[] = [];
for (const clients of clientCounts) {
  for (const reactions of reactionRates) {
    const loadAtStart = loadConditions().load1;
    console.log(
      `\n${clients} clients in one room, ${Number(args.deliveries)} deliveries/s offered, ` +
        `${reactions} reactions/s; load average ${fmt(loadAtStart, 2)}`,
    );
    summaries.push(...(await benchClients({ clients, reactions, loadAtStart, loadAtEnd: loadAtStart })));
  }
}
const sameScenario = (a: Summary, b: Summary) => a.clients === b.clients && a.reactions === b.reactions;

const rows = summaries.map((s) => {
  const ws = summaries.find((o) => sameScenario(o, s) && o.target === 'ws');
  const sio = summaries.find((o) => sameScenario(o, s) && o.target === 'sio');
  return [
    s.clients,
    s.reactions,
    `${fmt(s.loadAtStart, 2)} → ${fmt(s.loadAtEnd, 2)}`,
    s.target,
    `${fmt(s.rate, 0)} msg/s`,
    fmt(s.delivered, 0),
    `${fmt(s.loss * 100, 2)} %`,
    fmt(s.p50, 2),
    fmt(s.p99, 2),
    s.redisUsPerDelivery > 0
      ? `${fmt(s.cpuUsPerDelivery, 2)} (Redis ${fmt(s.redisUsPerDelivery, 2)})`
      : fmt(s.cpuUsPerDelivery, 2),
    s.reactions > 0 ? fmt(s.cpuUsPerEvent, 2) : '',
    `${fmt(s.loadCpu * 100, 0)} %`,
    s.target !== 'sio' && sio
      ? `${ratio(s.p50, sio.p50)} / ${ratio(s.p99, sio.p99)} / ${ratio(s.cpuUsPerDelivery, sio.cpuUsPerDelivery)}`
      : '',
    s.target !== 'ws' && ws
      ? `${ratio(s.p99, ws.p99)} / ${ratio(s.cpuUsPerDelivery, ws.cpuUsPerDelivery)}`
      : '',
  ];
});
const output = table(
  [
    'clients',
    'reactions/s',
    'load average',
    'server',
    'rate',
    'delivered/s',
    'loss',
    'p50 ms',
    'p99 ms',
    'server CPU µs/delivery',
    'µs/event (with reactions)',
    'load CPU (max)',
    'ours ÷ sio (p50 / p99 / CPU)',
    'ours ÷ ws (p99 / CPU)',
  ],
  rows,
);
console.log(`\n${output}`);

const entering = table(
  ['clients', 'reactions/s', 'server', 'entering s (connect + join)', 'ours ÷ sio'],
  summaries.map((s) => {
    const sio = summaries.find((o) => sameScenario(o, s) && o.target === 'sio');
    return [
      s.clients,
      s.reactions,
      s.target,
      fmt(s.enterSeconds, 2),
      isOurs(s.target) && sio ? ratio(s.enterSeconds, sio.enterSeconds) : '',
    ];
  }),
);
console.log(`\nEntering the room (ours: latest page of ${Number(args.history)} messages)\n${entering}`);
if (ceilings.length > 0) {
  const sio = ceilings.find((c) => c.target === 'sio');
  const ceilingTable = table(
    [
      'clients',
      'server',
      `deliveries/s held (p99 ≤ ${CEILING_P99_MS} ms, no loss)`,
      'failed at',
      'ours ÷ sio',
    ],
    ceilings.map((c) => [
      c.clients,
      c.target,
      fmt(c.held, 0),
      `${fmt(c.failedAt, 0)} (${c.failedBecause})`,
      isOurs(c.target) && sio ? ratio(c.held, sio.held) : '',
    ]),
  );
  console.log(`\nCeiling\n${ceilingTable}`);
}
const finished = machine();
console.log(
  `\n${fmt((Date.now() - started) / 1000, 0)} s; load average at the end ${fmt(finished.load1, 2)} (1 min), ${fmt(finished.load5, 2)} (5 min)`,
);
const path = await saveResult('chat', { machine: conditions, finished, args, summaries, ceilings });
console.log(`saved ${path}`);
process.exit(0);
