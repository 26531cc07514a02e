/**
 * Process plumbing of the benchmarks: servers and load generators are separate Node processes, pinned
 * to a CPU with taskset (servers and Redis on one core, load on the other), measured from /proc.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = join(ROOT, 'bench/lib/probe.ts');
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The core the servers (and Redis) run on, and the one the load generators run on. */
export const SERVER_CPU = 0;
export const LOAD_CPU = cpus().length > 1 ? 1 : 0;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pins a process (every thread) to one CPU; a no-op where taskset is missing. */
export function pin(pid: number, cpu: number): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    // Without taskset the run is still valid, only noisier: the report prints the load conditions.
  }
}

/** CPU time (ms) a process has used so far, user + system, from /proc. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory (bytes) of a process, from /proc. */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface MemoryReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  gc: boolean;
}

export interface NodeProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The last lines it printed (for error messages). */
  output(): string;
  /** Memory after a full GC, from the probe preloaded into servers. */
  memory(): Promise<MemoryReport>;
  heapSnapshot(path: string): Promise<string>;
  /** Sends a request to a load worker and resolves with its answer. */
  request<T = unknown>(message: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

let nextId = 1;
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

export interface StartOptions {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  cpu: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Preload the memory probe (servers). */
  probe?: boolean;
  /** Print the child's output as it comes (debugging). */
  verbose?: boolean;
  /** Working directory (tsx reads tsconfig.json there); default the repo root. */
  cwd?: string;
}

/** Forks a TypeScript entry with tsx, pinned to a CPU, with an IPC channel. */
export function startNode(options: StartOptions): NodeProcess {
  const execArgv = [
    '--import',
    'tsx',
    ...(options.probe ? ['--expose-gc', '--import', PROBE] : []),
    ...(options.nodeArgs ?? []),
  ];
  const child = fork(options.script, options.args ?? [], {
    cwd: options.cwd ?? ROOT,
    execArgv,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let tail = '';
  const collect = (chunk: Buffer) => {
    if (options.verbose) process.stderr.write(`[${options.name}] ${chunk.toString()}`);
    tail = (tail + chunk.toString()).slice(-6000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  pin(child.pid!, options.cpu);

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; error?: string }) => {
    const waiter = message?.id !== undefined ? pending.get(message.id) : undefined;
    if (!waiter) return;
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(`${options.name}: ${message.error}`));
    else waiter.resolve(message);
  });
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`${options.name} exited (${code ?? signal}):\n${tail}`));
    pending.clear();
  });

  function request<T>(message: Record<string, unknown>, timeoutMs = 600_000): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${options.name}: no answer to ${JSON.stringify(message).slice(0, 80)}`));
      }, timeoutMs);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      child.send({ ...message, id });
    });
  }

  return {
    name: options.name,
    child,
    pid: child.pid!,
    output: () => tail,
    memory: () => request<MemoryReport>({ probe: 'memory' }, 60_000),
    heapSnapshot: (path) =>
      request<{ path: string }>({ probe: 'heap-snapshot', path }, 120_000).then((r) => r.path),
    request,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once GET url answers (any status), or throws with the process output. */
export async function waitForHttp(url: string, proc?: NodeProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`${url} did not answer in ${timeoutMs} ms\n${proc?.output() ?? ''}`);
      await sleep(100);
    }
  }
}

/** What else the machine was doing: the load average and CPU count, printed with every result. */
export function loadConditions() {
  const [one, five] = loadavg();
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', load1: one!, load5: five! };
}
