import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { freePort } from './redis-server';

/**
 * A TURN server (Debian's coturn) on loopback for voice tests: with ICE_TRANSPORT_POLICY=relay every
 * media packet goes browser → 127.0.0.1 TURN → browser, so no packet ever leaves the machine.
 * coturn refuses loopback peers unless told otherwise (--allow-loopback-peers, DESIGN.md).
 */
export interface TurnServer {
  /** turn:127.0.0.1:PORT?transport=udp */
  url: string;
  username: string;
  credential: string;
  /** The RTCIceServer list for the app's ICE_SERVERS. */
  iceServers: { urls: string[]; username: string; credential: string }[];
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

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

export async function startTurnServer(binary = 'turnserver'): Promise<TurnServer> {
  const port = await freePort();
  const username = 'tt-voice';
  const credential = randomBytes(12).toString('hex');
  const child: ChildProcess = spawn(
    binary,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--min-port=49160',
      '--max-port=49400',
      '--lt-cred-mech',
      `--user=${username}:${credential}`,
      '--realm=tech-touchdown.test',
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
    username,
    credential,
    iceServers: [{ urls: [url], username, credential }],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
