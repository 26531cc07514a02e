import { afterPagePaint } from './after-paint';

/** What the frame needs of the socket module (./socket, loaded on demand). */
interface SocketModule {
  connectSocket(): unknown;
  disconnectSocket(): void;
}

/**
 * Connects the app's socket once the signed-in page has painted: the Socket.IO client is loaded then,
 * not before the first paint. Returns the disconnect (sign-out, leaving the frame), which also stops a
 * connection that has not started yet.
 */
export function connectAfterPaint(load: () => Promise<SocketModule> = () => import('./socket')): () => void {
  let stopped = false;
  let disconnect: (() => void) | null = null;
  const cancel = afterPagePaint(() => {
    load()
      .then(({ connectSocket, disconnectSocket }) => {
        if (stopped) return;
        connectSocket();
        disconnect = disconnectSocket;
      })
      .catch((error: unknown) => console.warn('socket: could not load the client', error));
  });
  return () => {
    stopped = true;
    cancel();
    disconnect?.();
  };
}
