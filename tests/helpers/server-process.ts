import { spawn } from 'node:child_process';
import { connect } from 'node:net';

/** A server from the machine's packages (nginx, caddy) run in the foreground by a test. */
export interface ServerProcess {
  /** What it printed so far (for a failing test's message). */
  output(): string;
  /** Ends it: SIGTERM (a fast shutdown: open websockets would hold a graceful one), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `binary` and waits until it listens on `port` on loopback; throws with its output when it
 * exits first or does not listen within `timeoutMs`. It is killed if the test process exits.
 */
export async function startServerProcess(
  name: string,
  binary: string,
  args: string[],
  options: { port: number; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(binary, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + options.timeoutMs;
  while (!(await portOpen(options.port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not listen on ${options.port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    output: () => output,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
