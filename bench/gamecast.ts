/**
 * Live Gamecast: N fans with one game's dialog open (`gamecast:watch`), a scoring play at the (fake)
 * ESPN source every few seconds. For each scoring play: from the moment the fake has sent the summary
 * holding it to each fan's `gamecast:changed` (p50/p99), and the server CPU (app and its Redis) over
 * that window, beside the bare Socket.IO reference broadcasting the very change ours pushed, on the
 * same Redis Streams adapter ("sio-redis") and alone ("sio"). Then what the game costs upstream:
 * summary and scoreboard requests a minute at the default GAMECAST_POLL_SECONDS with 0, 1 and 500
 * viewers of one game. `--read` instead times the summary read alone, in CPU per round, on the bench's
 * game and the real summaries (bench/gamecast-read.ts). `npm run bench:gamecast -- --help` lists the
 * options.
 */
import { parseArgs } from 'node:util';
import { io as connectSio, type Socket } from 'socket.io-client';
import type { GamecastChange } from '@shared/schemas/gamecast';
import { startFakeEspn } from '../tests/fakes/espn';
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
    updates: { type: 'string', default: '8', description: 'scoring plays per deployment' },
    workers: { type: 'string', default: '4' },
    poll: { type: 'string', default: '2', description: "ours' GAMECAST_POLL_SECONDS while timing pushes" },
    'rpm-seconds': { type: 'string', default: '60', description: 'seconds each viewer count is counted' },
    viewers: { type: 'string', default: '0,1,500' },
    'skip-rpm': { type: 'boolean', default: false },
    'skip-push': { type: 'boolean', default: false },
    read: { type: 'boolean', default: false, description: 'time the summary read alone (CPU per round)' },
    'read-rounds': { type: 'string', default: '200' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    `npm run bench:gamecast -- [--clients 2000] [--updates 8] [--workers 4] [--poll 2] [--rpm-seconds 60]
  [--viewers 0,1,500] [--skip-rpm] [--skip-push]
npm run bench:gamecast -- --read [--read-rounds 200]
  the summary read alone (read, parse, map, check, compare): CPU µs per round on the bench's game and
  the real summaries, with nothing new, the clock moved, and a play more each round`,
  );
  process.exit(0);
}
if (args.read) {
  const { runReadBench } = await import('./gamecast-read');
  await runReadBench({ rounds: Number(args['read-rounds']) });
  process.exit(0);
}

const clients = Number(args.clients);
const runId = Date.now().toString(36);
pin(process.pid, LOAD_CPU);

/** BUF at MIA, live: the game every fan has open. */
const GAME = '401671002';

/** When the fake last finished sending GAME's summary, and who waits for the next one. */
let summarySent: Array<(at: number) => void> = [];
const espn = await startFakeEspn({
  onSummarySent: (eventId) => {
    if (eventId !== GAME) return;
    const at = monoMs();
    const waiting = summarySent;
    summarySent = [];
    for (const resolve of waiting) resolve(at);
  },
});
const nextSummarySent = () => new Promise<number>((resolve) => summarySent.push(resolve));

interface Deployment {
  name: string;
  kind: 'app' | 'sio';
  redis: BenchRedis | null;
  instance: Target;
}

interface Update {
  p50: number;
  p99: number;
  all: number;
  /** From the first fan having it to the last: the fan-out itself. */
  spread: number;
  /** p50 from the first fan having it: the push alone, without what came before the broadcast. */
  pushP50: number;
  /** To the first fan: for ours, mostly what comes before the broadcast (reading the summary). */
  first: number;
  missing: number;
  serverCpuMs: number;
  bytes: number;
}

const conditions = machine();
console.log(
  `gamecast: ${clients} fans per deployment, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
);

const deployments: Deployment[] = [];
const results = new Map<string, Update[]>();
const rpm: Array<{
  viewers: number;
  summaryPerMinute: number;
  watchedPerMinute: number;
  scoreboardPerMinute: number;
  load1: number;
}> = [];
let pushLoad = { start: conditions.load1, end: Number.NaN };
/** The windows an idle round's CPU is measured in (see below); within one poll interval twice over. */
const IDLE_WINDOW_MS = 500;
/** Ours' CPU per round whose summary holds nothing new. */
let idleRoundCpuMs = Number.NaN;
let harness: Socket | null = null;
let pool: LoadPool | null = null;

/** Server CPU (ms) of a deployment so far: the app or reference process, and its Redis. */
const cpuOf = (deployment: Deployment) =>
  cpuMs(deployment.instance.proc.pid) + (deployment.redis ? cpuMs(deployment.redis.pid) : 0);

async function waitForAll(deployment: Deployment, since: number) {
  const deadline = since + 30_000;
  for (;;) {
    const pushes = await pool!.pushes(deployment.name, since);
    if (pushes.missing === 0 || monoMs() > deadline) return pushes;
    await sleep(20);
  }
}

try {
  if (!args['skip-push']) {
    const oursRedis = await startBenchRedis();
    const ours: Deployment = {
      name: 'ours',
      kind: 'app',
      redis: oursRedis,
      instance: await startApp({
        redisUrl: oursRedis.url,
        name: 'ours',
        env: { ESPN_BASE_URL: espn.url, GAMECAST_POLL_SECONDS: args.poll },
      }),
    };
    await waitForAdapters(oursRedis.client, 1);
    const sioRedis = await startBenchRedis();
    const reference: Deployment = {
      name: 'sio-redis',
      kind: 'sio',
      redis: sioRedis,
      instance: await startSio({ name: 'sio-redis', redisUrl: sioRedis.url }),
    };
    const bare: Deployment = {
      name: 'sio',
      kind: 'sio',
      redis: null,
      instance: await startSio({ name: 'sio' }),
    };
    deployments.push(ours, reference, bare);

    // The harness watches first: the whole Gamecast is read and stored before the crowd opens it,
    // and every change ours pushes is kept for the references to push the same.
    const cookie = await signIn(ours.instance.url, `gc${runId}-harness`);
    harness = connectSio(ours.instance.url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      harness!.once('connect', resolve);
      harness!.once('connect_error', reject);
    });
    const changes: GamecastChange[] = [];
    harness.on('gamecast:changed', (change: GamecastChange) => changes.push(change));
    const watched = (await harness.timeout(30_000).emitWithAck('gamecast:watch', { gameId: GAME })) as {
      ok: boolean;
    };
    if (!watched.ok) throw new Error('the harness could not watch the game');
    const deadline = monoMs() + 30_000;
    while (changes.length === 0 && monoMs() < deadline) await sleep(100);
    if (changes.length === 0) throw new Error('ours never pushed the first Gamecast');
    const first = await harness.timeout(30_000).emitWithAck('gamecast:watch', { gameId: GAME });
    const gamecastBytes = JSON.stringify(first).length;

    pool = await LoadPool.start(Number(args.workers));
    for (const deployment of deployments) {
      const connected = await pool.connect({
        group: deployment.name,
        kind: deployment.kind,
        url: deployment.instance.url,
        room: '',
        watch: 'gamecast:changed',
        concurrency: 24,
        ...(deployment.kind === 'app'
          ? { gamecast: GAME, logins: Array.from({ length: clients }, (_, i) => `gc${runId}-${i}`) }
          : { count: clients }),
      });
      console.log(`  ${deployment.name}: ${connected.connected} fans in ${fmt(connected.ms / 1000)} s`);
      if (connected.connected !== clients) throw new Error(`${deployment.name}: ${connected.firstError}`);
      results.set(deployment.name, []);
    }
    pushLoad = { start: machine().load1, end: Number.NaN };

    for (let i = 0; i < Number(args.updates); i++) {
      const order = deployments.map((_, d) => deployments[(d + i) % deployments.length]!);
      // Ours first scores at the source; the references then push the change ours pushed.
      let change: GamecastChange | null = null;
      for (const deployment of order) {
        let since: number;
        let cpuBefore: number;
        let bytes: number;
        if (deployment.kind === 'app') {
          const seen = changes.length;
          const sent = nextSummarySent();
          espn.addScoringPlay(GAME, {
            team: i % 2 === 0 ? 'home' : 'away',
            points: 7,
            text: `Bench touchdown ${i + 1}: 12 Yd pass`,
          });
          // The next round's summary is the first that holds the play.
          since = await sent;
          cpuBefore = cpuOf(deployment);
          const pushes = await waitForAll(deployment, since);
          while (changes.length === seen) await sleep(5);
          change = changes.at(-1)!;
          bytes = JSON.stringify(change).length;
          results.get(deployment.name)!.push({
            p50: pushes.hist.percentile(50),
            p99: pushes.hist.percentile(99),
            all: pushes.missing === 0 ? pushes.max : Number.NaN,
            spread: pushes.missing === 0 ? pushes.max - pushes.min : Number.NaN,
            pushP50: pushes.hist.percentile(50) - pushes.min,
            first: pushes.min,
            missing: pushes.missing,
            serverCpuMs: cpuOf(deployment) - cpuBefore,
            bytes,
          });
        } else {
          const payload = JSON.stringify(change ?? changes.at(-1));
          since = monoMs();
          cpuBefore = cpuOf(deployment);
          const answer = await fetch(`${deployment.instance.url}/broadcast/gamecast:changed`, {
            method: 'POST',
            body: payload,
          });
          await answer.arrayBuffer();
          const pushes = await waitForAll(deployment, since);
          results.get(deployment.name)!.push({
            p50: pushes.hist.percentile(50),
            p99: pushes.hist.percentile(99),
            all: pushes.missing === 0 ? pushes.max : Number.NaN,
            spread: pushes.missing === 0 ? pushes.max - pushes.min : Number.NaN,
            pushP50: pushes.hist.percentile(50) - pushes.min,
            first: pushes.min,
            missing: pushes.missing,
            serverCpuMs: cpuOf(deployment) - cpuBefore,
            bytes: payload.length,
          });
        }
        const last = results.get(deployment.name)!.at(-1)!;
        console.log(
          `  ${deployment.name} play ${i + 1}: p50 ${fmt(last.p50, 1)} ms, p99 ${fmt(last.p99, 1)} ms, all ${fmt(last.all, 1)} ms,` +
            ` fan-out ${fmt(last.spread, 1)} ms, server ${fmt(last.serverCpuMs, 0)} ms CPU, ${last.bytes} B${last.missing ? `, ${last.missing} missing` : ''}`,
        );
        await sleep(500);
      }
    }
    pushLoad.end = machine().load1;
    // What a round that changes nothing costs ours (the summary read and compared, nothing pushed):
    // the CPU in the half second after the fake sent the summary, less the CPU in a half second of
    // the same round long after it (timers, the scoreboard poll: whatever runs anyway).
    const idleRounds = 8;
    let afterSent = 0;
    let baseline = 0;
    for (let round = 0; round < idleRounds; round++) {
      await nextSummarySent();
      const atSent = cpuOf(ours);
      await sleep(IDLE_WINDOW_MS);
      afterSent += cpuOf(ours) - atSent;
      await sleep(IDLE_WINDOW_MS);
      const atBaseline = cpuOf(ours);
      await sleep(IDLE_WINDOW_MS);
      baseline += cpuOf(ours) - atBaseline;
    }
    idleRoundCpuMs = (afterSent - baseline) / idleRounds;
    console.log(
      `  ours, a round with nothing new: ${fmt(idleRoundCpuMs, 1)} ms CPU (${fmt(afterSent / idleRounds, 1)} in the ${IDLE_WINDOW_MS} ms after the summary, ${fmt(baseline / idleRounds, 1)} in ${IDLE_WINDOW_MS} ms later in the round)`,
    );
    console.log(`  whole Gamecast as a watch answers it: ${fmt(gamecastBytes / 1024, 1)} KB`);
    await pool.stop();
    pool = null;
    harness.close();
    harness = null;
    for (const deployment of deployments) {
      await deployment.instance.stop();
      await deployment.redis?.stop();
    }
  }

  if (!args['skip-rpm']) {
    // What one watched game costs upstream, with the default poll and nothing else changed.
    espn.reset();
    const redis = await startBenchRedis();
    const app = await startApp({
      redisUrl: redis.url,
      name: 'ours-rpm',
      env: { ESPN_BASE_URL: espn.url, SPORTS_POLL_SECONDS: '60' },
    });
    await waitForAdapters(redis.client, 1);
    pool = await LoadPool.start(1);
    const windowMs = Number(args['rpm-seconds']) * 1000;
    // The first rounds read each live and final game once for its label: past them, the steady state.
    await sleep(12_000);
    let connected = 0;
    for (const viewers of args.viewers.split(',').map(Number)) {
      if (viewers > connected) {
        const result = await pool.connect({
          group: `rpm-${viewers}`,
          kind: 'app',
          url: app.url,
          room: '',
          gamecast: GAME,
          concurrency: 24,
          logins: Array.from({ length: viewers - connected }, (_, i) => `gc${runId}-rpm-${connected + i}`),
        });
        if (result.connected !== viewers - connected) throw new Error(`viewers: ${result.firstError}`);
        connected = viewers;
      }
      const before = espn.stats();
      await sleep(windowMs);
      const after = espn.stats();
      const sum = (counts: Record<string, number>) =>
        Object.values(counts).reduce((total, n) => total + n, 0);
      const perMinute = (n: number) => (n * 60_000) / windowMs;
      rpm.push({
        viewers,
        summaryPerMinute: perMinute(sum(after.summaryRequests) - sum(before.summaryRequests)),
        watchedPerMinute: perMinute((after.summaryRequests[GAME] ?? 0) - (before.summaryRequests[GAME] ?? 0)),
        scoreboardPerMinute: perMinute(sum(after.scoreboardRequests) - sum(before.scoreboardRequests)),
        load1: machine().load1,
      });
      console.log(`  ${viewers} viewers: ${JSON.stringify(rpm.at(-1))}`);
    }
    await pool.stop();
    pool = null;
    await app.stop();
    await redis.stop();
  }
} finally {
  harness?.close();
  await pool?.stop();
  for (const deployment of deployments) {
    await deployment.instance.stop().catch(() => undefined);
    await deployment.redis?.stop().catch(() => undefined);
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
    spread: median(updates.map((u) => u.spread)),
    pushP50: median(updates.map((u) => u.pushP50)),
    first: median(updates.map((u) => u.first)),
    serverCpuMs: median(updates.map((u) => u.serverCpuMs)),
    bytes: median(updates.map((u) => u.bytes)),
    missing: updates.reduce((sum, u) => sum + u.missing, 0),
  };
});
const byName = (name: string) => summary.find((s) => s.name === name);
if (summary.length > 0) {
  const reference = byName('sio-redis')!;
  const bare = byName('sio')!;
  console.log(
    `\n${table(
      [
        'deployment',
        'p50 ms',
        'p99 ms',
        'all fans ms',
        'fan-out ms',
        'p50 after the first fan ms',
        'first fan ms',
        'server CPU ms per play',
        'change B',
        'missing',
        'CPU ÷ sio-redis',
        'p50 ÷ sio-redis',
        'p50 after the first ÷ sio-redis',
        'CPU ÷ sio',
        'p50 ÷ sio',
      ],
      summary.map((s) => [
        s.name,
        fmt(s.p50, 1),
        fmt(s.p99, 1),
        fmt(s.all, 1),
        fmt(s.spread, 1),
        fmt(s.pushP50, 1),
        fmt(s.first, 1),
        fmt(s.serverCpuMs, 0),
        s.bytes,
        s.missing,
        s === reference ? '' : ratio(s.serverCpuMs, reference.serverCpuMs),
        s === reference ? '' : ratio(s.p50, reference.p50),
        s === reference ? '' : ratio(s.pushP50, reference.pushP50),
        s === bare ? '' : ratio(s.serverCpuMs, bare.serverCpuMs),
        s === bare ? '' : ratio(s.p50, bare.p50),
      ]),
    )}`,
  );
  console.log(`load average ${fmt(pushLoad.start, 2)} → ${fmt(pushLoad.end, 2)} while timing pushes`);
  console.log(`ours, a round with nothing new (summary read and compared): ${fmt(idleRoundCpuMs, 1)} ms CPU`);
}
if (rpm.length > 0) {
  console.log(
    `\n${table(
      [
        'viewers of one game',
        'summary requests / min (that game)',
        'summary requests / min (all)',
        'scoreboard requests / min',
        'load average',
      ],
      rpm.map((r) => [
        r.viewers,
        fmt(r.watchedPerMinute, 1),
        fmt(r.summaryPerMinute, 1),
        fmt(r.scoreboardPerMinute, 1),
        fmt(r.load1, 2),
      ]),
    )}`,
  );
}
console.log(
  `saved ${await saveResult('gamecast', { machine: conditions, args, summary, pushLoad, idleRoundCpuMs, rpm })}`,
);
process.exit(0);
