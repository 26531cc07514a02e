#!/usr/bin/env node
// `npm start`: build the client when dist/client is missing or stale, then run the server in the
// foreground (signals forwarded, its exit code returned). NODE_ENV is left as the caller set it.
// Logs are readable lines in a terminal and JSON lines when piped (server/src/logger.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  clientBuildReason,
  loadDotEnv,
  runTool,
  spawnTool,
  superviseChildren,
  toolPath,
} from './lib.mjs';

if (loadDotEnv()) console.log('start: read .env');

const reason = clientBuildReason();
if (reason) {
  if (!existsSync(join(ROOT, 'client/index.html'))) {
    console.warn('start: client/index.html not found; serving the API only');
  } else if (!toolPath('vite')) {
    if (existsSync(join(ROOT, 'dist/client/index.html'))) {
      console.warn(`start: ${reason}, but vite is not installed; serving the existing build`);
    } else {
      console.error('start: the client is not built and vite is not installed: run npm install');
      process.exit(1);
    }
  } else {
    console.log(`start: building the client (${reason})`);
    const code = await runTool('vite', ['build', '--logLevel', 'warn']);
    if (code !== 0) {
      console.error(`start: the client build failed (exit ${code})`);
      process.exit(code);
    }
  }
}

// The server runs from its TypeScript sources under tsx: nothing to rebuild or go stale, and stack
// traces point at the sources. A production-only install (npm ci --omit=dev) has no tsx: then the
// compiled server (npm run build:server, what the Docker image runs) is used when it is there.
const compiled = join(ROOT, 'dist/server/index.js');
let server;
if (toolPath('tsx')) {
  server = spawnTool('tsx', ['server/src/index.ts']);
} else if (existsSync(compiled)) {
  server = spawn(process.execPath, ['--enable-source-maps', compiled], { cwd: ROOT, stdio: 'inherit' });
} else {
  console.error('start: tsx is not installed and the server is not built: run npm install');
  process.exit(1);
}
server.once('error', (error) => {
  console.error(`start: could not run the server: ${error.message}`);
  process.exit(1);
});
superviseChildren([server]);
