import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The app's one Socket.IO connection, owned outside React. It authenticates with the session cookie,
 * so it is connected after sign-in and closed on sign-out.
 */
export function getSocket(): AppSocket {
  socket ??= io({ withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'] });
  return socket;
}

export function connectSocket(): AppSocket {
  const current = getSocket();
  if (!current.connected) current.connect();
  return current;
}

export function disconnectSocket(): void {
  socket?.disconnect();
}
