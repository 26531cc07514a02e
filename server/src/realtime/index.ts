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
import { eventBudget, setNamespaceLimits, socketLimits, type SocketLimits } from './limits';
import { isIdentityRoom, sessionKeyOf, sessionRoom, userRoom } from './rooms';

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** How long a dropped client may come back and still receive what it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/**
 * How long counting a login's sockets may wait for the other instances. One that crashed answers
 * nothing until the adapter notices it is gone; the count then goes on without it rather than hold
 * every connection up.
 */
const SOCKET_COUNT_TIMEOUT_MS = 1000;

interface RealtimeDeps {
  config: Config;
  logger: Logger;
  sessionMiddleware: RequestHandler;
  /** A dedicated Redis connection for the Streams adapter (several instances behind one Redis). */
  adapterRedis?: Redis;
}

/**
 * The Socket.IO server on the app's HTTP server. A connection needs the same session cookie as the
 * HTTP API, and a browser Origin equal to PUBLIC_URL's (non-browser clients send none). Each login
 * may have a limited number of sockets, and each socket spends from its own event budget (limits.ts).
 */
export function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): AppServer {
  const io: AppServer = new Server(httpServer, {
    serveClient: false,
    // Per-message deflate defeats Socket.IO's encode-once broadcast (bench/README.md).
    perMessageDeflate: false,
    // Middlewares run on a recovered connection too: one that dropped and comes back after its session
    // was signed out is refused, like a new one.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    allowRequest: (req, callback) => {
      const allowed = isAllowedOrigin(req.headers.origin, deps.config.PUBLIC_URL);
      if (!allowed) deps.logger.warn({ origin: req.headers.origin }, 'socket refused: foreign origin');
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
    ...(deps.adapterRedis ? { adapter: createAdapter(deps.adapterRedis) } : {}),
  });

  io.engine.use(sessionOnHandshake(deps.sessionMiddleware));

  const limits = socketLimits(deps.config);
  setNamespaceLimits(io.of('/'), limits);

  io.use((socket, next) => {
    const request = socket.request as IncomingMessage & { session?: SessionData; sessionID?: string };
    const user = request.session?.user;
    if (!user || !request.sessionID) {
      next(new Error('unauthenticated'));
      return;
    }
    socket.data = {
      login: user.login,
      userId: user.id,
      name: user.name,
      role: request.session?.role ?? 'user',
      sessionKey: sessionKeyOf(request.sessionID),
    };
    // Everything needed is copied: let the session go (Engine.IO keeps the upgrade request for the
    // connection's life; bench/README.md, idle connections). socket.request is null from here on;
    // socket.handshake keeps the headers.
    delete request.session;
    (socket.conn as unknown as { request: IncomingMessage | null }).request = null;
    // A recovered connection comes back in its rooms; when its cookie is now another session's
    // (signed out, then in again), the old session's and login's rooms are not this socket's any more.
    const own = [userRoom(socket.data.login), sessionRoom(socket.data.sessionKey)];
    for (const room of [...socket.rooms]) {
      if (isIdentityRoom(room) && !own.includes(room)) void socket.leave(room);
    }
    // In the rooms before counting, so connections of one login opening at once on this instance
    // count each other. A refused socket leaves every room (Socket.IO cleans up after an error).
    void socket.join(own);
    admitLogin(io, socket.id, socket.data.login, limits, deps.logger).then(
      (refusal) => next(refusal ?? undefined),
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  io.on('connection', (socket) => {
    socket.use(eventBudget(limits));
  });

  return io;
}

/**
 * Disconnects every socket opened with a session, on every instance (through the adapter): signing
 * out ends the session's realtime access at once, not when its sockets happen to close.
 */
export function disconnectSession(io: AppServer, sessionId: string): void {
  io.in(sessionRoom(sessionKeyOf(sessionId))).disconnectSockets(true);
}

/**
 * Null when socket `socketId` of `login` is allowed, else the connect error to answer. It counts the
 * other instances' connected sockets of the login, and this instance's that joined the login's room
 * before it (connected or still connecting; a room keeps its members in the order they joined): of
 * sockets opening at once, the first ones are let in, not none.
 */
async function admitLogin(
  io: AppServer,
  socketId: string,
  login: string,
  limits: SocketLimits,
  logger: Logger,
): Promise<Error | null> {
  const room = userRoom(login);
  const local = io.of('/').sockets;
  let elsewhere = 0;
  try {
    const everywhere = await io.in(room).timeout(SOCKET_COUNT_TIMEOUT_MS).fetchSockets();
    elsewhere = everywhere.filter((socket) => !local.has(socket.id)).length;
  } catch (error) {
    logger.warn({ err: error }, 'counting sockets on other instances failed; counting this one only');
  }
  let count = elsewhere;
  for (const id of io.of('/').adapter.rooms.get(room) ?? []) {
    count++;
    if (id === socketId) break;
  }
  if (count <= limits.socketsPerLogin) return null;
  logger.warn({ login, count }, 'socket refused: too many for one login');
  const refusal = new Error(
    `Too many connections for your account (${limits.socketsPerLogin} at most). Close a tab or window and try again.`,
  ) as Error & { data?: unknown };
  refusal.data = { code: 'limit_reached' };
  return refusal;
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
