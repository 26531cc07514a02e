/**
 * A tripwire for tests that hand the server hostile URLs: every outgoing TCP connection of this test
 * process must go to loopback. Anything else (a private, link-local or metadata address, or a public
 * one) is stopped before a packet is sent and recorded, so the test can fail on it. Host names are
 * checked on the address their lookup gives (the server's guarded fetcher pins its own lookup).
 */
import net from 'node:net';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

export interface NetworkGuard {
  /** Every refused destination, as host:port. */
  readonly refused: string[];
  restore(): void;
}

type LookupCallback = (error: Error | null, address: unknown, family?: number) => void;
type Lookup = (hostname: string, options: unknown, callback: LookupCallback) => void;

export function installNetworkGuard(): NetworkGuard {
  const refused: string[] = [];
  const original = net.Socket.prototype.connect;
  const block = (socket: net.Socket, where: string) => {
    refused.push(where);
    process.nextTick(() => socket.destroy(new Error(`test network guard: refused a connection to ${where}`)));
    return socket;
  };
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (
      typeof first === 'object' && first !== null
        ? first
        : typeof first === 'number' || typeof first === 'string'
          ? { port: first, host: typeof args[1] === 'string' ? args[1] : 'localhost' }
          : {}
    ) as { host?: string; port?: number; path?: string; lookup?: Lookup };
    if (options.path) return original.apply(this, args as Parameters<typeof original>);
    const host = (options.host ?? 'localhost').replace(/^\[|\]$/g, '');
    const where = `${host}:${options.port}`;
    if (net.isIP(host)) {
      return LOOPBACK.test(host)
        ? original.apply(this, args as Parameters<typeof original>)
        : block(this, where);
    }
    if (host === 'localhost' && !options.lookup)
      return original.apply(this, args as Parameters<typeof original>);
    if (!options.lookup) return block(this, where);
    // A pinned lookup (the guarded fetcher's): let it answer, then check what it answered.
    const lookup = options.lookup;
    const checkedLookup: Lookup = (hostname, lookupOptions, callback) =>
      lookup(hostname, lookupOptions, (error, address, family) => {
        if (error) return callback(error, address, family);
        const addresses = Array.isArray(address)
          ? (address as Array<{ address: string }>).map((entry) => entry.address)
          : [address as string];
        const outside = addresses.find((candidate) => !LOOPBACK.test(candidate));
        if (outside) {
          refused.push(`${hostname} → ${outside}:${options.port}`);
          return callback(new Error(`test network guard: refused ${outside}`), address, family);
        }
        callback(null, address, family);
      });
    const patched = { ...options, lookup: checkedLookup };
    return original.apply(this, [patched, ...args.slice(1)] as unknown as Parameters<typeof original>);
  } as typeof original;
  return {
    refused,
    restore() {
      net.Socket.prototype.connect = original;
    },
  };
}
