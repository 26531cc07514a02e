/**
 * Preload (`node --import tsx --import ./tests/helpers/loopback-only.ts`) for an app a test runs with
 * nothing configured: its default sources (ESPN, news feeds) are on the internet, and a test sends
 * traffic only to loopback. Connections elsewhere are stopped before a packet leaves (the network
 * guard), and name lookups of anything but localhost fail at once without a DNS query. The app sees
 * what it sees offline: its sources fail and it says so.
 */
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { installNetworkGuard } from '../security/network-guard';

/** Names answered as usual: localhost, and address literals (listen() looks its host up too). */
const answersLocally = (hostname: string) => hostname === 'localhost' || net.isIP(hostname) !== 0;

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (loopback-only test run)`), {
    code: 'ENOTFOUND',
    hostname,
  });
}

const originalLookup = dns.lookup;
const originalPromiseLookup = dns.promises.lookup;

dns.lookup = function loopbackLookup(hostname: string, ...rest: unknown[]) {
  if (answersLocally(hostname)) return (originalLookup as (...args: unknown[]) => void)(hostname, ...rest);
  const callback = rest.at(-1) as (error: Error) => void;
  process.nextTick(() => callback(notFound(hostname)));
} as typeof dns.lookup;

dns.promises.lookup = async function loopbackPromiseLookup(hostname: string, options?: unknown) {
  if (answersLocally(hostname)) return originalPromiseLookup(hostname, options as dns.LookupOptions);
  throw notFound(hostname);
} as typeof dns.promises.lookup;

// ESM imports of node:dns and node:dns/promises see the patched functions too.
syncBuiltinESMExports();
installNetworkGuard();
