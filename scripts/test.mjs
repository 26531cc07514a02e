#!/usr/bin/env node
// `npm test`: everything a user needs to trust the build, in order, stopping at the first failure:
// the lockfile check (every platform package listed), typecheck, lint (eslint + prettier), vitest
// (unit, component and integration tests against a real redis-server), the compiled server's start-up,
// and Playwright end-to-end tests in Debian's Chromium.
// System packages it needs (redis-server and redis-cli, chromium, coturn, nginx, caddy) are installed with
// apt-get when missing and running as root; otherwise it says what to install. No other network access.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { runNode, runTool } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

function ensureSystemPackages() {
  const missing = [];
  if (!onPath('redis-server')) missing.push('redis-server');
  // redis-cli (Debian's redis-tools, which redis-server pulls in) joins the Redis Cluster test's nodes.
  if (!onPath('redis-cli')) missing.push('redis-tools');
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  // coturn: the TURN server that carries voice media on loopback in the e2e tests.
  if (!onPath('turnserver')) missing.push('coturn');
  // nginx: the scale-out test runs the repo's deploy/nginx config in front of two instances.
  if (!onPath('nginx') && !existsSync('/usr/sbin/nginx')) missing.push('nginx');
  // caddy: the HTTPS test runs the repo's deploy/Caddyfile (TLS from Caddy's own CA) in front of the app.
  if (!onPath('caddy') && !existsSync('/usr/bin/caddy')) missing.push('caddy');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `test: missing ${missing.join(' and ')}: install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`test: installing ${missing.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`test: apt-get ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`})`);
      process.exit(1);
    }
  }
}

const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
};

ensureSystemPackages();

const reports = mkdtempSync(join(tmpdir(), 'tt-test-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const tests = { passed: 0, failed: 0, skipped: 0 };

const steps = [
  {
    name: 'lockfile (every platform package listed)',
    // The check's own tests, then the check on this repository's lockfile.
    node: [
      ['--test', '--test-reporter=dot', 'scripts/check-lockfile.test.mjs'],
      ['scripts/check-lockfile.mjs'],
    ],
  },
  // Every project (client, server, shared, tools) through the solution tsconfig.json.
  { name: 'typecheck', tool: 'tsc', args: ['-b'] },
  { name: 'lint (eslint)', tool: 'eslint', args: ['.'] },
  { name: 'format (prettier)', tool: 'prettier', args: ['--check', '.', '--log-level', 'warn'] },
  {
    name: 'unit + integration (vitest)',
    tool: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    count() {
      const report = readJson(vitestReport);
      if (!report) return;
      tests.passed += report.numPassedTests ?? 0;
      tests.failed += report.numFailedTests ?? 0;
      tests.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    },
  },
  {
    // What the Docker image runs: the server compiled by esbuild, started with NODE_ENV=production.
    name: 'compiled server (build + start-up)',
    node: [['scripts/build-server.mjs'], ['scripts/smoke-server.mjs']],
  },
  {
    name: 'end-to-end (playwright)',
    tool: 'playwright',
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    count() {
      const stats = readJson(playwrightReport)?.stats;
      if (!stats) return;
      tests.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      tests.failed += stats.unexpected ?? 0;
      tests.skipped += stats.skipped ?? 0;
    },
  },
];

const results = [];
let failed = null;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const env = { ...process.env, ...step.env };
  let code = 0;
  if (step.tool) code = await runTool(step.tool, step.args, { env });
  for (const args of step.node ?? []) if (code === 0) code = await runNode(args, { env });
  step.count?.();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name: step.name, ok: code === 0, seconds });
  if (code !== 0) {
    failed = step.name;
    break;
  }
}
rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds} s)`);
for (const step of steps.slice(results.length)) console.log(`  - ${step.name} (not run)`);
const stepsPassed = results.filter((r) => r.ok).length;
console.log(
  `steps: ${stepsPassed} passed, ${results.length - stepsPassed} failed, ${steps.length - results.length} not run`,
);
console.log(
  `tests: ${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}`,
);
if (failed) {
  console.error(`npm test: FAILED at ${failed}`);
  process.exit(1);
}
console.log('npm test: all passed');
