import type { TestProject } from 'vitest/node';
import { startRedisServer } from './redis-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** redis://127.0.0.1:PORT of the run's own redis-server. */
    redisUrl: string;
  }
}

/**
 * Vitest globalSetup: one real redis-server on a free port for the whole run. Tests read its URL from
 * process.env.TEST_REDIS_URL (workers inherit the environment) or `inject('redisUrl')`.
 */
export default async function setup(project: TestProject) {
  const server = await startRedisServer({ appendOnly: false });
  process.env.TEST_REDIS_URL = server.url;
  project.provide('redisUrl', server.url);
  return async () => {
    await server.stop();
  };
}
