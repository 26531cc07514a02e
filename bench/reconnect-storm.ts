/**
 * Reconnect storm: N fans of one busy room on one instance, the instance killed (SIGKILL: no goodbye,
 * nothing saved for connection recovery) and started again on the same port, while a fan on a second
 * instance keeps posting. Measured from the kill until every fan is back: reconnected with the app
 * client's backoff (Socket.IO's defaults, client/src/lib/socket.ts), in the room again and, for ours,
 * caught up (`chat:join`, then `chat:sync` from the newest id it had, as the app's chat does).
 * Reference: the bare Socket.IO server, two instances on the same Streams adapter, restarted alike
 * (back = reconnected, the server puts it in the room). Our instance starts slower (TypeScript through
 * tsx, the store, the features), so the ratio is taken from the moment each listened again.
 * `npm run bench:storm -- --help` lists the options.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io as connectSio, type Socket } from 'socket.io-client';
import { monoMs } from './lib/histogram';
import { LoadPool } from './lib/load';
import { ROOT, sleep } from './lib/processes';
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
    fans: { type: 'string', default: '5000' },
    logins: { type: 'string', description: 'fans share this many signed-in logins (default: one each)' },
    rate: { type: 'string', default: '5', description: 'messages/s posted in the room meanwhile' },
    workers: { type: 'string', default: '2' },
    targets: { type: 'string', default: 'sio,ours' },
    'down-ms': { type: 'string', default: '1000', description: 'from the kill to the new start' },
    timeout: { type: 'string', default: '180', description: 'seconds to wait for every fan' },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:storm -- [--fans 5000] [--logins FANS] [--rate 5] [--workers 2]
  [--targets sio,ours] [--down-ms 1000] [--timeout 180] [--profile]
--profile writes a CPU profile of our restarted instance (the one the storm hits) to bench/profiles/.`);
  process.exit(0);
}

type TargetName = 'sio' | 'ours';
/** The server's default SOCKETS_PER_LOGIN_LIMIT. */
const DEPLOYED_SOCKETS_PER_LOGIN = 20;
const PROFILE_DIR = join(ROOT, 'bench/profiles');
if (args.profile) mkdirSync(PROFILE_DIR, { recursive: true });
const fans = Number(args.fans);
const runId = Date.now().toString(36);

interface Row {
  target: string;
  fans: number;
  enterSeconds: number;
  /** Seconds from the kill until the last fan was back (and, ours, caught up). */
  allBackSeconds: number;
  /** Seconds from the kill until the instance listened again (its start-up, not the storm). */
  restartSeconds: number;
  p50Seconds: number;
  p99Seconds: number;
  back: number;
  /** Messages chat:sync handed back in all (ours). */
  caughtUp: number;
  rejoinErrors: number;
  firstError: string | null;
}

/** One fan on the second instance posting into the room on a schedule, until stopped. */
function startPoster(kind: TargetName, url: string, room: string, cookie: string | null) {
  const socket: Socket = connectSio(url, {
    transports: ['websocket'],
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : { query: { room } }),
  });
  let seq = 0;
  const timer = setInterval(
    () => {
      const message = `storm message ${seq++}`;
      const payload =
        kind === 'ours'
          ? { gameId: room, message, team: 'home', teamName: 'Chiefs' }
          : { gameId: room, message, id: `${Date.now()}-0` };
      socket.timeout(10_000).emit('chat:send', payload, () => {});
    },
    1000 / Number(args.rate),
  );
  return () => {
    clearInterval(timer);
    socket.close();
  };
}

/** Where a storm stands: back, connected, given up, and the errors met on the way. */
function progress(status: Awaited<ReturnType<LoadPool['storm']>>): string {
  return (
    `${status.back}/${fans} back, ${status.connected} connected, ${status.stopped} given up` +
    (status.connectErrors ? `, ${status.connectErrors} failed attempts (${status.connectError})` : '') +
    (status.rejoinErrors ? `, ${status.rejoinErrors} rejoin errors (${status.rejoinError})` : '')
  );
}

async function measure(name: TargetName, pool: LoadPool): Promise<Row> {
  const redis: BenchRedis = await startBenchRedis();
  const instances: Target[] = [];
  let stopPoster = () => {};
  try {
    const start = (port?: number) =>
      name === 'ours'
        ? startApp({
            name: `${name}-a`,
            redisUrl: redis.url,
            port,
            // The per-login socket cap stays as deployed (the other benchmarks lift it): each fan is
            // its own login, and the counts the killed instance left behind must not keep fans out.
            env: { SOCKETS_PER_LOGIN_LIMIT: String(DEPLOYED_SOCKETS_PER_LOGIN) },
            nodeArgs: args.profile && port ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
          })
        : startSio({ name: `${name}-a`, redisUrl: redis.url, port });
    const first = await start();
    const second =
      name === 'ours'
        ? await startApp({
            name: `${name}-b`,
            redisUrl: redis.url,
            env: { SOCKETS_PER_LOGIN_LIMIT: String(DEPLOYED_SOCKETS_PER_LOGIN) },
          })
        : await startSio({ name: `${name}-b`, redisUrl: redis.url });
    instances.push(first, second);
    await waitForAdapters(redis.client, 2);

    const room = `storm-${runId}`;
    const loginCount = Number(args.logins ?? fans);
    const logins = Array.from({ length: fans }, (_, i) => `s${runId}-${i % loginCount}`);
    if (name === 'ours') await pool.signIn(first.url, [...new Set(logins)]);
    const posterCookie = name === 'ours' ? await signIn(second.url, `s${runId}-poster`) : null;
    stopPoster = startPoster(name, second.url, room, posterCookie);

    const entered = await pool.connect({
      group: name,
      kind: name === 'ours' ? 'app' : 'sio',
      url: first.url,
      room,
      reconnect: true,
      concurrency: 24,
      ...(name === 'ours' ? { logins } : { count: fans }),
    });
    console.log(
      `  ${name}: ${entered.connected}/${fans} in the room in ${fmt(entered.ms / 1000, 1)} s` +
        (entered.failed ? ` (${entered.failed} failed: ${entered.firstError})` : ''),
    );
    if (entered.connected < fans) throw new Error(`${name}: only ${entered.connected} entered`);
    await sleep(3000); // the room is busy for a while before the drop

    const killedAt = monoMs();
    const killed = first.proc;
    await new Promise<void>((resolve) => {
      killed.child.once('exit', () => resolve());
      killed.child.kill('SIGKILL');
    });
    await sleep(Number(args['down-ms']));
    const port = Number(new URL(first.url).port);
    const restarted = await start(port);
    instances[0] = restarted;
    const restartMs = monoMs() - killedAt;
    console.log(`  ${name}: killed, started again in ${fmt(restartMs / 1000, 1)} s`);

    const deadline = monoMs() + Number(args.timeout) * 1000;
    let status = await pool.storm(name, killedAt);
    let reportedAt = monoMs();
    while (status.back < fans && monoMs() < deadline) {
      await sleep(500);
      status = await pool.storm(name, killedAt);
      if (monoMs() - reportedAt >= 10_000) {
        reportedAt = monoMs();
        console.log(`    ${progress(status)}, load average ${fmt(machine().load1, 2)}`);
      }
    }
    console.log(`  ${name}: ${progress(status)}, the last after ${fmt(status.last / 1000, 2)} s`);
    return {
      target: name,
      fans,
      enterSeconds: entered.ms / 1000,
      allBackSeconds: status.back === fans ? status.last / 1000 : Number.NaN,
      restartSeconds: restartMs / 1000,
      p50Seconds: status.hist.percentile(50) / 1000,
      p99Seconds: status.hist.percentile(99) / 1000,
      back: status.back,
      caughtUp: status.caughtUp,
      rejoinErrors: status.rejoinErrors,
      firstError: status.rejoinError,
    };
  } finally {
    stopPoster();
    await pool.close(name).catch(() => {});
    for (const instance of instances) await instance.stop();
    await redis.stop();
  }
}

const conditions = machine();
console.log(
  `reconnect storm: ${fans} fans, ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`,
);
const pool = await LoadPool.start(Number(args.workers));
const rows: Row[] = [];
try {
  for (const name of args.targets.split(',') as TargetName[]) rows.push(await measure(name, pool));
} finally {
  await pool.stop();
}
const sio = rows.find((r) => r.target === 'sio');
const output = table(
  [
    'server',
    'fans',
    'entered s',
    'restarted after s',
    'all back s (from the kill)',
    'all back s (from the restart)',
    'p50 s',
    'p99 s',
    'back',
    'messages caught up',
    'ours ÷ sio (all back, from the restart)',
  ],
  rows.map((r) => [
    r.target,
    r.fans,
    fmt(r.enterSeconds, 1),
    fmt(r.restartSeconds, 1),
    fmt(r.allBackSeconds, 2),
    fmt(r.allBackSeconds - r.restartSeconds, 2),
    fmt(r.p50Seconds, 2),
    fmt(r.p99Seconds, 2),
    r.back,
    r.caughtUp,
    r.target === 'ours' && sio
      ? ratio(r.allBackSeconds - r.restartSeconds, sio.allBackSeconds - sio.restartSeconds)
      : '',
  ]),
);
console.log(`\n${output}`);
const finished = machine();
console.log(`load average at the end ${fmt(finished.load1, 2)} (1 min), ${fmt(finished.load5, 2)} (5 min)`);
console.log(`saved ${await saveResult('reconnect-storm', { machine: conditions, finished, args, rows })}`);
process.exit(0);
