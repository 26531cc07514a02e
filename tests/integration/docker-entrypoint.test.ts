/**
 * The image's entrypoint (deploy/docker-entrypoint.sh), run with /bin/sh as the image runs it: a
 * session secret when SESSION_SECRET is unset, made once and kept in SESSION_SECRET_FILE, the same
 * one for every instance that starts at once on the volume, and a clear line when it cannot.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ENTRYPOINT = fileURLToPath(new URL('../../deploy/docker-entrypoint.sh', import.meta.url));

interface Run {
  code: number;
  /** What the command saw as SESSION_SECRET ('<unset>' when it was not set). */
  secret: string;
  stderr: string;
}

/** The entrypoint running a command that prints the SESSION_SECRET it was given. */
function run(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      [ENTRYPOINT, '/bin/sh', '-c', 'printf %s "${SESSION_SECRET-<unset>}"'],
      { env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, secret: stdout, stderr }),
    );
  });
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tt-entrypoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('docker-entrypoint.sh', () => {
  it('passes a SESSION_SECRET that is set through untouched and writes nothing', async () => {
    const file = join(dir, 'session-secret');
    const result = await run({ SESSION_SECRET: 'from-the-env-file-0123456789', SESSION_SECRET_FILE: file });
    expect(result).toEqual({ code: 0, secret: 'from-the-env-file-0123456789', stderr: '' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes a random secret on the first start, readable by its owner only, and reuses it', async () => {
    const file = join(dir, 'session-secret');
    // An empty SESSION_SECRET (a blank line in .env) counts as unset.
    const first = await run({ SESSION_SECRET: '', SESSION_SECRET_FILE: file });
    expect(first.code).toBe(0);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8')).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await run({ SESSION_SECRET_FILE: file });
    expect(second.secret).toBe(first.secret);
    expect(readdirSync(dir)).toEqual(['session-secret']);

    const elsewhere = await run({ SESSION_SECRET_FILE: join(dir, 'another') });
    expect(elsewhere.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(elsewhere.secret).not.toBe(first.secret);
  });

  it('gives instances starting together on one volume one secret', async () => {
    const file = join(dir, 'session-secret');
    const runs = await Promise.all(Array.from({ length: 8 }, () => run({ SESSION_SECRET_FILE: file })));
    expect(runs.map((result) => result.code)).toEqual(Array(8).fill(0));
    expect(new Set(runs.map((result) => result.secret)).size).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(runs[0]!.secret);
    // No half-written or temporary file is left behind.
    expect(readdirSync(dir)).toEqual(['session-secret']);
  });

  it('reads a secret it did not make (a Docker secret), trailing newline and all', async () => {
    const file = join(dir, 'docker-secret');
    writeFileSync(file, 'kept-in-a-docker-secret-0123456789\n');
    expect((await run({ SESSION_SECRET_FILE: file })).secret).toBe('kept-in-a-docker-secret-0123456789');
  });

  it('stops with one clear line when the secret cannot be kept or read', async () => {
    const missingDir = await run({ SESSION_SECRET_FILE: join(dir, 'no-such-dir', 'session-secret') });
    expect(missingDir.code).toBe(1);
    expect(missingDir.stderr).toMatch(
      /^entrypoint: cannot write a session secret in .*no-such-dir: make it writable/,
    );
    expect(missingDir.secret).toBe('');

    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    const result = await run({ SESSION_SECRET_FILE: empty });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`entrypoint: ${empty} is empty or unreadable: delete it`);
  });

  it('does nothing without SESSION_SECRET_FILE (outside the image)', async () => {
    expect(await run({})).toEqual({ code: 0, secret: '<unset>', stderr: '' });
  });
});
