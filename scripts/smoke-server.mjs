#!/usr/bin/env node
// Starts the compiled server (dist/server/index.js, `npm run build:server`) the way the Docker image
// does: copied with the built client and package.json into a folder of its own with no node_modules
// (the image has none), then `node --enable-source-maps dist/server/index.js` with NODE_ENV=production, with this same
// node (run this script with another node binary to try that one), and checks what a self-hoster
// relies on: it starts, logs JSON lines, answers /healthz and /readyz, serves the built client and its
// web app manifest when dist/client exists, and stops cleanly (exit 0) on SIGTERM. Nothing leaves
// the machine: the feeds and the scoreboard point at a closed loopback port.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const ENTRY = join(ROOT, 'dist/server/index.js');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

function fail(message) {
  console.error(`server smoke: ${message}`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (!existsSync(ENTRY)) fail('dist/server/index.js is missing: run npm run build:server');

// What the image's runtime stage copies, and nothing else: a bundle that still needs a package from
// node_modules fails here rather than in a self-hoster's container.
const stage = mkdtempSync(join(tmpdir(), 'tt-smoke-'));
process.on('exit', () => rmSync(stage, { recursive: true, force: true }));
for (const path of ['package.json', 'dist/server', 'dist/client']) {
  if (existsSync(join(ROOT, path))) cpSync(join(ROOT, path), join(stage, path), { recursive: true });
}
const stagedEntry = join(stage, 'dist/server/index.js');

const port = await freePort();
const closed = 'http://127.0.0.1:9';
const started = Date.now();
const child = spawn(process.execPath, ['--enable-source-maps', stagedEntry], {
  cwd: stage,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'info',
    REDIS_URL: '',
    NEWS_FEEDS: `${closed}/feed`,
    ESPN_BASE_URL: closed,
    HN_SEARCH_URL: closed,
    FANTASY_OUTSIDE_SIGNALS: 'false',
  },
});

const lines = [];
let buffered = '';
let onLine = () => {};
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  buffered += chunk;
  let newline;
  while ((newline = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      fail(`a log line is not JSON (production logs must be): ${line}`);
    }
    if (typeof entry.level !== 'number') fail(`a log line has no numeric level: ${line}`);
    lines.push(entry);
    onLine(entry);
  }
});
let stopping = false;
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
child.once('exit', (code, signal) => {
  if (!stopping) fail(`the server exited during the check (${signal ?? `exit ${code}`})`);
});

await new Promise((resolve) => {
  const timer = setTimeout(
    () => fail(`no "listening" log line within ${START_TIMEOUT_MS} ms`),
    START_TIMEOUT_MS,
  );
  onLine = (entry) => {
    if (/listening/.test(entry.msg ?? '')) {
      clearTimeout(timer);
      resolve();
    }
  };
  for (const entry of lines) onLine(entry);
});
const startMs = Date.now() - started;

const base = `http://127.0.0.1:${port}`;
async function expectOk(path, check) {
  const response = await fetch(`${base}${path}`).catch((error) => fail(`GET ${path}: ${error.message}`));
  if (!response.ok) fail(`GET ${path} answered ${response.status}`);
  const body = await response.text();
  if (check && !check(body, response)) fail(`GET ${path} did not answer as expected: ${body.slice(0, 200)}`);
}
const checked = ['/healthz', '/readyz'];
await expectOk('/healthz');
await expectOk('/readyz');
if (existsSync(join(stage, 'dist/client/index.html'))) {
  await expectOk('/', (body) => body.includes('<div id="root">'));
  checked.push('/');
  if (existsSync(join(stage, 'dist/client/manifest.webmanifest'))) {
    await expectOk('/manifest.webmanifest', (body) => JSON.parse(body).name === 'Tech Touchdown');
    checked.push('/manifest.webmanifest');
  }
}

stopping = true;
child.kill('SIGTERM');
const timer = setTimeout(() => fail(`still running ${STOP_TIMEOUT_MS} ms after SIGTERM`), STOP_TIMEOUT_MS);
const { code, signal } = await exited;
clearTimeout(timer);
if (code !== 0) fail(`exited with ${signal ?? `code ${code}`} after SIGTERM (expected 0)`);
if (!lines.some((entry) => entry.msg === 'stopped')) fail('no "stopped" log line after SIGTERM');

console.log(
  `server smoke: node ${process.version}: dist/server/index.js, without node_modules, started in ${startMs} ms, answered ` +
    `${checked.join(', ')}, logged ${lines.length} JSON lines, stopped with exit 0 on SIGTERM`,
);
