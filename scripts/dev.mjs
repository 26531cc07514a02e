#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` (restarts on change) on PORT (3000) and the Vite dev
// server with hot reload (5173), which proxies /api, /socket.io and /dev-oauth to the server.
// Open the Vite URL; PUBLIC_URL defaults to it so OAuth redirects and the socket origin check match.
import { loadDotEnv, spawnTool, superviseChildren } from './lib.mjs';

if (loadDotEnv()) console.log('dev: read .env');

const VITE_PORT = Number(process.env.VITE_PORT ?? 5173);
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${VITE_PORT}` };

const server = spawnTool('tsx', ['watch', '--clear-screen=false', 'server/src/index.ts'], { env });
const vite = spawnTool('vite', ['--port', String(VITE_PORT), '--strictPort'], { env });
superviseChildren([server, vite], {
  onExit: (child, code, signal) => {
    const name = child === server ? 'server' : 'vite';
    if (code !== 0) console.error(`dev: ${name} stopped (${signal ?? `exit ${code}`}); stopping the other`);
  },
});
