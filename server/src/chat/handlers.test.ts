import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { leagueChatRoomId } from '@shared/schemas/chat';
import { noMetrics } from '../metrics';
import { gameRoom, moderationRoom, unreadRoom } from '../realtime/rooms';
import { createChatSocketHandlers, type ChatHandlerParts } from './handlers';
import { createChatRoomAccess } from './room-access';
import { fakeSocket } from '../../../tests/helpers/fake-socket';

const ROOM = leagueChatRoomId('A'.repeat(16));

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
