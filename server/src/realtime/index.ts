import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@shared/events';
import type { Config } from '../config';
import { isAllowedOrigin } from '../http/origin';

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** How long a dropped client may come back and still receive what it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

interface RealtimeDeps {
  config: Config;
  logger: Logger;
  sessionMiddleware: RequestHandler;
  /** A dedicated Redis connection for the Streams adapter (several instances behind one Redis). */
  adapterRedis?: Redis;
}

/**
 * The Socket.IO server on the app's HTTP server. A connection needs the same session cookie as the
 * HTTP API, and a browser Origin equal to PUBLIC_URL's (non-browser clients send none).
 */
export function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): AppServer {
  const io: AppServer = new Server(httpServer, {
    serveClient: false,
    // Per-message deflate defeats Socket.IO's encode-once broadcast (bench/README.md).
    perMessageDeflate: false,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
    allowRequest: (req, callback) => {
      const allowed = isAllowedOrigin(req.headers.origin, deps.config.PUBLIC_URL);
      if (!allowed) deps.logger.warn({ origin: req.headers.origin }, 'socket refused: foreign origin');
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
    ...(deps.adapterRedis ? { adapter: createAdapter(deps.adapterRedis) } : {}),
  });

  io.engine.use(deps.sessionMiddleware);

  io.use((socket, next) => {
    const request = socket.request as IncomingMessage & { session?: SessionData };
    const user = request.session?.user;
    if (!user) {
      next(new Error('unauthenticated'));
      return;
    }
    socket.data = {
      login: user.login,
      userId: user.id,
      name: user.name,
      role: request.session?.role ?? 'user',
    };
    next();
  });

  io.on('connection', (socket) => {
    socket.join(`user:${socket.data.login}`);
  });

  return io;
}
