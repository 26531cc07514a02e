/**
 * The end-to-end harness, started by Playwright's webServer once for each worker (E2E_HARNESS says
 * which; its ports come from tests/e2e/env.ts): a redis-server of its own (the repo's redis.conf, in
 * a temp dir, on a free port), the fakes of GitHub, ESPN and the news feeds, a TURN server, then the
 * app exactly as a user starts it (`node scripts/start.mjs`, which builds the client when stale).
 * Everything stops when this process gets SIGTERM/SIGINT or the app exits.
 *
 * Run it by hand to poke at the app: `npx tsx tests/e2e/serve.ts` (then open http://localhost:3100).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startFakeEspn } from '../fakes/espn';
import { startFakeGitHub } from '../fakes/github';
import { startFakeNewsFeeds } from '../fakes/news-feeds';
import { startRedisServer } from '../helpers/redis-server';
import { startTurnServer } from '../helpers/turn-server';
import {
  BASE_URL,
  E2E_PORT,
  FAKE_GITHUB_PORT,
  FAKE_ESPN_PORT,
  FAKE_GITHUB_URL,
  FAKE_NEWS_PORT,
  GITHUB_CLIENT_ID,
  GITHUB_CLIENT_SECRET,
  HARNESS_INDEX,
} from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(`e2e (harness ${HARNESS_INDEX}): ${line}`);

/** Every name of the config contract, blanked so a developer's environment or .env cannot leak in. */
function configNames(): string[] {
  const example = readFileSync(new URL('.env.example', `file://${ROOT}`), 'utf8');
  return [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

const redis = await startRedisServer({ configFile: `${ROOT}redis.conf` });
log(`redis-server on ${redis.url} (${redis.dir})`);
const github = await startFakeGitHub({
  port: FAKE_GITHUB_PORT,
  clientId: GITHUB_CLIENT_ID,
  clientSecret: GITHUB_CLIENT_SECRET,
  callbackUrl: `${BASE_URL}/auth/callback`,
});
log(`fake GitHub on ${github.url}`);
// The scoreboard polls this fake ESPN (live games: every SPORTS_POLL_SECONDS), never the real one.
const espn = await startFakeEspn({ port: FAKE_ESPN_PORT });
log(`fake ESPN on ${espn.url}`);
// The local news index (no EXA_API_KEY) ingests these feeds, so the dashboard shows headlines.
const newsFeeds = await startFakeNewsFeeds({ port: FAKE_NEWS_PORT });
log(`fake news feeds on ${newsFeeds.url}`);
// Voice media goes through a TURN server on loopback only (relay policy), so no media packet leaves 127.0.0.1.
const turn = await startTurnServer();
log(`TURN server on ${turn.url}`);

const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of configNames()) env[name] = '';
Object.assign(env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE_URL,
  REDIS_URL: redis.url,
  GITHUB_CLIENT_ID,
  GITHUB_CLIENT_SECRET,
  GITHUB_URL: FAKE_GITHUB_URL,
  GITHUB_API_URL: FAKE_GITHUB_URL,
  FETCH_ALLOW_PRIVATE: '1',
  ESPN_BASE_URL: espn.url,
  SPORTS_POLL_SECONDS: '2',
  // A watched game's summary (the Gamecast) is read as often as the scoreboard, not every 5 s.
  GAMECAST_POLL_SECONDS: '2',
  NEWS_FEEDS: `${newsFeeds.feeds.tech},${newsFeeds.feeds.sports}`,
  // Fantasy points from the local news alone: Hacker News and GitHub are on the internet.
  FANTASY_OUTSIDE_SIGNALS: 'false',
  ICE_SERVERS: JSON.stringify(turn.iceServers),
  ICE_TRANSPORT_POLICY: 'relay',
  // One moderator for the chat-room specs; everyone else signs in as a plain user.
  MODERATOR_LOGINS: 'rooms-moderator',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
});
delete env.NODE_ENV; // a user's `npm start` does not set it

const app = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: 'inherit' });
log(`app starting on ${BASE_URL} (pid ${app.pid})`);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGTERM');
    const timer = setTimeout(() => app.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await github.close();
  await espn.close();
  await newsFeeds.close();
  await turn.stop();
  await redis.stop();
  process.exit(code);
}

app.once('exit', (code, signal) => {
  if (!stopping) {
    console.error(`e2e: the app exited (${signal ?? `code ${code}`}); stopping the harness`);
    void stop(1);
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
