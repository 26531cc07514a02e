import type { Config } from '../config';
import { metricsPlacement } from './endpoint';
import { PrometheusMetrics } from './prometheus';

export { createMetricsServer, listenMetrics, metricsPlacement, METRICS_PATH, serveMetrics } from './endpoint';
export { noMetrics, type AckedEvent, type AckTimer, type Metrics, type RedisErrorSource } from './metrics';
export { PrometheusMetrics } from './prometheus';

/**
 * The Prometheus metrics when the operator asked for them (METRICS_PORT or METRICS_TOKEN), else
 * null: the app then reports to `noMetrics` and serves no /metrics.
 */
export function createMetrics(
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>,
): PrometheusMetrics | null {
  return metricsPlacement(config) === 'off' ? null : new PrometheusMetrics();
}
