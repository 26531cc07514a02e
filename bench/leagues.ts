/**
 * Leagues with friends: many drafts at once on one instance. `--leagues` leagues (100) of ten people
 * each (twenty logins, each in fifty leagues, ten sockets apiece so every socket watches five draft
 * rooms), all started together; whoever is on the clock picks the moment league:changed says so.
 * Measured: from each `league:pick` sent to the last of the league's ten member sockets holding that
 * pick (p50/p99/max), and the CPU the app and its Redis used per pick over the whole run. Then the
 * draft clocks' own cost with many drafts running and none due: the CPU the app and Redis use a
 * second while idle, before and after `--parked` deadlines (10,000) an hour out are put where the
 * clock leader keeps them (as that many running drafts would). The machine is shared: the load
 * average before and after is printed with the figures. `--root DIR` runs the app of another
 * checkout (a before/after comparison with this same script).
 * `npm run bench:leagues -- --help` lists the options.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { io as connectSio, type Socket } from 'socket.io-client';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';
import type { League } from '@shared/schemas/leagues';
import { keys } from '@server/storage/keys';
import { Histogram, monoMs } from './lib/histogram';
import { cpuMs, LOAD_CPU, loadConditions, pin } from './lib/processes';
import { fmt, machine, saveResult, table } from './lib/report';
import { mapLimit, signIn } from './lib/sign-in';
import { startApp, startBenchRedis } from './lib/targets';

const { values: args } = parseArgs({
  options: {
    leagues: { type: 'string', default: '100' },
    parked: { type: 'string', default: '10000' },
    root: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npm run bench:leagues -- [--leagues 100] [--parked 10000] [--root DIR]');
  process.exit(0);
}

const LEAGUE_COUNT = Number(args.leagues);
const PARKED = Number(args.parked);
/** How long idle CPU is measured, each time: long enough for dozens of clock ticks. */
const IDLE_WINDOW_MS = 15_000;
const SEATS = 10;
const LEAGUES_PER_LOGIN = 50;
const WATCHES_PER_SOCKET = 5;
const LOGINS = Math.max(SEATS, Math.ceil((LEAGUE_COUNT * SEATS) / LEAGUES_PER_LOGIN));
const runId = Date.now().toString(36);
pin(process.pid, LOAD_CPU);

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const loadBefore = loadConditions();
const redis = await startBenchRedis();
const app = await startApp({
  redisUrl: redis.url,
  // Each login makes thousands of picks and joins fifty leagues: no budget in the way.
  env: { API_RATE_LIMIT: '100000000' },
  root: args.root,
});

try {
  const logins = Array.from({ length: LOGINS }, (_, index) => `drafter-${runId}-${index}`);
  const cookies = await mapLimit(logins, 8, (login) => signIn(app.url, login));
  const rest = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}/api/leagues${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as League;
  };

  // League L seats ten logins in turn, so each login sits in LEAGUES_PER_LOGIN leagues.
  const membersOf = (league: number) =>
    Array.from({ length: SEATS }, (_, seat) => ((league * SEATS + seat) % LOGINS) as number);
  const leagues: League[] = await mapLimit(
    Array.from({ length: LEAGUE_COUNT }, (_, index) => index),
    8,
    async (index) => {
      const [owner, ...others] = membersOf(index);
      const league = await rest(cookies[owner!]!, 'POST', '', { name: `Bench ${index}`, pickSeconds: 120 });
      for (const member of others) await rest(cookies[member]!, 'POST', `/invites/${league.inviteCode}/join`);
      return league;
    },
  );

  /** Per league and version: when the pick was sent, and how many member sockets hold it yet. */
  const sent = new Map<string, number>();
  const arrivals = new Map<string, number>();
  const latency = new Histogram();
  let picks = 0;
  let done = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));

  // Each login's leagues, watched WATCHES_PER_SOCKET to a socket.
  const sockets: BenchSocket[] = [];
  const taken = new Map<string, Set<string>>();

  /** The login on the clock (only its socket watching this league picks, once per version). */
  function loginOnTheClock(league: League): number | null {
    if (league.status !== 'drafting' || !league.clock) return null;
    return logins.indexOf(league.seats[league.clock.seat]!.login!);
  }

  function onChanged(this: BenchSocket, league: League, loginIndex: number) {
    const key = `${league.id} ${league.version}`;
    const count = (arrivals.get(key) ?? 0) + 1;
    arrivals.set(key, count);
    const at = sent.get(key);
    if (count === SEATS) {
      arrivals.delete(key);
      if (at !== undefined) {
        latency.record(monoMs() - at);
        sent.delete(key);
      }
      if (league.status === 'complete' && ++done === LEAGUE_COUNT) finish();
    }
    if (loginOnTheClock(league) !== loginIndex) return;
    const chosen = taken.get(league.id)!;
    for (const pick of league.picks) chosen.add(pick.companyId);
    const company = CATALOGUE_COMPANIES.find((candidate) => !chosen.has(candidate.link))!.link;
    chosen.add(company);
    sent.set(`${league.id} ${league.version + 1}`, monoMs());
    picks++;
    this.emit('league:pick', { leagueId: league.id, companyId: company }, (answer) => {
      if (!answer.ok) console.error(`pick refused: ${answer.error.code}`);
    });
  }

  for (let loginIndex = 0; loginIndex < LOGINS; loginIndex++) {
    const mine = leagues.filter((_, index) => membersOf(index).includes(loginIndex));
    for (let from = 0; from < mine.length; from += WATCHES_PER_SOCKET) {
      const socket: BenchSocket = connectSio(app.url, {
        transports: ['websocket'],
        extraHeaders: { cookie: cookies[loginIndex]! },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
      socket.on('league:changed', function (this: BenchSocket, league) {
        onChanged.call(socket, league, loginIndex);
      });
      for (const league of mine.slice(from, from + WATCHES_PER_SOCKET)) {
        taken.set(league.id, new Set());
        const answer = await socket.emitWithAck('league:watch', { leagueId: league.id });
        if (!answer.ok) throw new Error(`watch refused: ${answer.error.code}`);
      }
    }
  }

  const cpuBefore = cpuMs(app.proc.pid) + (await redis.cpuMs());
  const startedAt = monoMs();
  await mapLimit(leagues, 16, (league) =>
    rest(cookies[membersOf(leagues.indexOf(league))[0]!]!, 'POST', `/${league.id}/start`),
  );
  await finished;
  const elapsedMs = monoMs() - startedAt;
  const cpuUsed = cpuMs(app.proc.pid) + (await redis.cpuMs()) - cpuBefore;
  for (const socket of sockets) socket.close();

  // The clocks with nothing due: idle as it is (every draft above is complete), then with PARKED
  // deadlines an hour out where the clock leader keeps them, both the list and the index (a checkout
  // from before the index reads only the list).
  const idleCpuPerSecond = async () => {
    const cpu = cpuMs(app.proc.pid) + (await redis.cpuMs());
    const from = monoMs();
    await sleep(IDLE_WINDOW_MS);
    return ((cpuMs(app.proc.pid) + (await redis.cpuMs()) - cpu) / (monoMs() - from)) * 1000;
  };
  const idleNone = await idleCpuPerSecond();
  const far = Date.now() + 3_600_000;
  for (let from = 0; from < PARKED; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, PARKED - from) }, (_, index) => ({
      id: `parked${runId}-${from + index}`.padEnd(16, '0').slice(-16),
      ms: far + from + index,
    }));
    await redis.client
      .multi()
      .hset(keys.leagueDeadlines(), ...batch.flatMap(({ id, ms }) => [id, String(ms)]))
      .zadd(keys.leagueDeadlineIndex(), ...batch.flatMap(({ id, ms }) => [ms, id]))
      .exec();
  }
  const idleParked = await idleCpuPerSecond();
  const loadAfter = loadConditions();

  const result = {
    machine: machine(),
    loadBefore,
    loadAfter,
    leagues: LEAGUE_COUNT,
    logins: LOGINS,
    sockets: sockets.length,
    picks,
    elapsedMs,
    picksPerSecond: (picks / elapsedMs) * 1000,
    cpuMsPerPick: cpuUsed / picks,
    pickToEveryMemberMs: {
      p50: latency.percentile(50),
      p99: latency.percentile(99),
      max: latency.max,
      samples: latency.total,
    },
    idleClocks: {
      parked: PARKED,
      cpuMsPerSecondNoneParked: idleNone,
      cpuMsPerSecondParked: idleParked,
      windowMs: IDLE_WINDOW_MS,
    },
    root: args.root ?? null,
  };
  console.log(
    table(
      [
        'leagues',
        'picks',
        'picks/s',
        'CPU ms/pick (app+Redis)',
        'p50 ms',
        'p99 ms',
        'max ms',
        'load 1 min before → after',
      ],
      [
        [
          LEAGUE_COUNT,
          picks,
          fmt(result.picksPerSecond),
          fmt(result.cpuMsPerPick, 2),
          fmt(result.pickToEveryMemberMs.p50),
          fmt(result.pickToEveryMemberMs.p99),
          fmt(result.pickToEveryMemberMs.max),
          `${fmt(loadBefore.load1, 2)} → ${fmt(loadAfter.load1, 2)} (${loadBefore.cpus} cores)`,
        ],
      ],
    ),
  );
  console.log(
    table(
      ['running drafts, none due', 'CPU ms/s (app+Redis) with none', `with ${PARKED}`, 'added ms/s'],
      [[PARKED, fmt(idleNone, 2), fmt(idleParked, 2), fmt(idleParked - idleNone, 2)]],
    ),
  );
  console.log(`saved ${await saveResult('leagues', result)}`);
} finally {
  await app.stop();
  await redis.stop();
}
