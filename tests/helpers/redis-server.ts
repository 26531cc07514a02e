import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real redis-server for tests: its own free loopback port and its own temp directory, so it never
 * touches the machine's Redis on 127.0.0.1:6379 nor anyone else's data.
 */
export interface RedisServerOptions {
  /** Append-only persistence (survives restart()). Default false: nothing is kept on disk. */
  appendOnly?: boolean;
  /** A redis.conf to start from (e.g. the repo's). Port, bind, dir and daemonize are overridden. */
  configFile?: string;
  /** A fixed port; default a free one. Never 6379. */
  port?: number;
  /** Extra command-line options, e.g. ['--maxmemory', '64mb']. */
  args?: string[];
  /** redis-server binary; default `redis-server` from PATH. */
  binary?: string;
  /** How long to wait for the server to answer PING. */
  startTimeoutMs?: number;
}

export interface RedisServer {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The server's own temp directory (AOF files live here). */
  dir: string;
  /** Stops the server (SHUTDOWN semantics via SIGTERM, so the AOF is flushed) and removes its directory. */
  stop(): Promise<void>;
  /**
   * Stops and starts it again on the same port and directory: persisted data comes back.
   * `whileDown` runs between the stop and the start (an outage of the test's choosing).
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
}

const DEFAULT_START_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;
const FORBIDDEN_PORT = 6379;

/** Children still running, killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** A port the OS says is free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Sends PING over a raw socket; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/**
 * redis-server applies `dir` (and opens `logfile`) while reading the file, before command-line
 * options override them, so a production config (dir /data) would fail here. The copy leaves out
 * the settings that name paths of the host; the helper sets its own.
 */
function copyConfig(configFile: string, dir: string): string {
  const hostPaths = /^\s*(dir|logfile|pidfile|unixsocket|include)\b/i;
  const text = readFileSync(configFile, 'utf8')
    .split('\n')
    .filter((line) => !hostPaths.test(line))
    .join('\n');
  const copy = join(dir, 'redis.conf');
  writeFileSync(copy, text);
  return copy;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts redis-server and resolves once it answers PING. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  installExitHook();
  const dir = mkdtempSync(join(tmpdir(), 'tt-redis-'));
  const fixedPort = options.port;
  if (fixedPort === FORBIDDEN_PORT) throw new Error('refusing to start a test redis-server on 6379');
  let port = fixedPort ?? (await freePort());
  let child: ChildProcess | null = null;

  const configCopy = options.configFile ? copyConfig(options.configFile, dir) : null;

  const args = () => [
    ...(configCopy ? [configCopy] : []),
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--protected-mode',
    'no',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--logfile',
    '',
    '--save',
    '',
    // A config file decides persistence itself unless the caller says otherwise.
    ...(options.configFile && options.appendOnly === undefined
      ? []
      : ['--appendonly', options.appendOnly ? 'yes' : 'no']),
    ...(options.appendOnly ? ['--appendfsync', 'always'] : []),
    ...(options.args ?? []),
  ];

  async function launch(mayMovePort: boolean): Promise<void> {
    const timeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    // A free port can be taken between the check and the bind; try a few fresh ones.
    for (let attempt = 0; ; attempt++) {
      let output = '';
      const proc = spawn(options.binary ?? 'redis-server', args(), {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.add(proc);
      proc.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
      proc.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
      let exited = false;
      let spawnError: Error | null = null;
      proc.once('error', (error) => (spawnError = error));
      proc.once('exit', () => {
        exited = true;
        running.delete(proc);
      });

      const deadline = Date.now() + timeoutMs;
      while (!exited && !spawnError && Date.now() < deadline) {
        if (await ping(port)) {
          child = proc;
          return;
        }
        await sleep(50);
      }
      if (spawnError) {
        throw new Error(
          `could not run redis-server (${(spawnError as Error).message}); install it: apt-get install redis-server`,
        );
      }
      if (!exited) {
        proc.kill('SIGKILL');
        throw new Error(
          `redis-server did not answer PING on port ${port} within ${timeoutMs} ms:\n${output}`,
        );
      }
      const portTaken = /Address already in use/i.test(output);
      if (portTaken && mayMovePort && attempt < 5) {
        port = await freePort();
        continue;
      }
      throw new Error(`redis-server exited during start-up on port ${port}:\n${output}`);
    }
  }

  async function halt(): Promise<void> {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM'); // redis-server treats SIGTERM as SHUTDOWN: the AOF is flushed
    const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  await launch(fixedPort === undefined);

  const server: RedisServer = {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    dir,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart(whileDown) {
      await halt();
      try {
        await whileDown?.();
      } finally {
        // Same port: clients reconnect to the address they know.
        await launch(false);
      }
    },
  };
  return server;
}
