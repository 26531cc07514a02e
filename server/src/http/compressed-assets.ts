import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads before the app runs; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);

type Encoding = 'br' | 'gzip';

/** Brotli when the browser takes it, else gzip, else none (Accept-Encoding q=0 counts as refused). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Compressed files by `encoding:path`; only files of the build are kept in it. */
export type CompressedCache = Map<string, Promise<Buffer | null>>;

/**
 * Serves the built client's hashed assets compressed (brotli or gzip), as a CDN or a proxy would:
 * the app is often the only server in front of the browser. Each file is compressed once, off the
 * event loop, and kept (the hashed assets never change while the server runs). Anything it does not
 * handle falls through to express.static. `cache` is handed in by tests that look at what is kept.
 */
export function compressedAssets(dir: string, cache: CompressedCache = new Map()): RequestHandler {
  function compressed(file: string, encoding: Encoding): Promise<Buffer | null> {
    const key = `${encoding}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(file).then(
        (content) =>
          encoding === 'br'
            ? brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              })
            : gzipAsync(content, { level: 9 }),
        () => {
          // Missing: express.static answers 404. The name is not kept: anyone can make names up,
          // and a cache of them would grow without end.
          cache.delete(key);
          return null;
        },
      );
      cache.set(key, entry);
    }
    return entry;
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const extension = extname(req.path);
    const encoding = preferredEncoding(req.get('accept-encoding'));
    if (!COMPRESSIBLE.has(extension) || !encoding) return next();
    let file: string;
    try {
      file = normalize(join(dir, decodeURIComponent(req.path)));
    } catch {
      return next(); // a malformed escape: express.static answers it
    }
    if (!file.startsWith(dir + sep)) return next();
    compressed(file, encoding).then((body) => {
      if (!body) return next();
      res.type(extension);
      res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', body.length);
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.status(200).end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}
