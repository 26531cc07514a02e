/**
 * Scale-out as self-hosters run it (docker-compose.yml, profile `scale`): two app instances on one
 * Redis behind nginx with the repo's own config (deploy/nginx/tech-touchdown.conf), here Debian's
 * nginx on loopback. Fans on either instance chat with each other over WebSocket and over the
 * polling transport (which only works when nginx keeps each browser on one instance), and a score
 * change reaches everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { ChatMessage } from '@shared/schemas/chat';
import type { SportsGamesChangedPayload } from '@shared/schemas/sports';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startFaultApp, type FaultApp } from '../faults/app';
import { signInAt } from '../faults/chat';
import { startNginx, type Nginx } from '../helpers/nginx';
import { freePort } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';
import { emitWithin } from '../helpers/emit';
import { newGame, unique } from '../helpers/ids';

const redisUrl = process.env.TEST_REDIS_URL!;
let espn: FakeEspn;
let nginx: Nginx;
let instances: FaultApp[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  espn = await startFakeEspn();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // Refreshes follow each other at once here: the seed below, then the change.
  const env = {
    ESPN_BASE_URL: espn.url,
    CHAT_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '1000',
    SPORTS_REFRESH_MIN_SECONDS: '0',
  };
  instances = [
    await startFaultApp({ redisUrl, publicUrl, env }),
    await startFaultApp({ redisUrl, publicUrl, env }),
  ];
  nginx = await startNginx(
    instances.map((instance) => `127.0.0.1:${instance.port}`),
    { port },
  );
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nginx?.stop();
  for (const instance of instances) await instance.close();
  await espn?.close();
});

type Transport = 'websocket' | 'polling';

/** A socket through nginx with only the given transport (polling never upgrades). */
function socketVia(cookie: string, transport: Transport): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket: TestSocket = connect(nginx.url, {
      transports: [transport],
      upgrade: false,
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Which instance (0 or 1) holds this login's sockets, or -1. */
const instanceOf = (login: string) =>
  instances.findIndex((instance) =>
    [...instance.app.io.of('/').sockets.values()].some((socket) => socket.data.login === login),
  );

interface Fan {
  login: string;
  cookie: string;
  instance: number;
  websocket: TestSocket;
  polling: TestSocket;
}

/**
 * Signs fans in through nginx until there is one on each instance (the session cookie picks the
 * instance), each with a WebSocket and a polling-only socket.
 */
async function fansOnBothInstances(): Promise<[Fan, Fan]> {
  const found: Fan[] = [];
  for (let attempt = 0; attempt < 24 && new Set(found.map((f) => f.instance)).size < 2; attempt++) {
    const login = unique('fan');
    const cookie = (await signInAt(nginx.url, login)).cookieHeader();
    const websocket = await socketVia(cookie, 'websocket');
    const polling = await socketVia(cookie, 'polling');
    const instance = instanceOf(login);
    if (!found.some((fan) => fan.instance === instance))
      found.push({ login, cookie, instance, websocket, polling });
  }
  const a = found.find((fan) => fan.instance === 0);
  const b = found.find((fan) => fan.instance === 1);
  if (!a || !b) throw new Error('nginx sent every fan to the same instance');
  return [a, b];
}

const emit = emitWithin(10_000);

function received(socket: TestSocket, text: string): Promise<ChatMessage> {
  return new Promise((resolve) => {
    const listener = (message: ChatMessage) => {
      if (message.message !== text) return;
      socket.off('chat:message-created', listener);
      resolve(message);
    };
    socket.on('chat:message-created', listener);
  });
}

describe('two instances behind nginx', () => {
  let fans: [Fan, Fan];
  beforeAll(async () => {
    fans = await fansOnBothInstances();
  }, 60_000);

  it('keeps each browser on one instance, so the polling transport works', () => {
    for (const fan of fans) {
      // Both of a browser's sockets (same session cookie) are on its instance, and only there.
      const everywhere = instances.map((instance) =>
        [...instance.app.io.of('/').sockets.values()].filter((socket) => socket.data.login === fan.login),
      );
      expect(everywhere[fan.instance]).toHaveLength(2);
      expect(everywhere[1 - fan.instance]).toHaveLength(0);
      expect(fan.polling.io.engine.transport.name).toBe('polling');
      expect(fan.websocket.io.engine.transport.name).toBe('websocket');
    }
  });

  it('lets fans on different instances chat, over WebSocket and over polling', async () => {
    const gameId = newGame();
    const everyone = fans.flatMap((fan) => [fan.websocket, fan.polling]);
    for (const socket of everyone) expect((await emit(socket, 'chat:join', { gameId })).ok).toBe(true);

    // Several rounds each way: every poll of a polling socket must reach its own instance.
    for (let round = 0; round < 3; round++) {
      for (const [from, via] of [
        [fans[0], 'polling'],
        [fans[1], 'websocket'],
        [fans[1], 'polling'],
        [fans[0], 'websocket'],
      ] as const) {
        const text = `round ${round}: ${via} from ${from.login}`;
        const arrivals = everyone.map((socket) => received(socket, text));
        const ack = await emit(from[via], 'chat:send', {
          gameId,
          message: text,
          team: 'home',
          teamName: 'Chiefs',
        });
        expect(ack.ok).toBe(true);
        const messages = await Promise.all(arrivals);
        for (const message of messages) expect(message).toMatchObject({ login: from.login, message: text });
      }
    }
  }, 60_000);

  it('pushes a score change to fans on both instances', async () => {
    // Refresh All from one fan, through nginx to whichever instance holds that fan.
    const refreshAll = () =>
      fetch(`${nginx.url}/api/sports/refresh`, {
        method: 'POST',
        headers: { cookie: fans[0].cookie, 'content-type': 'application/json' },
        body: '{}',
      });
    // A first scoreboard is stored (and goes out whole); what changes after it goes out game by game.
    expect((await refreshAll()).status).toBe(200);
    const game = espn.games().find((candidate) => candidate.state === 'in')!;
    const home = Number(game.homeScore ?? 0) + 7;
    const everyone = fans.flatMap((fan) => [fan.websocket, fan.polling]);
    const updates = everyone.map(
      (socket) =>
        new Promise<SportsGamesChangedPayload>((resolve) => {
          // A score change within the same games travels as that game alone.
          const listener = (payload: SportsGamesChangedPayload) => {
            const pushed = payload.changes.find((change) => change.game.id === game.id)?.game;
            if (pushed?.homeScore !== home) return;
            socket.off('sports:games-changed', listener);
            resolve(payload);
          };
          socket.on('sports:games-changed', listener);
        }),
    );
    espn.setScore(game.id, game.awayScore, home);
    expect((await refreshAll()).status).toBe(200);
    expect(await Promise.all(updates)).toHaveLength(everyone.length);
  }, 30_000);
});
