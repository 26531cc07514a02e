import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { freePort } from './redis-server';

/**
 * A TURN server (Debian's coturn) on loopback for voice tests: with ICE_TRANSPORT_POLICY=relay every
 * media packet goes browser → 127.0.0.1 TURN → browser, so no packet ever leaves the machine.
 * coturn refuses loopback peers unless told otherwise (--allow-loopback-peers).
 *
 * It checks credentials one of two ways: a static user (the default), or, given `authSecret`, the
 * TURN REST scheme (`--use-auth-secret`): a username `<expiry>:<anything>` whose password is
 * base64(HMAC-SHA1(secret, username)), refused once the expiry has passed.
 */
export interface TurnServer {
  /** turn:127.0.0.1:PORT?transport=udp */
  url: string;
  port: number;
  realm: string;
  /** The static user; empty with `authSecret`. */
  username: string;
  credential: string;
  /** The RTCIceServer list for the app's ICE_SERVERS (the static user). */
  iceServers: { urls: string[]; username: string; credential: string }[];
  stop(): Promise<void>;
}

export interface TurnServerOptions {
  binary?: string;
  /** coturn's static-auth-secret: credentials are the TURN REST ones made from it. */
  authSecret?: string;
}

const START_TIMEOUT_MS = 10_000;
const REALM = 'tech-touchdown.test';

/** Sends a STUN binding request until the server answers, so callers know it is listening. */
async function waitForStun(port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0); // Binding Request
  request.writeUInt16BE(0, 2);
  request.writeUInt32BE(0x2112a442, 4); // magic cookie
  randomBytes(12).copy(request, 8);
  while (Date.now() < deadline) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      const timer = setTimeout(() => {
        socket.close();
        resolve(false);
      }, 200);
      socket.once('message', () => {
        clearTimeout(timer);
        socket.close();
        resolve(true);
      });
      socket.send(request, port, '127.0.0.1');
    });
    if (answered) return;
  }
  throw new Error(`turnserver did not answer on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms`);
}

export async function startTurnServer(options: TurnServerOptions = {}): Promise<TurnServer> {
  const port = await freePort();
  const rest = options.authSecret !== undefined;
  const username = rest ? '' : 'tt-voice';
  const credential = rest ? '' : randomBytes(12).toString('hex');
  const auth = rest
    ? ['--use-auth-secret', `--static-auth-secret=${options.authSecret}`]
    : ['--lt-cred-mech', `--user=${username}:${credential}`];
  const child: ChildProcess = spawn(
    options.binary ?? 'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--min-port=49160',
      '--max-port=49400',
      ...auth,
      `--realm=${REALM}`,
      '--no-tls',
      '--no-dtls',
      '--allow-loopback-peers',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));
  await waitForStun(port);
  const url = `turn:127.0.0.1:${port}?transport=udp`;
  return {
    url,
    port,
    realm: REALM,
    username,
    credential,
    iceServers: [{ urls: [url], username, credential }],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// --- A minimal TURN client: one Allocate with long-term credentials (RFC 8489, RFC 8656) -----------

const MAGIC_COOKIE = 0x2112a442;
const ALLOCATE_REQUEST = 0x0003;
const ALLOCATE_SUCCESS = 0x0103;
const ATTR = {
  USERNAME: 0x0006,
  MESSAGE_INTEGRITY: 0x0008,
  ERROR_CODE: 0x0009,
  REALM: 0x0014,
  NONCE: 0x0015,
  REQUESTED_TRANSPORT: 0x0019,
} as const;
const UDP = 17;

function attribute(type: number, value: Buffer): Buffer {
  const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4);
  padded.writeUInt16BE(type, 0);
  padded.writeUInt16BE(value.length, 2);
  value.copy(padded, 4);
  return padded;
}

function message(type: number, transactionId: Buffer, attributes: Buffer[], integrityKey?: Buffer): Buffer {
  const body = Buffer.concat(attributes);
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(header, 8);
  if (!integrityKey) {
    header.writeUInt16BE(body.length, 2);
    return Buffer.concat([header, body]);
  }
  // The length covers MESSAGE-INTEGRITY, whose HMAC covers everything before it.
  header.writeUInt16BE(body.length + 24, 2);
  const hmac = createHmac('sha1', integrityKey)
    .update(Buffer.concat([header, body]))
    .digest();
  return Buffer.concat([header, body, attribute(ATTR.MESSAGE_INTEGRITY, hmac)]);
}

function parse(packet: Buffer): { type: number; attributes: Map<number, Buffer> } {
  const attributes = new Map<number, Buffer>();
  let offset = 20;
  const end = 20 + packet.readUInt16BE(2);
  while (offset + 4 <= end) {
    const type = packet.readUInt16BE(offset);
    const length = packet.readUInt16BE(offset + 2);
    attributes.set(type, packet.subarray(offset + 4, offset + 4 + length));
    offset += 4 + Math.ceil(length / 4) * 4;
  }
  return { type: packet.readUInt16BE(0), attributes };
}

/** A UDP socket to 127.0.0.1:`port` that sends a request and waits for its answer. */
function turnSocket(port: number) {
  const socket = createSocket('udp4');
  return {
    exchange: (request: Buffer) =>
      new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no TURN answer from 127.0.0.1:${port}`)),
          START_TIMEOUT_MS,
        );
        socket.once('message', (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        socket.send(request, port, '127.0.0.1');
      }),
    close: () => socket.close(),
  };
}

/**
 * Asks the TURN server on 127.0.0.1:`port` for a relay with these credentials, as a browser does:
 * an unauthenticated Allocate for the realm and nonce, then the signed one. Resolves to 'allocated',
 * or to the STUN error code the server answered (401: the credentials were refused).
 */
export async function allocateRelay(
  port: number,
  username: string,
  password: string,
): Promise<'allocated' | number> {
  const transport = attribute(ATTR.REQUESTED_TRANSPORT, Buffer.from([UDP, 0, 0, 0]));
  // Both requests from one socket: the server ties its nonce to the client's address and port.
  const socket = turnSocket(port);
  let answer: ReturnType<typeof parse>;
  try {
    const challenge = parse(await socket.exchange(message(ALLOCATE_REQUEST, randomBytes(12), [transport])));
    const realm = challenge.attributes.get(ATTR.REALM);
    const nonce = challenge.attributes.get(ATTR.NONCE);
    if (!realm || !nonce) throw new Error('the TURN server asked for no credentials');
    const key = createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest();
    const signed = message(
      ALLOCATE_REQUEST,
      randomBytes(12),
      [
        transport,
        attribute(ATTR.USERNAME, Buffer.from(username)),
        attribute(ATTR.REALM, realm),
        attribute(ATTR.NONCE, nonce),
      ],
      key,
    );
    answer = parse(await socket.exchange(signed));
  } finally {
    socket.close();
  }
  if (answer.type === ALLOCATE_SUCCESS) return 'allocated';
  const error = answer.attributes.get(ATTR.ERROR_CODE);
  if (!error) throw new Error(`unexpected TURN answer type 0x${answer.type.toString(16)}`);
  return (error[2]! & 0x07) * 100 + error[3]!;
}
