/**
 * Scoreboard push: a score changes at the (fake) ESPN source and a fan presses Refresh All; how
 * long until every one of N connected clients has the change (`sports:games-changed`, the changed
 * game alone), p50/p99 over the clients and the time until the last one has it. One instance, and
 * two instances behind one Redis (clients split between them, the refresh landing on the first),
 * side by side and interleaved, with a bare Socket.IO server pushing the same payload to as many
 * clients as the reference for the fan-out itself (first client to last). With `--before DIR` (a
 * checkout of an older commit, see startApp's `root`) that build runs beside them as "before ×1",
 * watched on whatever it pushes (`sportsDataUpdated`, the whole dataset, before games-changed).
 * `npm run bench:scoreboard -- --help` lists the options.
 */
import { parseArgs } from 'node:util';
import { allGames, type ScoreboardResponse, type SportsGamesChangedPayload } from '@shared/schemas/sports';
import { defaultFakeGames, startFakeEspn, type FakeGame } from '../tests/fakes/espn';
import { median, monoMs } from './lib/histogram';
import { LoadPool } from './lib/load';
import { cpuMs, LOAD_CPU, pin, sleep } from './lib/processes';
import { fmt, machine, ratio, saveResult, table } from './lib/report';
import { signIn } from './lib/sign-in';
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
    clients: { type: 'string', default: '2000' },
    updates: { type: 'string', default: '10', description: 'score changes per deployment' },
    workers: { type: 'string', default: '4' },
    gap: { type: 'string', default: '1', description: 'seconds between updates' },
    before: { type: 'string', description: 'a checkout of an older build to run beside ours' },
    'before-watch': {
      type: 'string',
      default: 'sportsDataUpdated',
      description: 'the push the older build sends for a score change',
    },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    `npm run bench:scoreboard -- [--clients 2000] [--updates 10] [--workers 4] [--gap 1] [--before DIR]
  [--before-watch sportsDataUpdated|sports:games-changed]`,
  );
  process.exit(0);
}

const clients = Number(args.clients);
const runId = Date.now().toString(36);
// The harness (and the fake source in it) stays off the server core.
pin(process.pid, LOAD_CPU);

// No game is live, so the poller (every SPORTS_POLL_SECONDS, here an hour) stays out of the way:
// every push measured comes from the refresh the harness asks for.
const games: FakeGame[] = defaultFakeGames().map((game) =>
  game.state === 'in'
    ? { ...game, state: 'post', statusName: 'STATUS_FINAL', detail: 'Final', shortDetail: 'Final' }
    : game,
);
const espn = await startFakeEspn({ games });
const scored = games.find((game) => game.state === 'post' && game.statusName === 'STATUS_FINAL')!;

interface Deployment {
  name: string;
  kind: 'app' | 'sio';
  redis: BenchRedis | null;
  instances: Target[];
  cookie: string;
  /** The push its clients wait for. */
  watch: string;
}

/** What ours pushes for a score change within the same games. */
const CHANGE_EVENT = 'sports:games-changed';

/** The reference: a bare Socket.IO server pushing the same payload to every client, nothing else. */
async function deployReference(): Promise<Deployment> {
  return {
    name: 'sio ×1',
    kind: 'sio',
    redis: null,
    instances: [await startSio({ name: 'sio' })],
    cookie: '',
    watch: CHANGE_EVENT,
  };
}

async function deploy(
  name: string,
  count: number,
  options: { root?: string; watch: string } = { watch: CHANGE_EVENT },
): Promise<Deployment> {
  const redis = await startBenchRedis();
  const instances: Target[] = [];
  for (let i = 0; i < count; i++) {
    instances.push(
      await startApp({
        redisUrl: redis.url,
        name: `${name}-${i}`,
        root: options.root,
        env: { ESPN_BASE_URL: espn.url, API_RATE_LIMIT: '100000000', SPORTS_REFRESH_MIN_SECONDS: '0' },
      }),
    );
  }
  await waitForAdapters(redis.client, count);
  const cookie = await signIn(instances[0]!.url, `sb${runId}-${count}-trigger`);
  return { name, kind: 'app', redis, instances, cookie, watch: options.watch };
}

interface Update {
  p50: number;
  p99: number;
  /** Until the last client had it. */
  all: number;
  /** From the first client having it to the last: the fan-out itself. */
  spread: number;
  missing: number;
  refreshMs: number;
  serverCpuMs: number;
}

let score = 100;
async function update(pool: LoadPool, deployment: Deployment): Promise<Update> {
  const cpu = async () =>
    deployment.instances.reduce((sum, instance) => sum + cpuMs(instance.proc.pid), 0) +
    (deployment.redis ? await deployment.redis.cpuMs() : 0);
  const cpuBefore = await cpu();
  const since = monoMs();
  espn.setScore(scored.id, scored.awayScore, ++score);
  const answer =
    deployment.kind === 'app'
      ? await fetch(`${deployment.instances[0]!.url}/api/sports/refresh`, {
          method: 'POST',
          headers: { cookie: deployment.cookie, 'content-type': 'application/json' },
          body: '{}',
        })
      : await fetch(`${deployment.instances[0]!.url}/broadcast/${CHANGE_EVENT}`, {
          method: 'POST',
          body: referencePayload,
        });
  await answer.arrayBuffer();
  const refreshMs = monoMs() - since;
  if (!answer.ok) throw new Error(`refresh answered ${answer.status}`);
  const deadline = since + 30_000;
  for (;;) {
    const pushes = await pool.pushes(deployment.name, since);
    if (pushes.missing === 0 || monoMs() > deadline) {
      return {
        p50: pushes.hist.percentile(50),
        p99: pushes.hist.percentile(99),
        all: pushes.missing === 0 ? pushes.max : Number.NaN,
        spread: pushes.missing === 0 ? pushes.max - pushes.min : Number.NaN,
        missing: pushes.missing,
        refreshMs,
        serverCpuMs: (await cpu()) - cpuBefore,
      };
    }
    await sleep(50);
  }
}

const conditions = machine();
console.log(
  `scoreboard push: ${clients} clients per deployment, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
);
const pool = await LoadPool.start(Number(args.workers));
const deployments: Deployment[] = [];
const results = new Map<string, Update[]>();
let datasetBytes = 0;
/** What ours pushes for the score change (that game, how it stood, the kind), for the reference to push too. */
let referencePayload = '';
try {
  deployments.push(await deploy('ours ×1', 1), await deploy('ours ×2', 2));
  if (args.before) {
    deployments.push(await deploy('before ×1', 1, { root: args.before, watch: args['before-watch'] }));
  }
  deployments.push(await deployReference());
  for (const deployment of deployments) {
    const urls = deployment.instances.map((instance) => instance.url);
    const connected = await pool.connect({
      group: deployment.name,
      kind: deployment.kind,
      url: urls,
      room: '',
      watch: deployment.watch,
      concurrency: 24,
      ...(deployment.kind === 'app'
        ? {
            logins: Array.from(
              { length: clients },
              (_, i) => `sb${runId}-${deployment.instances.length}-${i}`,
            ),
          }
        : { count: clients }),
    });
    console.log(
      `  ${deployment.name}: ${connected.connected} clients on ${urls.length} instance(s) in ${fmt(connected.ms / 1000)} s`,
    );
    if (connected.connected !== clients) throw new Error(`${deployment.name}: ${connected.firstError}`);
    results.set(deployment.name, []);
  }
  const board = await fetch(`${deployments[0]!.instances[0]!.url}/api/sports/scoreboard`, {
    headers: { cookie: deployments[0]!.cookie },
  });
  const dataset = await board.text();
  datasetBytes = dataset.length;
  const game = allGames((JSON.parse(dataset) as ScoreboardResponse).sportsData).find(
    (candidate) => candidate.id === scored.id,
  )!;
  referencePayload = JSON.stringify({
    lastUpdated: new Date().toISOString(),
    changes: [
      {
        game: { ...game, homeScore: (game.homeScore ?? 0) + 1 },
        previous: {
          awayScore: game.awayScore,
          homeScore: game.homeScore,
          gameStatus: game.gameStatus,
          period: game.period,
        },
        kinds: ['scored'],
      },
    ],
  } satisfies SportsGamesChangedPayload);

  for (let i = 0; i < Number(args.updates); i++) {
    for (const deployment of deployments.map((_, d) => deployments[(d + i) % deployments.length]!)) {
      const result = await update(pool, deployment);
      results.get(deployment.name)!.push(result);
      console.log(
        `  ${deployment.name} update ${i + 1}: p50 ${fmt(result.p50, 1)} ms, p99 ${fmt(result.p99, 1)} ms,` +
          ` all ${fmt(result.all, 1)} ms, fan-out ${fmt(result.spread, 1)} ms (answered in ${fmt(result.refreshMs, 1)} ms),` +
          ` server ${fmt(result.serverCpuMs, 0)} ms CPU${result.missing ? `, ${result.missing} missing` : ''}`,
      );
      await sleep(Number(args.gap) * 1000);
    }
  }
} finally {
  await pool.stop();
  for (const deployment of deployments) {
    for (const instance of deployment.instances) await instance.stop();
    await deployment.redis?.stop();
  }
  await espn.close();
}

const summary = deployments.map((deployment) => {
  const updates = results.get(deployment.name) ?? [];
  return {
    name: deployment.name,
    p50: median(updates.map((u) => u.p50)),
    p99: median(updates.map((u) => u.p99)),
    all: median(updates.map((u) => u.all)),
    worstAll: Math.max(...updates.map((u) => u.all)),
    spread: median(updates.map((u) => u.spread)),
    refreshMs: median(updates.map((u) => u.refreshMs)),
    serverCpuMs: median(updates.map((u) => u.serverCpuMs)),
    missing: updates.reduce((sum, u) => sum + u.missing, 0),
  };
});
const one = summary.find((s) => s.name === 'ours ×1')!;
const reference = summary.find((s) => s.name === 'sio ×1');
const output = table(
  [
    'deployment',
    'p50 ms',
    'p99 ms',
    'all clients ms (median / worst)',
    'fan-out ms (first → last client)',
    'answered ms',
    'server CPU ms per update',
    'missing',
    '×2 ÷ ×1 (p50 / p99 / all)',
    'fan-out ÷ sio',
    'p50 ÷ sio',
    'CPU ÷ sio',
  ],
  summary.map((s) => [
    s.name,
    fmt(s.p50, 1),
    fmt(s.p99, 1),
    `${fmt(s.all, 1)} / ${fmt(s.worstAll, 1)}`,
    fmt(s.spread, 1),
    fmt(s.refreshMs, 1),
    fmt(s.serverCpuMs, 0),
    s.missing,
    s.name === 'ours ×2'
      ? `${ratio(s.p50, one.p50)} / ${ratio(s.p99, one.p99)} / ${ratio(s.all, one.all)}`
      : '',
    reference && s !== reference ? ratio(s.spread, reference.spread) : '',
    reference && s !== reference ? ratio(s.p50, reference.p50) : '',
    reference && s !== reference ? ratio(s.serverCpuMs, reference.serverCpuMs) : '',
  ]),
);
console.log(`\n${output}`);
console.log(
  `games-changed push ${referencePayload.length} bytes (the whole scoreboard ${fmt(datasetBytes / 1024, 1)} KB); load average at the end ${fmt(machine().load1, 2)}`,
);
console.log(
  `saved ${await saveResult('scoreboard', {
    machine: conditions,
    args,
    payloadBytes: referencePayload.length,
    datasetBytes,
    summary,
  })}`,
);
process.exit(0);
