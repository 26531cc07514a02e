// Small helpers shared by the npm scripts (start, dev, test). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** The JavaScript entry of each tool, run with this same `node` (no shell, no npx lookup). */
const BINS = {
  tsx: 'node_modules/tsx/dist/cli.mjs',
  vite: 'node_modules/vite/bin/vite.js',
  tsc: 'node_modules/typescript/bin/tsc',
  eslint: 'node_modules/eslint/bin/eslint.js',
  prettier: 'node_modules/prettier/bin/prettier.cjs',
  vitest: 'node_modules/vitest/vitest.mjs',
  playwright: 'node_modules/@playwright/test/cli.js',
};

/** Absolute path of a tool's entry script, or null when it is not installed. */
export function toolPath(name) {
  const path = join(ROOT, BINS[name]);
  return existsSync(path) ? path : null;
}

/** Spawns `node <tool> ...args` in the repo root with inherited stdio. */
export function spawnTool(name, args, options = {}) {
  const path = toolPath(name);
  if (!path) throw new Error(`${name} is not installed: run npm install`);
  return spawn(process.execPath, [path, ...args], { cwd: ROOT, stdio: 'inherit', ...options });
}

/** Runs a tool to completion; resolves with its exit code (signals count as failure). */
export function runTool(name, args, options = {}) {
  return waitForExit(name, spawnTool(name, args, options));
}

/** Runs `node ...args` (this same node, or `options.node`) to completion; resolves with its exit code. */
export function runNode(args, { node = process.execPath, ...options } = {}) {
  return waitForExit('node', spawn(node, args, { cwd: ROOT, stdio: 'inherit', ...options }));
}

function waitForExit(name, child) {
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Newest modification time (ms) of a file, or of any file below a folder; 0 when absent. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows up as a newer folder
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the built client must be (re)built, or null when dist/client is up to date. */
export function clientBuildReason() {
  const index = join(ROOT, 'dist/client/index.html');
  if (!existsSync(index)) return 'dist/client/index.html is missing';
  const built = statSync(index).mtimeMs;
  for (const source of ['client', 'shared', 'vite.config.ts', 'package.json']) {
    if (newestMtime(join(ROOT, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

/**
 * Forwards SIGINT/SIGTERM/SIGHUP to the children, then exits like the first child that exits:
 * its exit code, or 128 + signal number when it was killed by a signal. `onExit` hears about a child
 * that stopped on its own (not because this process was told to stop).
 */
export function superviseChildren(children, { onExit } = {}) {
  let signalled = false;
  const forward = (signal) => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      signalled = true;
      forward(signal);
    });
  }
  let exiting = false;
  for (const child of children) {
    child.once('exit', (code, signal) => {
      if (exiting) return;
      exiting = true;
      if (!signalled) onExit?.(child, code, signal);
      // The others stop too (dev: server and vite go down together).
      forward('SIGTERM');
      const status = code ?? 128 + (signal ? signalNumber(signal) : 1);
      const others = children.filter((c) => c !== child && c.exitCode === null && c.signalCode === null);
      if (others.length === 0) process.exit(status);
      let left = others.length;
      for (const other of others) other.once('exit', () => --left === 0 && process.exit(status));
      setTimeout(() => process.exit(status), 10_000).unref();
    });
  }
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
function signalNumber(signal) {
  return SIGNAL_NUMBERS[signal] ?? 1;
}

/**
 * Loads .env beside package.json into process.env when it exists (Node's own parser); variables
 * already set in the environment win. The children inherit the result.
 */
export function loadDotEnv() {
  const path = join(ROOT, '.env');
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
