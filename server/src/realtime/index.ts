import { ServerResponse, type Server as HttpServer, type IncomingMessage } from 'node:http';
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

  io.engine.use(sessionOnHandshake(deps.sessionMiddleware));

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
    // Everything needed is copied: let the session go (Engine.IO keeps the upgrade request for the
    // connection's life; bench/README.md, idle connections). socket.request is null from here on;
    // socket.handshake keeps the headers.
    delete request.session;
    (socket.conn as unknown as { request: IncomingMessage | null }).request = null;
    next();
  });

  io.on('connection', (socket) => {
    socket.join(`user:${socket.data.login}`);
  });

  return io;
}

/**
 * Reads the session on a connection's first request only. Later engine requests (polls, the upgrade
 * of a polling connection) carry a sid and need none: loading it there would cost a Redis read, and
 * with rolling sessions a write, per poll.
 *
 * On a websocket handshake Engine.IO's stand-in response lives as long as the connection, and
 * express-session hangs a dozen closures on it: there the middleware gets a throwaway response
 * that passes its headers on (the rolling session cookie still goes out with the upgrade).
 */
function sessionOnHandshake(middleware: RequestHandler) {
  type Req = Parameters<RequestHandler>[0];
  type Res = Parameters<RequestHandler>[1];
  type UpgradeResponse = Pick<ServerResponse, 'setHeader' | 'getHeader' | 'removeHeader'>;
  return (req: IncomingMessage, res: ServerResponse | UpgradeResponse, next: (error?: unknown) => void) => {
    if ((req as IncomingMessage & { _query?: { sid?: string } })._query?.sid !== undefined) {
      next();
      return;
    }
    if (res instanceof ServerResponse) {
      middleware(req as Req, res as Res, next);
      return;
    }
    const upgrade = {
      setHeader: (name: string, value: string | string[]) => res.setHeader(name, value),
      getHeader: (name: string) => res.getHeader(name),
      removeHeader: (name: string) => res.removeHeader(name),
      writeHead() {},
      write: () => true,
      end() {},
    };
    middleware(req as Req, upgrade as unknown as Res, (error?: unknown) => {
      upgrade.writeHead(); // express-session writes its cookie header when the head is written
      next(error);
    });
  };
}
