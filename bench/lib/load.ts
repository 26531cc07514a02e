/**
 * A pool of load-generator processes on the load core, and the harness's side of their protocol
 * (bench/lib/load-worker.ts): connections are spread round-robin; the sender is the first client of
 * the first worker; histograms from every worker are merged.
 */
import { join } from 'node:path';
import { Histogram, monoMs } from './histogram';
import { cpuMs, LOAD_CPU, ROOT, sleep, startNode, type NodeProcess } from './processes';

export interface GroupSpec {
  group: string;
  kind: 'app' | 'sio' | 'ws';
  /** One URL, or one per worker (clients of worker i connect to urls[i % urls.length]). */
  url: string | string[];
  room: string;
  /** Logins to sign in (app), else `count` anonymous clients. */
  logins?: string[];
  count?: number;
  watch?: string;
  /** A game each client (ours) opens the Gamecast of once connected (`gamecast:watch`). */
  gamecast?: string;
  /** Connections opened at once per worker. */
  concurrency?: number;
  /** Clients reconnect by themselves (the app client's backoff), rejoin and catch up (reconnect storm). */
  reconnect?: boolean;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  firstError: string | null;
  ms: number;
  signInMs: number;
}

export class LoadPool {
  private constructor(readonly workers: NodeProcess[]) {}

  static async start(size: number): Promise<LoadPool> {
    const workers = Array.from({ length: size }, (_, i) =>
      startNode({ name: `load-${i}`, script: join(ROOT, 'bench/lib/load-worker.ts'), cpu: LOAD_CPU }),
    );
    // A worker is ready once it answers.
    await Promise.all(workers.map((worker) => worker.request({ cmd: 'cpu', group: '' }, 60_000)));
    return new LoadPool(workers);
  }

  /** Opens a group's connections across the workers; `senderUrl` puts worker 0's clients elsewhere. */
  async connect(
    spec: GroupSpec,
    options: { senderUrl?: string; onlyFirst?: boolean } = {},
  ): Promise<ConnectResult> {
    if (options.onlyFirst) return new LoadPool([this.workers[0]!]).connect(spec);
    const size = this.workers.length;
    const total = spec.logins?.length ?? spec.count ?? 0;
    const share = (i: number) => {
      const indexes = Array.from({ length: total }, (_, n) => n).filter((n) => n % size === i);
      return spec.logins ? { logins: indexes.map((n) => spec.logins![n]!) } : { count: indexes.length };
    };
    const urls = Array.isArray(spec.url) ? spec.url : [spec.url];
    const results = await Promise.all(
      this.workers.map((worker, i) =>
        worker.request<ConnectResult>({
          cmd: 'connect',
          group: spec.group,
          kind: spec.kind,
          room: spec.room,
          url: i === 0 && options.senderUrl ? options.senderUrl : urls[i % urls.length],
          watch: spec.watch,
          gamecast: spec.gamecast,
          reconnect: spec.reconnect ?? false,
          concurrency: spec.concurrency ?? 16,
          ...share(i),
        }),
      ),
    );
    return {
      connected: results.reduce((sum, r) => sum + r.connected, 0),
      failed: results.reduce((sum, r) => sum + r.failed, 0),
      firstError: results.find((r) => r.firstError)?.firstError ?? null,
      ms: Math.max(...results.map((r) => r.ms)),
      signInMs: results.reduce((sum, r) => sum + r.signInMs, 0),
    };
  }

  /** Signs the logins in ahead of connecting, spread as connect() will spread them. */
  async signIn(url: string, logins: string[]): Promise<void> {
    const size = this.workers.length;
    await Promise.all(
      this.workers.map((worker, i) =>
        worker.request({ cmd: 'signin', group: '', url, logins: logins.filter((_, n) => n % size === i) }),
      ),
    );
  }

  /** CPU ms all load processes have used so far. */
  cpuMs(): number {
    return this.workers.reduce((sum, worker) => sum + cpuMs(worker.pid), 0);
  }

  async arm(group: string, from: number, to: number): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.request({ cmd: 'arm', group, from, to })));
  }

  async collect(group: string): Promise<{ hist: Histogram; deliveries: number; other: number }> {
    const answers = await Promise.all(
      this.workers.map((worker) =>
        worker.request<{ hist: Array<[number, number]>; deliveries: number; other: number }>({
          cmd: 'collect',
          group,
        }),
      ),
    );
    const hist = new Histogram();
    for (const answer of answers) hist.merge(Histogram.fromSparse(answer.hist));
    return {
      hist,
      deliveries: answers.reduce((sum, a) => sum + a.deliveries, 0),
      other: answers.reduce((sum, a) => sum + a.other, 0),
    };
  }

  /** Arrival of the watched push at every client, relative to `since`. */
  async pushes(group: string, since: number) {
    const answers = await Promise.all(
      this.workers.map((worker) =>
        worker.request<{
          hist: Array<[number, number]>;
          missing: number;
          max: number;
          min: number;
          clients: number;
        }>({
          cmd: 'pushes',
          group,
          since,
        }),
      ),
    );
    const hist = new Histogram();
    for (const answer of answers) hist.merge(Histogram.fromSparse(answer.hist));
    return {
      hist,
      missing: answers.reduce((sum, a) => sum + a.missing, 0),
      max: Math.max(...answers.map((a) => a.max)),
      /** The first client to have it: about when the server broadcast. */
      min: Math.min(...answers.map((a) => a.min)),
      clients: answers.reduce((sum, a) => sum + a.clients, 0),
    };
  }

  /** Of a reconnecting group: how many clients are back and caught up since a drop at `since`. */
  async storm(group: string, since: number) {
    const answers = await Promise.all(
      this.workers.map((worker) =>
        worker.request<{
          back: number;
          clients: number;
          connected: number;
          last: number;
          caughtUp: number;
          hist: Array<[number, number]>;
          rejoinErrors: number;
          rejoinError: string | null;
          stopped: number;
          connectErrors: number;
          connectError: string | null;
        }>({ cmd: 'storm', group, since }),
      ),
    );
    const hist = new Histogram();
    for (const answer of answers) hist.merge(Histogram.fromSparse(answer.hist));
    return {
      back: answers.reduce((sum, a) => sum + a.back, 0),
      clients: answers.reduce((sum, a) => sum + a.clients, 0),
      connected: answers.reduce((sum, a) => sum + a.connected, 0),
      last: Math.max(...answers.map((a) => a.last)),
      caughtUp: answers.reduce((sum, a) => sum + a.caughtUp, 0),
      hist,
      rejoinErrors: answers.reduce((sum, a) => sum + a.rejoinErrors, 0),
      rejoinError: answers.find((a) => a.rejoinError)?.rejoinError ?? null,
      stopped: answers.reduce((sum, a) => sum + a.stopped, 0),
      connectErrors: answers.reduce((sum, a) => sum + a.connectErrors, 0),
      connectError: answers.find((a) => a.connectError)?.connectError ?? null,
    };
  }

  async close(group: string): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.request({ cmd: 'close', group })));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}

export interface ScheduleResult {
  sent: number;
  acked: number;
  refused: number;
  firstError: string | null;
  /** Deliveries of messages planned inside the measured window. */
  deliveries: number;
  expected: number;
  hist: Histogram;
  /** Server-side CPU ms (every process passed in) during the measured window. */
  serverCpuMs: number;
  cpuPartsMs: Record<string, number>;
  /** Load-generator CPU as a fraction of one core during the window. */
  loadCpu: number;
  measureMs: number;
}

/**
 * One open-loop run: `rate` messages/s from the group's sender, `warmupMs` not measured, then
 * `measureMs` measured, then `drainMs` for late deliveries.
 */
export async function runSchedule(
  pool: LoadPool,
  options: {
    group: string;
    /** The group whose first client sends (default: `group`); it must be on the first worker. */
    senderGroup?: string;
    rate: number;
    receivers: number;
    size: number;
    warmupMs: number;
    measureMs: number;
    drainMs: number;
    serverCpu: () => Promise<number>;
    /** Parts of the server CPU reported on their own (e.g. redis-server), same window. */
    cpuParts?: Record<string, () => Promise<number>>;
  },
): Promise<ScheduleResult> {
  const parts = Object.entries(options.cpuParts ?? {});
  const readParts = () => Promise.all(parts.map(([, read]) => read()));
  const startAt = Math.round(monoMs() + 300);
  const from = startAt + options.warmupMs;
  const to = from + options.measureMs;
  await pool.arm(options.group, from, to);
  const sending = pool.workers[0]!.request<{
    sent: number;
    acked: number;
    refused: number;
    firstError: string | null;
  }>({
    cmd: 'send',
    group: options.senderGroup ?? options.group,
    rate: options.rate,
    startAt,
    endAt: to,
    size: options.size,
  });
  await sleep(Math.max(0, from - monoMs()));
  const cpuBefore = await options.serverCpu();
  const partsBefore = await readParts();
  const loadBefore = pool.cpuMs();
  await sleep(Math.max(0, to - monoMs()));
  const cpuAfter = await options.serverCpu();
  const partsAfter = await readParts();
  const loadAfter = pool.cpuMs();
  const sent = await sending;
  await sleep(options.drainMs);
  const collected = await pool.collect(options.group);
  const inWindow = Math.round((options.measureMs / 1000) * options.rate);
  return {
    ...sent,
    deliveries: collected.deliveries,
    expected: inWindow * options.receivers,
    hist: collected.hist,
    serverCpuMs: cpuAfter - cpuBefore,
    cpuPartsMs: Object.fromEntries(parts.map(([name], i) => [name, partsAfter[i]! - partsBefore[i]!])),
    loadCpu: (loadAfter - loadBefore) / options.measureMs,
    measureMs: options.measureMs,
  };
}
