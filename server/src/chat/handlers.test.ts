import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Ack } from '@shared/events';
import { leagueChatRoomId } from '@shared/schemas/chat';
import { noMetrics } from '../metrics';
import type { AppSocket } from '../realtime';
import { gameRoom, moderationRoom, unreadRoom } from '../realtime/rooms';
import { createChatSocketHandlers, type ChatHandlerParts } from './handlers';
import { createChatRoomAccess } from './room-access';

const ROOM = leagueChatRoomId('A'.repeat(16));

/** A socket as the handlers use it: its rooms, its session, and the listeners registered on it. */
function fakeSocket(login: string) {
  const listeners = new Map<
    string,
    (this: unknown, payload: unknown, ack: (answer: Ack<unknown>) => void) => void
  >();
  const socket = {
    data: { login, name: null, role: 'user', userId: 1, sessionKey: 'key' },
    rooms: new Set<string>(['own-id']),
    nsp: {},
    on(event: string, listener: never) {
      listeners.set(event, listener);
    },
    join(rooms: string | string[]) {
      for (const room of [rooms].flat()) socket.rooms.add(room);
    },
    leave(room: string) {
      socket.rooms.delete(room);
    },
  };
  const request = (event: string, payload: unknown) =>
    new Promise<Ack<unknown>>((resolve) => listeners.get(event)!.call(socket, payload, resolve));
  return { socket: socket as unknown as AppSocket & typeof socket, request };
}

/**
 * The chat's handlers for a league whose member is removed after the first look-up: the check before
 * the join finds them in, every later one does not (the removal was stored meanwhile).
 */
function removedAfterTheCheck() {
  let lookups = 0;
  const access = createChatRoomAccess({
    standing: async () => (++lookups === 1 ? 'commissioner' : null),
  });
  const parts = {
    access,
    feed: { listening: async () => undefined },
    unread: {
      follow: async (socket: { join(rooms: string[]): void }, gameIds: string[]) =>
        socket.join(gameIds.map(unreadRoom)),
    },
    moderation: { log: async () => ({ entries: [] }) },
  } as unknown as ChatHandlerParts;
  return createChatSocketHandlers(parts, pino({ level: 'silent' }), noMetrics);
}

describe("a league's draft room when its member is removed between the check and the join", () => {
  it.each([
    ['chat:join', { gameId: ROOM }, gameRoom(ROOM)],
    ['chat:unread', { gameIds: [ROOM] }, unreadRoom(ROOM)],
    ['chat:moderation-log', { gameId: ROOM }, moderationRoom(ROOM)],
  ])('%s takes the socket back out and answers not_found', async (event, payload, room) => {
    const { socket, request } = fakeSocket('bob');
    removedAfterTheCheck()(socket);
    expect(await request(event, payload)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(socket.rooms.has(room)).toBe(false);
    expect([...socket.rooms]).toEqual(['own-id']);
  });
});
