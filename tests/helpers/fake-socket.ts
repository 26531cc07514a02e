import type { Ack } from '@shared/events';
import type { AppSocket } from '@server/realtime';

/**
 * A socket as the socket handlers use it, for unit tests of a handler without a server: its rooms
 * (joined and left for real), its session's login, the listeners registered on it, and `request`,
 * which sends an event as a client would and resolves with the acknowledgement.
 */
export function fakeSocket(login: string) {
  const listeners = new Map<
    string,
    (this: unknown, payload: unknown, ack: (answer: Ack<unknown>) => void) => void
  >();
  const socket = {
    data: { login, name: null, role: 'user', userId: 1, sessionKey: 'key' },
    rooms: new Set<string>(['own-id']),
    nsp: {},
    disconnected: false,
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
