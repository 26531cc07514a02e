import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { PrometheusMetrics } from './prometheus';

export const METRICS_PATH = '/metrics';

type MetricsConfig = Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>;

/**
 * Where /metrics is served, one place at a time: on a port of its own (METRICS_PORT, on
 * METRICS_HOST, loopback unless the operator says otherwise), else on the app's port behind a bearer
 * token (METRICS_TOKEN alone), else nowhere: nothing is exposed that the operator did not ask for.
 */
export function metricsPlacement(config: MetricsConfig): 'own-port' | 'main-port' | 'off' {
  if (config.METRICS_PORT !== undefined) return 'own-port';
  return config.METRICS_TOKEN ? 'main-port' : 'off';
}

/** A request handler for /metrics: the exposition, or 401 without the token when one is set. */
export function serveMetrics(metrics: PrometheusMetrics, token: string | undefined, logger: Logger) {
  const expected = token === undefined ? null : digest(token);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader('cache-control', 'no-store');
    if (expected && !bearerMatches(req.headers.authorization, expected)) {
      res.writeHead(401, {
        'www-authenticate': 'Bearer realm="metrics"',
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end('Unauthorized\n');
      return;
    }
    let body: string;
    try {
      body = await metrics.exposition();
    } catch (error) {
      logger.error({ err: error }, 'metrics: collecting them failed');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
      return;
    }
    res.writeHead(200, { 'content-type': metrics.contentType });
    res.end(body);
  };
}

/** The server of METRICS_PORT: GET /metrics and nothing else. The composition root listens. */
export function createMetricsServer(handler: ReturnType<typeof serveMetrics>): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed\n');
      return;
    }
    void handler(req, res);
  });
}

/** Listens on METRICS_PORT at METRICS_HOST; rejects when the port cannot be had. */
export async function listenMetrics(server: Server, config: MetricsConfig): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `Authorization: Bearer <token>` carries the token, compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
