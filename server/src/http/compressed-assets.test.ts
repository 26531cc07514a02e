import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedAssets, preferredEncoding } from './compressed-assets';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('compressedAssets', () => {
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(500))};\n`;
  let dir: string;
  let server: Server;
  let base: string;
  // The handler's cache, handed in so the test can see what it keeps.
  const cache = new Map<string, Promise<Buffer | null>>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tt-assets-'));
    writeFileSync(join(dir, 'index-abc.js'), script);
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const app = express();
    app.use('/assets', compressedAssets(dir, cache), express.static(dir, { fallthrough: false }));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // fetch decompresses on its own: read the raw bytes through node:http's default (no decoding).
  async function raw(path: string, acceptEncoding?: string) {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${base}${path}`,
          { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('serves a script compressed with brotli or gzip, smaller and identical once decoded', async () => {
    const br = await raw('/index-abc.js', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await raw('/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('leaves other requests to the static server', async () => {
    const plain = await raw('/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const image = await raw('/logo.png', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect((await raw('/missing.js', 'br')).status).toBe(404);
    // Outside the folder: refused by express.static, never read here.
    expect((await raw('/..%2f..%2fetc%2fpasswd.js', 'br')).status).toBe(403);
  });

  it('keeps nothing for names that are not files, however many are asked for', async () => {
    await raw('/index-abc.js', 'br');
    const kept = [...cache.keys()];
    expect(kept).toContain(`br:${join(dir, 'index-abc.js')}`);
    // Anyone can make names up without signing in: 2,000 misses, 50 at a time, both encodings.
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => raw(`/made-up-${batch}-${i}.js`, i % 2 === 0 ? 'br' : 'gzip')),
      );
      expect(answers.every((answer) => answer.status === 404)).toBe(true);
    }
    expect([...cache.keys()]).toEqual(kept);
    // The real file is still served from what was kept.
    expect((await raw('/index-abc.js', 'br')).headers['content-encoding']).toBe('br');
  });
});
