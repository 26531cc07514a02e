import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';
import {
  socketRequest,
  type AckSocket,
  type RequestAnswer,
  type RequestEvent,
  type RequestPayload,
} from '@shared/socket-request';
import { tooManyTabsAtom } from './socket-state';
import { appStore } from './store';

export { SocketRequestError } from '@shared/socket-request';
export { tooManyTabsAtom } from './socket-state';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/** The server's refusal of a connection: Socket.IO puts the middleware error's `data` on it. */
function isLimitReached(error: Error & { data?: unknown }): boolean {
  const data = error.data as { code?: unknown } | null | undefined;
  return data?.code === 'limit_reached';
}

/**
 * The app's one Socket.IO connection, owned outside React. It authenticates with the session cookie,
 * so it is connected after sign-in and closed on sign-out.
 */
export function getSocket(): AppSocket {
  if (!socket) {
    const created: AppSocket = io({
      withCredentials: true,
      autoConnect: false,
      transports: ['websocket', 'polling'],
    });
    created.on('connect_error', (error) => {
      if (!isLimitReached(error)) return;
      // Socket.IO does not retry a refusal by the server's middleware; disconnect() makes sure the
      // manager gives up too, and connectSocket() stays off until the page reloads.
      appStore.set(tooManyTabsAtom, true);
      created.disconnect();
    });
    socket = created;
  }
  return socket;
}

export function connectSocket(): AppSocket {
  const current = getSocket();
  if (!current.connected && !appStore.get(tooManyTabsAtom)) current.connect();
  return current;
}

export function disconnectSocket(): void {
  socket?.disconnect();
}

/** How long the app waits for an acknowledgement before a request counts as failed. */
export const REQUEST_TIMEOUT_MS = 8000;

/**
 * An acknowledged request on the app's socket: payload and answer types come from the event map.
 * Resolves with the answer's data; a refusal throws SocketRequestError (code and message), a missing
 * acknowledgement throws after REQUEST_TIMEOUT_MS.
 */
export function request<E extends RequestEvent>(
  event: E,
  payload: RequestPayload<E>,
  socket: AckSocket = getSocket(),
): Promise<RequestAnswer<E>> {
  return socketRequest(socket, event, payload, REQUEST_TIMEOUT_MS);
}
