import { ServerResponse, type Server as HttpServer, type IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import { Server, type Socket } from 'socket.io';
import type { RedisClient } from '../storage/redis-clients';
import type { Logger } from 'pino';
import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@shared/events';
import type { Config } from '../config';
import { isAllowedOrigin } from '../http/origin';
import { createRedisAdapter } from './adapter';
import type { Store } from '../storage/store';
import { setNamespaceLimits, socketLimits, useEventBudget } from './limits';
import { createLoginSockets, type LoginSockets } from './login-sockets';
import { holdRecoveredState, resumeRecovered } from './recovery';
import { sessionKeyOf, sessionRoom, userRoom } from './rooms';

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** How long a dropped client may come back and still receive what it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

interface RealtimeDeps {
  config: Config;
  logger: Logger;
  sessionMiddleware: RequestHandler;
  /** Where each login's open sockets are counted, for the per-login cap (shared by every instance). */
  store: Store;
  /** A dedicated Redis connection for the Socket.IO adapter (several instances behind one Redis or cluster). */
  adapterRedis?: RedisClient;
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
    ...(deps.adapterRedis
      ? { adapter: createRedisAdapter(deps.adapterRedis, deps.config.SOCKET_ADAPTER) }
      : {}),
  });

  io.engine.use(sessionOnHandshake(deps.sessionMiddleware));
  holdRecoveredState(io.of('/'));

  const limits = socketLimits(deps.config);
  setNamespaceLimits(io.of('/'), limits);
  const loginSockets = createLoginSockets(
    deps.store,
    { limit: limits.socketsPerLogin, ttlMs: deps.config.SOCKETS_PER_LOGIN_TTL_SECONDS * 1000 },
    deps.logger,
  );
  const renewal = setInterval(() => {
    const logins = new Set<string>();
    for (const socket of io.of('/').sockets.values()) logins.add(socket.data.login);
    void loginSockets.renew(logins);
  }, loginSockets.renewEveryMs).unref();
  httpServer.once('close', () => clearInterval(renewal));

  io.use((socket, next) => {
    const request = socket.request as IncomingMessage & { session?: SessionData; sessionID?: string };
    const user = request.session?.user;
    if (!user || !request.sessionID) {
      next(new Error('unauthenticated'));
      return;
    }
    // A recovered socket's data from before it dropped (an empty object for a new one).
    const previous: object = socket.data;
    socket.data = {
      login: user.login,
      userId: user.id,
      name: user.name,
      role: request.session?.role ?? 'user',
      sessionKey: sessionKeyOf(request.sessionID),
    };
    // Everything needed is copied: let the session go (Engine.IO keeps the upgrade request for the
    // connection's life; bench/README.md, idle connections). socket.request is null from here on;
    // socket.handshake keeps the headers. (Set to undefined, not deleted: a delete moves an object's
    // properties to a larger dictionary.)
    request.session = undefined;
    (socket.conn as unknown as { request: IncomingMessage | null }).request = null;
    releaseUpgradeRequest(request);
    // A recovered connection gets its rooms, and what they were sent while it was away, back only as
    // the same session and role: after a sign-out and a sign-in it is someone else's (recovery.ts).
    resumeRecovered(socket, previous, socket.data);
    // A refused socket leaves every room (Socket.IO cleans up after an error).
    void socket.join([userRoom(socket.data.login), sessionRoom(socket.data.sessionKey)]);
    admitLogin(socket, loginSockets, limits.socketsPerLogin, deps.logger).then((refusal) =>
      next(refusal ?? undefined),
    );
  });

  io.on('connection', (socket) => {
    useEventBudget(socket, limits);
    socket.on('disconnect', releaseLogin);
  });
  // One listener for every socket (`this` is the socket), so a connection costs no closure of its own.
  function releaseLogin(this: AppSocket) {
    loginSockets.release(this.data.login);
  }

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
 * Null when the socket may open (it is counted in for its login until it disconnects), else the
 * connect error to answer. Sockets of one login opening at once on several instances are counted in
 * one place, so no more than the limit get in. While the store cannot count, sockets are let in
 * uncounted rather than all refused (the count floors at zero when they go).
 */
async function admitLogin(
  socket: AppSocket,
  loginSockets: LoginSockets,
  limit: number,
  logger: Logger,
): Promise<Error | null> {
  const { login } = socket.data;
  let admitted: boolean;
  try {
    admitted = await loginSockets.admit(login);
  } catch (error) {
    logger.warn({ err: error, login }, "counting the login's sockets failed; letting this one in");
    return null;
  }
  if (admitted) {
    // A connection that went while it was being counted never disconnects as a socket: count it out.
    if (socket.conn.readyState !== 'open') loginSockets.release(login);
    return null;
  }
  logger.warn({ login }, 'socket refused: too many for one login');
  const refusal = new Error(
    `Too many connections for your account (${limit} at most). Close a tab or window and try again.`,
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
    upgradeResponses.set(req, res);
    middleware(req as Req, upgrade as unknown as Res, (error?: unknown) => {
      upgrade.writeHead(); // express-session writes its cookie header when the head is written
      next(error);
    });
  };
}

/**
 * Engine.IO's stand-in response of each WebSocket upgrade, by its request. The response lives as
 * long as the connection and holds the request; once the socket is connected (the upgrade answered)
 * `releaseUpgradeRequest` lets the request go: about 2 KB for every connection.
 */
const upgradeResponses = new WeakMap<IncomingMessage, object>();

function releaseUpgradeRequest(request: IncomingMessage): void {
  const response = upgradeResponses.get(request) as { req?: IncomingMessage | null } | undefined;
  if (response?.req === request) response.req = null;
}
