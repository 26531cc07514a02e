/**
 * Reference: a raw `ws` room broadcast server, the near-physical limit for Node. A client joins the
 * room named in its URL (?room=…); every text frame it sends is forwarded as-is to every member of
 * that room, with no parsing at all. Run by the benchmarks: PORT=… npx tsx bench/servers/ws-bare.ts
 */
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const rooms = new Map<string, Set<WebSocket>>();

const httpServer = createServer((req, res) => {
  res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'text/plain' }).end('ok');
});
const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });

wss.on('connection', (socket, request) => {
  const room = new URL(request.url ?? '/', 'http://x').searchParams.get('room') ?? 'lobby';
  let members = rooms.get(room);
  if (!members) rooms.set(room, (members = new Set()));
  members.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const member of members) member.send(data, { binary: isBinary });
  });
  socket.on('close', () => members.delete(socket));
});

httpServer.listen(port, '127.0.0.1', () => {
  process.send?.({ ready: true, port: (httpServer.address() as { port: number }).port });
});

process.once('SIGTERM', () => {
  wss.close();
  process.exit(0);
});
