/**
 * Entering a busy room: the latest page is read once for many fans arriving together, and it is
 * never stale: a message posted or deleted on another instance is in the next fan's page and sync,
 * at once (every change bumps the room's version in the store, and the cache is checked against it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatPage } from '@shared/schemas/chat';
import { connectSocket, signedInSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { emit } from '../helpers/emit';
import { keys } from '@server/storage/keys';
import { newGame, unique } from '../helpers/ids';

let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});

// Instances share a session secret, as a deployment behind one Redis must.
const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';

// Thirty fans here are one login's sockets, so the per-login socket cap is raised.
async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({
    env: { SESSION_SECRET, CHAT_RATE_LIMIT: '1000', SOCKETS_PER_LOGIN_LIMIT: '100', ...env },
  });
  apps.push(app);
  return app;
}

async function user(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

const send = async (socket: TestSocket, gameId: string, message: string) => {
  const answer = await emit(socket, 'chat:send', { gameId, message, team: 'home', teamName: 'Chiefs' });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
};

async function join(socket: TestSocket, gameId: string): Promise<ChatPage> {
  const answer = await emit(socket, 'chat:join', { gameId });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

const texts = (page: { messages: ChatMessage[] }) => page.messages.map((m) => m.message);

/** Reads of a game's chat history page the store was asked for. */
function countPageReads(app: TestApp, gameId: string) {
  const reads = vi.spyOn(app.store, 'streamBefore');
  return () => reads.mock.calls.filter(([key]) => key.includes(gameId)).length;
}

/** Reads of a game's chat version the store was asked for (one round trip each). */
function countVersionReads(app: TestApp, gameId: string) {
  const reads = vi.spyOn(app.store, 'get');
  return () => reads.mock.calls.filter(([key]) => key === keys.chatVersion(gameId)).length;
}

describe('fans entering a game room', () => {
  it('are served by one read of the page when many arrive at once, and all get the latest page', async () => {
    const app = await start();
    const gameId = newGame();
    const author = await user(app, 'author');
    for (let i = 1; i <= 60; i++) await send(author.socket, gameId, `m${i}`);
    const { client } = await signIn(app, unique('fan'));
    const fans = await Promise.all(
      Array.from({ length: 30 }, () => connectSocket(app.baseUrl, { cookie: client.cookieHeader() })),
    );
    sockets.push(...fans);

    const pageReads = countPageReads(app, gameId);
    const versionReads = countVersionReads(app, gameId);
    const pages = await Promise.all(fans.map((fan) => join(fan, gameId)));
    expect(pageReads()).toBe(1);
    expect(versionReads()).toBe(1);
    for (const page of pages) {
      expect(page.messages).toHaveLength(50);
      expect(texts(page).at(-1)).toBe('m60');
      expect(page.hasMore).toBe(true);
      // The room's version it was read at: 60 messages stored, nothing else changed.
      expect(page.version).toBe(60);
    }

    // Served from the cache, the page keeps its version, and costs one version read, no page read.
    const again = await Promise.all(fans.slice(0, 10).map((fan) => join(fan, gameId)));
    expect([pageReads(), versionReads()]).toEqual([1, 2]);
    for (const page of again) expect(page.version).toBe(60);

    // The next message makes the page read again, once, for the next fans.
    await send(author.socket, gameId, 'm61');
    const late = await Promise.all(fans.slice(0, 10).map((fan) => join(fan, gameId)));
    expect([pageReads(), versionReads()]).toEqual([2, 3]);
    for (const page of late) {
      expect(texts(page).at(-1)).toBe('m61');
      expect(page.version).toBe(61);
    }
  });

  it('get a message posted or deleted on another instance in their page and their sync', async () => {
    const mod = unique('mod');
    const first = await start({ MODERATOR_LOGINS: mod });
    const second = await start({ MODERATOR_LOGINS: mod });
    const gameId = newGame();
    const author = await user(second, 'author');
    const early = await send(author.socket, gameId, 'before anyone came');

    // The first instance caches the page.
    const watcher = await user(first, 'watcher');
    expect(texts(await join(watcher.socket, gameId))).toEqual(['before anyone came']);

    // A message on the second instance: the next fan on the first one has it.
    const posted = await send(author.socket, gameId, 'posted over there');
    const fan = await user(first, 'fan');
    expect(texts(await join(fan.socket, gameId))).toEqual(['before anyone came', 'posted over there']);
    // A fan coming back after the first message catches up with the second, and no gap.
    const sync = await emit(fan.socket, 'chat:sync', { gameId, after: early.id });
    expect(sync).toEqual({ ok: true, data: { messages: [posted], gap: false, version: 2, mine: {} } });

    // A deletion on the second instance: the next fan on the first one no longer sees it.
    const { client } = await signIn(second, mod);
    const moderator = await connectSocket(second.baseUrl, { cookie: client.cookieHeader() });
    sockets.push(moderator);
    expect((await emit(moderator, 'chat:delete', { gameId, messageId: posted.id })).ok).toBe(true);
    const another = await user(first, 'another');
    expect(texts(await join(another.socket, gameId))).toEqual(['before anyone came']);
    const after = await emit(another.socket, 'chat:sync', { gameId, after: early.id });
    expect(after).toEqual({ ok: true, data: { messages: [], gap: false, version: 3, mine: {} } });
  });

  it('never get a page older than their joining, even while a read is under way', async () => {
    const app = await start();
    const other = await start();
    const gameId = newGame();
    const author = await user(other, 'author');
    await send(author.socket, gameId, 'one');
    const fans = await Promise.all([user(app, 'a'), user(app, 'b')]);

    // The first fan's page read is held after it answered ['one'], until a second message is stored
    // on the other instance and the second fan has joined: that older read must not serve it.
    const read = app.store.streamBefore.bind(app.store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    vi.spyOn(app.store, 'streamBefore').mockImplementation(async (...args) => {
      const entries = await read(...args);
      if (holding) await held;
      return entries;
    });
    const firstPage = join(fans[0].socket, gameId);
    await vi.waitFor(() => expect(vi.mocked(app.store.streamBefore)).toHaveBeenCalled());
    await send(author.socket, gameId, 'two');
    const secondPage = join(fans[1].socket, gameId);
    // The second fan is in the room (it joins it before asking for the page): now let the read go.
    await vi.waitFor(() => expect(app.app.io.of('/').adapter.rooms.get(`game:${gameId}`)?.size).toBe(2));
    holding = false;
    release();
    // Each page says the version it was read at.
    expect(await firstPage).toMatchObject({ version: 1, messages: [{ message: 'one' }] });
    expect(texts(await secondPage)).toEqual(['one', 'two']);
    expect((await secondPage).version).toBe(2);
  });
});
