/**
 * Composition root: reads the environment, builds the store and the app, listens, and shuts down
 * gracefully. Everything else is wired through createApp(deps) so tests can build the same app.
 */
import { createApp } from './app';
import { noSignInWarning } from './auth';
import { ConfigError, loadConfig, type Config } from './config';
import { missingIntegrationPackages } from './integrations';
import { createLogger } from './logger';
import { createMetrics, listenMetrics, noMetrics } from './metrics';
import { MemoryStore } from './storage/memory-store';
import { moveLegacyGameKeys } from './storage/legacy-keys';
import { createRedisClient, redisTooOld, waitForRedis, type RedisClient } from './storage/redis-clients';
import { RedisStore } from './storage/redis-store';
import type { Store } from './storage/store';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`config: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  // A configured integration whose optional package is not installed stops the start, like bad config.
  const missing = await missingIntegrationPackages(config);
  if (missing.length > 0) {
    for (const problem of missing) console.error(`config: ${problem}`);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = createMetrics(config);

  let store: Store;
  const redisConnections: RedisClient[] = [];
  if (config.redis) {
    const commands = createRedisClient(config.redis, logger, 'commands', metrics ?? noMetrics);
    const adapter = createRedisClient(config.redis, logger, 'socket-adapter', metrics ?? noMetrics);
    redisConnections.push(commands, adapter);
    await Promise.all(redisConnections.map((client) => waitForRedis(client)));
    const tooOld = await redisTooOld(commands);
    if (tooOld) {
      console.error(`config: ${tooOld}`);
      process.exit(1);
    }
    await moveLegacyGameKeys(commands, logger);
    store = new RedisStore(commands);
  } else {
    store = new MemoryStore();
    logger.warn('REDIS_URL is not set: state is kept in memory for this one instance');
  }

  const app = createApp({
    config,
    logger,
    store,
    adapterRedis: redisConnections[1],
    metrics,
    // Background work runs here; tests build the same app and drive it by hand.
    sportsPolling: true,
    newsIngest: true,
    fantasyPoints: true,
    leagues: { clockTicks: true },
  });
  await new Promise<void>((resolve) => app.httpServer.listen(config.PORT, config.HOST, resolve));
  if (app.metricsServer) {
    const { address, port } = await listenMetrics(app.metricsServer, config);
    logger.info({ metrics: `http://${address}:${port}/metrics` }, 'Prometheus metrics listening');
    if (!config.METRICS_TOKEN && !['127.0.0.1', '::1', 'localhost'].includes(config.METRICS_HOST)) {
      logger.warn(
        `METRICS_HOST=${config.METRICS_HOST} and METRICS_TOKEN is unset: anyone who can reach port ${port} reads the metrics. Set METRICS_TOKEN, or keep the port off the network (docs/deployment.md, Metrics).`,
      );
    }
  } else if (config.METRICS_TOKEN) {
    logger.info('Prometheus metrics at /metrics on the app port, behind METRICS_TOKEN');
  }
  logger.info(
    {
      url: config.PUBLIC_URL,
      store: store.kind,
      signIn: app.providers.signIn,
    },
    `Tech Touchdown listening on ${config.PUBLIC_URL}`,
  );
  const noSignIn = noSignInWarning(config);
  if (noSignIn) logger.warn(noSignIn);
  if (config.devSignInExposed) {
    logger.warn(
      `The development sign-in is on and HOST=${config.HOST}: anyone who can reach port ${config.PORT} can sign in as anyone, admins included. Configure GitHub OAuth, or unset HOST to listen on loopback only.`,
    );
  }

  // The app serves no TLS itself: an https PUBLIC_URL means a proxy in front that nobody named.
  if (config.secureCookies && config.TRUST_PROXY === undefined) {
    logger.warn(
      `PUBLIC_URL is https but TRUST_PROXY is unset: every client behind the proxy counts as the proxy's address for per-address limits (sign-in). Set TRUST_PROXY to the proxy's address or hop count (docs/deployment.md).`,
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
      await store.close();
      for (const client of redisConnections) await client.quit().catch(() => client.disconnect());
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
    }
    logger.info('stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
