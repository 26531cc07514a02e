/**
 * The chaos soak: a game night with faults, for as long as you like (SOAK_MINUTES, default 10).
 *
 * Two app instances (child processes) behind a TCP front, on one redis-server with the repo's
 * redis.conf; SOAK_CLIENTS fans (default 60) in SOAK_ROOMS game rooms (default 3) chat at a steady
 * pace through the front, reconnecting and catching up as the app's chat does. Every
 * SOAK_CHAOS_SECONDS (default 45) one fault, in turn: an instance SIGKILLed (back 10 s later on the
 * same port), Redis stopped for 5 s and started again, and a tenth of the fans' networks vanishing
 * without a word (they find out by their own ping timeout). Then the load stops, everyone catches up,
 * and the run checks:
 *
 * - every acknowledged message is in the history (unless trimmed as the oldest beyond 500 per room);
 * - every fan has every acknowledged message of its room from the time it joined, or the server told
 *   it of a gap that covers it; nothing is missing silently;
 * - every send got an answer: an acknowledgement, a clear error, or none only when its instance died.
 *
 * Results go to bench/results/soak-<time>.json; the exit code is 1 when a message was lost silently.
 * Run: npm run bench:soak   (or: SOAK_MINUTES=2 node --import tsx bench/soak/run.ts)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_HISTORY_MAX } from '@server/chat/storage';
import { compareStreamIds } from '@server/storage/store';
import { startChildInstance, type ChildInstance } from '../../tests/faults/instance';
import { chatView, emit, fullHistory, socketAt } from '../../tests/faults/chat-client';
import { socketLocalPort, startTcpFront } from '../../tests/faults/tcp-front';
import { freePort } from '../../tests/helpers/test-app';
import { startRedisServer } from '../../tests/helpers/redis-server';
import type { TestSocket } from '../../tests/helpers/sign-in';
import { saveResult } from '../lib/report';
import { mapLimit, signIn } from '../lib/sign-in';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 60);
const ROOMS = Number(process.env.SOAK_ROOMS ?? 3);
const CHAOS_MS = Number(process.env.SOAK_CHAOS_SECONDS ?? 45) * 1000;
/** Each fan sends about every 3 s: under the chat limit (5 in 10 s), about 20 messages a second in all. */
const SEND_EVERY_MS = 3000;
const ACK_TIMEOUT_MS = 5000;
/** After the load stops: long enough for a silenced fan's ping timeout (25 s + 20 s) and its catch-up. */
const QUIESCE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`soak ${new Date().toISOString().slice(11, 19)} ${line}`);
const rssMb = (pid: number) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
};

interface Sent {
  room: string;
  text: string;
  outcome: 'ok' | 'error' | 'no-ack';
  id?: string;
  code?: string;
}

async function main() {
  const redis = await startRedisServer({ configFile: join(ROOT, 'redis.conf') });
  const front = await startTcpFront([], { balance: 'round-robin' });
  const ports = [await freePort(), await freePort()];
  const options = (port: number) => ({ redisUrl: redis.url, publicUrl: front.url, port });
  const instances: Array<ChildInstance | null> = await Promise.all(
    ports.map((port) => startChildInstance(options(port))),
  );
  front.backends.push(...ports);
  const memory = { start: instances.map((i) => (i ? rssMb(i.pid) : null)), end: [] as Array<number | null> };
  log(`2 instances on ${ports.join(', ')} behind ${front.url}; redis ${redis.url}`);

  const rooms = Array.from({ length: ROOMS }, (_, i) => `soak-room-${i + 1}`);
  const fans = await mapLimit(
    Array.from({ length: CLIENTS }, (_, i) => i),
    8,
    async (i) => {
      const cookie = await signIn(front.url, `soak-fan-${i}`);
      const socket = await socketAt(front.url, cookie, { reconnection: true });
      const room = rooms[i % ROOMS]!;
      const view = chatView(socket, room);
      await view.join();
      let reconnects = 0;
      socket.io.on('reconnect', () => reconnects++);
      return { i, socket, room, view, joinedAt: Date.now(), reconnects: () => reconnects };
    },
  );
  log(`${fans.length} fans in ${ROOMS} rooms`);

  const sent: Sent[] = [];
  let running = true;
  const senders = fans.map(async (fan) => {
    await sleep(Math.random() * SEND_EVERY_MS);
    for (let n = 0; running; n++) {
      const text = `fan ${fan.i} says ${n}`;
      try {
        const ack = await emit(
          fan.socket,
          'chat:send',
          { gameId: fan.room, message: text, team: 'home', teamName: 'Chiefs' },
          ACK_TIMEOUT_MS,
        );
        sent.push(
          ack.ok
            ? { room: fan.room, text, outcome: 'ok', id: ack.data.id }
            : { room: fan.room, text, outcome: 'error', code: ack.error.code },
        );
      } catch {
        sent.push({ room: fan.room, text, outcome: 'no-ack' });
      }
      await sleep(SEND_EVERY_MS * (0.8 + Math.random() * 0.4));
    }
  });

  const faults: string[] = [];
  const chaos = ['kill', 'redis', 'silence'] as const;
  const end = Date.now() + MINUTES * 60_000;
  for (let round = 0; Date.now() + CHAOS_MS < end; round++) {
    await sleep(CHAOS_MS);
    const kind = chaos[round % chaos.length]!;
    if (kind === 'kill') {
      const which = Math.floor(round / chaos.length) % 2;
      log(`fault: SIGKILL instance ${which + 1} (port ${ports[which]})`);
      faults.push(`kill instance ${which + 1}`);
      await instances[which]!.kill();
      instances[which] = null;
      await sleep(10_000);
      instances[which] = await startChildInstance(options(ports[which]!));
      log(`instance ${which + 1} back`);
    } else if (kind === 'redis') {
      log('fault: redis stopped for 5 s');
      faults.push('redis restart');
      await redis.restart(async () => {
        await sleep(5000);
      });
      log('redis back');
    } else {
      const victims = fans.filter((fan) => fan.i % 10 === round % 10 && fan.socket.connected);
      log(`fault: the network of ${victims.length} fans vanishes`);
      faults.push(`silence ${victims.length} fans`);
      for (const fan of victims) {
        try {
          front.silence(socketLocalPort(fan.socket));
        } catch {
          // not connected right now
        }
      }
    }
  }
  while (Date.now() < end) await sleep(1000);
  running = false;
  await Promise.all(senders);
  log(`load stopped; ${sent.length} sends; waiting ${QUIESCE_MS / 1000} s for everyone to catch up`);
  await sleep(QUIESCE_MS);

  // The checks, per room.
  const cookie = await signIn(front.url, 'soak-auditor');
  const auditor: TestSocket = await socketAt(front.url, cookie);
  const lostFromHistory: string[] = [];
  const missingSilently: string[] = [];
  for (const room of rooms) {
    const history = await fullHistory(auditor, room);
    const stored = new Set(history.map((m) => m.id));
    const oldest = history[0]?.id;
    const acknowledged = sent.filter((s) => s.room === room && s.outcome === 'ok');
    for (const message of acknowledged) {
      const trimmed = oldest !== undefined && compareStreamIds(message.id!, oldest) < 0;
      if (!trimmed && !stored.has(message.id!)) lostFromHistory.push(`${room}: ${message.text}`);
    }
    for (const fan of fans.filter((f) => f.room === room)) {
      const held = fan.view.ids();
      for (const message of acknowledged) {
        if (Number(message.id!.split('-')[0]) < fan.joinedAt) continue;
        if (!held.has(message.id!) && !fan.view.inGap(message.id!)) {
          missingSilently.push(`fan ${fan.i} (${room}) lacks "${message.text}"`);
        }
      }
    }
  }
  auditor.close();
  memory.end = instances.map((i) => (i ? rssMb(i.pid) : null));

  const count = (filter: (s: Sent) => boolean) => sent.filter(filter).length;
  const codes: Record<string, number> = {};
  for (const s of sent) if (s.outcome === 'error') codes[s.code!] = (codes[s.code!] ?? 0) + 1;
  const totals = fans.reduce(
    (sum, fan) => {
      const stats = fan.view.stats();
      return {
        reconnects: sum.reconnects + fan.reconnects(),
        recoveries: sum.recoveries + stats.recoveries,
        catchUps: sum.catchUps + stats.catchUps,
        gaps: sum.gaps + stats.gaps,
        failedCatchUps: sum.failedCatchUps + fan.view.failedCatchUps(),
      };
    },
    { reconnects: 0, recoveries: 0, catchUps: 0, gaps: 0, failedCatchUps: 0 },
  );
  const result = {
    date: new Date().toISOString(),
    minutes: MINUTES,
    clients: CLIENTS,
    rooms: ROOMS,
    historyPerRoom: CHAT_HISTORY_MAX,
    faults,
    sends: {
      total: sent.length,
      acknowledged: count((s) => s.outcome === 'ok'),
      refusedWithError: codes,
      withoutAnswer: count((s) => s.outcome === 'no-ack'),
    },
    clientsAfterFaults: totals,
    lostFromHistory: lostFromHistory.length,
    missingSilently: missingSilently.length,
    examples: [...lostFromHistory, ...missingSilently].slice(0, 20),
    instanceRssMb: memory,
  };
  const file = await saveResult('soak', result);
  console.log(JSON.stringify(result, null, 2));
  log(`written to ${file}`);

  for (const fan of fans) fan.socket.close();
  await Promise.all(instances.map((instance) => instance?.kill()));
  await front.close();
  await redis.stop();
  process.exit(lostFromHistory.length + missingSilently.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
