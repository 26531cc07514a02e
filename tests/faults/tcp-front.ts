/**
 * A TCP front on loopback, standing in for the load balancer of a two-instance deployment: each new
 * connection goes to the first instance that accepts it and is cut when that instance goes away, so
 * a client reconnecting after an instance died lands on one that lives. It can also make the network
 * vanish under the connections it carries (silence): bytes are dropped both ways and neither end is
 * told, as when a phone loses its signal.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpFront {
  port: number;
  /** http://localhost:PORT: the PUBLIC_URL of every instance behind it. */
  url: string;
  /** Backend ports, tried in order for each new connection. */
  backends: number[];
  /**
   * Drops every byte of one connection, both ways, without closing either end. `clientPort` is the
   * client's local port (see socketLocalPort).
   */
  silence(clientPort: number): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
  silenced: boolean;
}

export interface TcpFrontOptions {
  port?: number;
  /** 'first' (default): the first backend that accepts; 'round-robin': spread new connections. */
  balance?: 'first' | 'round-robin';
}

export async function startTcpFront(backends: number[], options: TcpFrontOptions = {}): Promise<TcpFront> {
  const pairs = new Set<Pair>();
  let turn = 0;
  const server = createServer((client) => {
    const pair: Pair = { client, upstream: null, silenced: false };
    pairs.add(pair);
    client.on('error', () => client.destroy());
    client.once('close', () => {
      // A silenced connection's far end must not learn that the client went away.
      if (!pair.silenced) pair.upstream?.destroy();
      if (!pair.silenced) pairs.delete(pair);
    });
    client.pause();
    const start = options.balance === 'round-robin' ? turn++ : 0;
    const tryBackend = (index: number) => {
      const count = front.backends.length;
      const target = index < count ? front.backends[(start + index) % count] : undefined;
      if (target === undefined) {
        client.destroy();
        return;
      }
      const upstream = connect({ host: '127.0.0.1', port: target });
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && pair.upstream === null) tryBackend(index + 1);
        else upstream.destroy();
      });
      upstream.once('connect', () => {
        pair.upstream = upstream;
        upstream.once('close', () => {
          if (!pair.silenced) client.destroy();
          pairs.delete(pair);
        });
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  const front: TcpFront = {
    port: actual,
    url: `http://localhost:${actual}`,
    backends,
    silence(clientPort) {
      for (const pair of pairs) {
        if (pair.silenced || !pair.upstream || pair.client.remotePort !== clientPort) continue;
        pair.silenced = true;
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.on('data', () => {});
        pair.upstream.on('data', () => {});
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return front;
}

/** The local port of a socket.io-client's WebSocket connection (the front sees it as remotePort). */
export function socketLocalPort(socket: { io: { engine: unknown } }): number {
  const engine = socket.io.engine as { transport: { ws?: { _socket?: { localPort?: number } } } };
  const port = engine.transport.ws?._socket?.localPort;
  if (!port) throw new Error('the socket has no open WebSocket connection');
  return port;
}
