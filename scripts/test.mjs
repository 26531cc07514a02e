#!/usr/bin/env node
// `npm test`: everything a user needs to trust the build, in order, stopping at the first failure:
// the static checks (the lockfile check, typecheck, eslint and prettier, run at the same time: each is
// a single-threaded process, so two cores finish the four in about half the time; each one's output is
// printed whole when it ends, and when one fails the others still finish, so every static problem
// shows at once), then vitest (unit, component and integration tests against a real redis-server), the
// compiled server's start-up, and Playwright end-to-end tests in Debian's Chromium. When the built
// client is missing or stale (a fresh clone), it is built while vitest runs, at a lower priority, in
// the time vitest leaves a core idle, so the end-to-end harnesses find it built.
// System packages it needs (redis-server and redis-cli, chromium, coturn, nginx, caddy) are installed with
// apt-get when missing and running as root; otherwise it says what to install. No other network access.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT, clientBuildReason, runNode, runTool, spawnTool, toolPath } from './lib.mjs';

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

// Steps with the same `together` run at the same time (see the top of this file).
const steps = [
  {
    name: 'lockfile (every platform package listed)',
    together: 'static',
    // The check's own tests, then the check on this repository's lockfile.
    node: [
      ['--test', '--test-reporter=dot', 'scripts/check-lockfile.test.mjs'],
      ['scripts/check-lockfile.mjs'],
    ],
  },
  // Every project (client, server, shared, tools) through the solution tsconfig.json.
  { name: 'typecheck', together: 'static', tool: 'tsc', args: ['-b'] },
  { name: 'lint (eslint)', together: 'static', tool: 'eslint', args: ['.'] },
  {
    name: 'format (prettier)',
    together: 'static',
    tool: 'prettier',
    args: ['--check', '.', '--log-level', 'warn'],
  },
  {
    name: 'unit + integration (vitest)',
    tool: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    // Meanwhile, when dist/client is missing or stale, the client the end-to-end harnesses serve
    // (scripts/start.mjs would build it in the first harness, with the test run waiting). It runs
    // niced, so vitest's own work goes first; its output is printed when it ends.
    alongside: {
      name: 'client build (vite, for the end-to-end tests)',
      reason: clientBuildReason,
      tool: 'vite',
      args: ['build', '--logLevel', 'warn'],
      nice: 10,
    },
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

/** Runs a step with its output straight on this terminal; resolves with its exit code. */
async function runStep(step) {
  const env = { ...process.env, ...step.env };
  let code = 0;
  if (step.tool) code = await runTool(step.tool, step.args, { env });
  for (const args of step.node ?? []) if (code === 0) code = await runNode(args, { env });
  return code;
}

/**
 * Runs a step with its output (stdout and stderr, in the order written) kept until it ends; resolves
 * with its exit code and that output. Colours stay on when this terminal shows them.
 */
async function runStepCaptured(step) {
  const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
  const env = { ...process.env, ...colour, ...step.env };
  const chunks = [];
  const run = (child) =>
    new Promise((resolve) => {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.once('error', (error) => {
        chunks.push(Buffer.from(`${error.message}\n`));
        resolve(1);
      });
      child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  const options = { env, stdio: ['ignore', 'pipe', 'pipe'] };
  let code = 0;
  if (step.tool) {
    const args = step.tool === 'tsc' && colour.FORCE_COLOR ? [...step.args, '--pretty'] : step.args;
    code = await run(
      step.nice && onPath('nice')
        ? spawn('nice', ['-n', String(step.nice), process.execPath, toolPath(step.tool), ...args], {
            cwd: ROOT,
            ...options,
          })
        : spawnTool(step.tool, args, options),
    );
  }
  for (const args of step.node ?? [])
    if (code === 0) code = await run(spawn(process.execPath, args, { cwd: ROOT, ...options }));
  return { code, output: Buffer.concat(chunks).toString() };
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const results = [];
let failed = null;
const runStarted = Date.now();
for (let i = 0; i < steps.length && !failed;) {
  const batch = [steps[i]];
  while (steps[i].together && steps[i + batch.length]?.together === steps[i].together)
    batch.push(steps[i + batch.length]);
  i += batch.length;
  if (batch.length === 1) {
    const [step] = batch;
    const alongsideReason = step.alongside?.reason() ?? null;
    console.log(
      `\n▶ ${step.name}${alongsideReason ? `, and meanwhile ${step.alongside.name} (${alongsideReason})` : ''}`,
    );
    const started = Date.now();
    const alongside = alongsideReason ? runStepCaptured(step.alongside) : null;
    const code = await runStep(step);
    step.count?.();
    results.push({ step, ok: code === 0, seconds: seconds(started) });
    if (code !== 0) failed = step.name;
    if (alongside) {
      const { code: alongsideCode, output } = await alongside;
      const outcome = { step: step.alongside, ok: alongsideCode === 0, seconds: seconds(started) };
      console.log(`\n▶ ${step.alongside.name} ${outcome.ok ? 'passed' : 'FAILED'} (${outcome.seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      results.push(outcome);
      if (!outcome.ok) failed = failed ? `${failed}, ${step.alongside.name}` : step.alongside.name;
    }
    continue;
  }
  console.log(
    `\n▶ ${batch.map((step) => step.name).join(', ')}: at the same time, each one's output as it ends`,
  );
  const started = Date.now();
  const outcomes = await Promise.all(
    batch.map(async (step) => {
      const { code, output } = await runStepCaptured(step);
      const outcome = { step, ok: code === 0, seconds: seconds(started) };
      console.log(`\n▶ ${step.name} ${outcome.ok ? 'passed' : 'FAILED'} (${outcome.seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      step.count?.();
      return outcome;
    }),
  );
  results.push(...outcomes);
  const failures = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.step.name);
  if (failures.length > 0) failed = failures.join(', ');
}
rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
for (const result of results)
  console.log(
    `  ${result.ok ? '✓' : '✗'} ${result.step.name} (${result.seconds} s${result.step.together ? ', together' : ''})`,
  );
const notRun = steps.filter((step) => !results.some((result) => result.step === step));
for (const step of notRun) console.log(`  - ${step.name} (not run)`);
const stepsPassed = results.filter((r) => r.ok).length;
console.log(`steps: ${stepsPassed} passed, ${results.length - stepsPassed} failed, ${notRun.length} not run`);
console.log(
  `tests: ${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}`,
);
console.log(`time: ${seconds(runStarted)} s`);
if (failed) {
  console.error(`npm test: FAILED at ${failed}`);
  process.exit(1);
}
console.log('npm test: all passed');
