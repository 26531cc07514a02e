/**
 * What the chat room tests (reactions, mentions, unread, moderation) share: two instances behind the
 * run's one Redis, signed-in fans on either, waiting for a pushed event, and what is stored for one
 * game (to prove a refusal changed nothing).
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach } from 'vitest';
import type { Ack, ServerToClientEvents } from '@shared/events';
import type { ChatMessage } from '@shared/schemas/chat';
import { emit } from '../helpers/emit';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';

// Instances share a session secret, as a deployment behind one Redis must.
const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';

let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
let inspector: Redis | undefined;

/**
 * Closes the instances and sockets a test started here after each test, and the Redis inspector after
 * the file. A test file that uses these helpers calls it once at its top.
 */
export function closeChatRoomsAfterEach(): void {
  afterEach(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    sockets = [];
  });
  afterAll(() => inspector?.disconnect());
}

export async function startInstance(options: TestAppOptions = {}): Promise<TestApp> {
  const app = await startTestApp({ ...options, env: { SESSION_SECRET, ...options.env } });
  apps.push(app);
  return app;
}

/** Two instances behind the same Redis (sessions, chat and the Socket.IO adapter all shared). */
export const twoInstances = (env: Record<string, string> = {}) =>
  Promise.all([startInstance({ env }), startInstance({ env })]);

/** Closes an instance (its sockets drop), as a restart begins. */
export async function stopInstance(app: TestApp): Promise<void> {
  apps = apps.filter((other) => other !== app);
  await app.close();
}

export async function fan(app: TestApp, login: string) {
  const { socket, user } = await signedInSocket(app, login);
  sockets.push(socket);
  return { socket, login: user.login };
}

/** Another socket of a signed-in fan (another tab or device), on any instance. */
export async function anotherSocket(app: TestApp, login: string) {
  return fan(app, login);
}

type EventPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** The next `event` on `socket` that `matches`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  matches: (payload: EventPayload<E>) => boolean = () => true,
): Promise<EventPayload<E>> {
  return new Promise((resolve) => {
    const listener = (payload: EventPayload<E>) => {
      if (!matches(payload)) return;
      (socket.off as (event: string, listener: unknown) => void)(event, listener);
      resolve(payload);
    };
    (socket.on as (event: string, listener: unknown) => void)(event, listener);
  });
}

/** Every `event` on `socket`, as it arrives. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const seen: EventPayload<E>[] = [];
  (socket.on as (event: string, listener: unknown) => void)(event, (payload: EventPayload<E>) =>
    seen.push(payload),
  );
  return seen;
}

/** The data of a successful acknowledgement (fails the test with the refusal otherwise). */
export function dataOf<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`refused: ${answer.error.code} ${answer.error.message}`);
  return answer.data;
}

export const say = async (socket: TestSocket, gameId: string, message: string): Promise<ChatMessage> =>
  dataOf(await emit(socket, 'chat:send', { gameId, message, team: 'home', teamName: 'Chiefs' }));

/** Every key stored for one game (its hash tag) with its serialized value. */
export async function gameData(gameId: string): Promise<Map<string, string>> {
  inspector ??= new Redis(process.env.TEST_REDIS_URL!);
  const data = new Map<string, string>();
  let cursor = '0';
  do {
    const [nextCursor, keys] = await inspector.scan(cursor, 'MATCH', `*${gameId}*`, 'COUNT', 1000);
    cursor = nextCursor;
    for (const key of keys) {
      if (key.includes(':rate:')) continue;
      const dump = await inspector.dumpBuffer(key);
      if (dump) data.set(key, dump.toString('base64'));
    }
  } while (cursor !== '0');
  return data;
}
