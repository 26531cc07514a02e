/**
 * The app for tests/e2e/upgrade.spec.ts, in a process of its own (Playwright's loader cannot load the
 * server's code). Told `{ deploy: folder }` over IPC, it does what a deploy does: stops the app, replaces the
 * build it serves (CLIENT_DIR) with that folder's (the old files gone), starts the app again on the
 * same port and the same in-memory store (the sessions outlive it, as they do in Redis), and answers
 * `{ deployed: folder }` once it listens.
 */
import { cpSync, rmSync } from 'node:fs';
import { createApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/logger';
import { MemoryStore } from '@server/storage/memory-store';

const clientDir = process.env.CLIENT_DIR!;
const config = loadConfig({
  PORT: process.env.PORT,
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL,
  LOG_LEVEL: 'warn',
  // Fixed, so the session cookie stays valid across the restart.
  SESSION_SECRET: 'upgrade-spec-session-secret-0123456789',
  NEWS_FEEDS: '',
  ESPN_BASE_URL: process.env.ESPN_BASE_URL,
});
const logger = createLogger(config.LOG_LEVEL);
const store = new MemoryStore();
let app: App | null = null;

async function deploy(build: string) {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
  cpSync(build, clientDir, { recursive: true });
  app = createApp({ config, logger, store, clientDir });
  await new Promise<void>((resolve) => app!.httpServer.listen(config.PORT, config.HOST, resolve));
}

process.on('message', (message: { deploy: string }) => {
  void deploy(message.deploy).then(() => process.send!({ deployed: message.deploy }));
});
process.on('disconnect', () => {
  void (app?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
