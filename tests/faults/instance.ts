/**
 * One app instance in a child process, so a test can kill it for real (SIGKILL: no disconnect
 * packets, no session saved for recovery, nothing flushed), as a crashed or OOM-killed server dies.
 * Run as a script it starts the app from FAULT_APP (JSON FaultAppOptions) and prints 'ready PORT'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFaultApp, type FaultAppOptions } from './app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

export interface ChildInstance {
  port: number;
  pid: number;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
}

const children = new Set<ChildProcess>();
let exitHook = false;

export async function startChildInstance(options: FaultAppOptions): Promise<ChildInstance> {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));
  }
  const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
    cwd: ROOT,
    env: { ...process.env, FAULT_APP: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start in 20 s:\n${output}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}) during start-up:\n${output}`));
    });
  });
  return {
    port,
    pid: child.pid!,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const server = await startFaultApp(JSON.parse(process.env.FAULT_APP ?? '{}') as FaultAppOptions);
  process.stdout.write(`ready ${server.port}\n`);
}
