/**
 * Reference: a bare Socket.IO 4 broadcast server. No auth, validation or storage: a client joins the
 * room named in its handshake query, and `chat:send` is re-emitted to that room as
 * `chat:message-created`, with a tiny acknowledgement like ours. Websocket transport, per-message
 * deflate off (as ours). With REDIS_URL it uses the Redis Streams adapter the app ships (the
 * "sio ×2 + Redis" reference), or with SOCKET_ADAPTER=sharded the sharded Redis adapter. POST /broadcast/<event> pushes a JSON body to every client. Run by
 * the benchmarks: PORT=… npx tsx bench/servers/sio-bare.ts
 */
import { createServer } from 'node:http';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;

const httpServer = createServer((req, res) => {
  // POST /broadcast/<event> with a JSON body: a server-originated push to every client (the
  // scoreboard benchmark's reference for sportsDataUpdated).
  const push = /^\/broadcast\/([\w:-]+)$/.exec(req.url ?? '');
  if (req.method === 'POST' && push) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      io.emit(push[1]!, JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'text/plain' }).end('ok');
});
const io = new Server(httpServer, {
  serveClient: false,
  perMessageDeflate: false,
  transports: ['websocket', 'polling'],
  ...(redis
    ? {
        adapter:
          process.env.SOCKET_ADAPTER === 'sharded'
            ? createShardedAdapter(redis, redis.duplicate(), { subscriptionMode: 'dynamic' })
            : createAdapter(redis),
      }
    : {}),
});

io.on('connection', (socket) => {
  const room = String(socket.handshake.query.room ?? 'lobby');
  void socket.join(room);
  socket.on('chat:send', (message: unknown, ack?: unknown) => {
    io.to(room).emit('chat:message-created', message);
    if (typeof ack === 'function') ack({ ok: true });
  });
  // The reactions bench:chat sends with --reactions: re-emitted to the room like a message.
  socket.on('chat:react', (changed: unknown, ack?: unknown) => {
    io.to(room).emit('chat:reactions-changed', changed);
    if (typeof ack === 'function') ack({ ok: true });
  });
});

httpServer.listen(port, '127.0.0.1', () => {
  process.send?.({ ready: true, port: (httpServer.address() as { port: number }).port });
});

process.once('SIGTERM', () => {
  io.close();
  redis?.disconnect();
  process.exit(0);
});
