import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/**
 * How long a test or hook may take before it counts as hung. Several test files run at once (below), on
 * a machine that may be busy with other work: a real app, Redis, child processes and jsdom renders
 * then take a few times longer than on an idle machine, so the limits leave room (Vitest's own are
 * 5 s and 10 s). No test asserts how long anything took.
 */
const timeouts = { testTimeout: 15_000, hookTimeout: 30_000 };

export default defineConfig({
  resolve: { alias },
  test: {
    // A real redis-server on a free port for the whole run (tests/helpers/redis-global-setup.ts).
    globalSetup: ['tests/helpers/redis-global-setup.ts'],
    // One test file per core at a time. Vitest's default keeps a core for its own process, which on a
    // two-core machine means one file after another, with a core idle while the integration tests wait
    // on sockets, Redis and child processes. More files than cores only slows every test down.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'tests/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          ...timeouts,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/client-setup.ts'],
          ...timeouts,
        },
      },
    ],
  },
});
