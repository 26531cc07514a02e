/**
 * A load-generator process (forked by the benchmarks, pinned to the load core). It holds groups of
 * client connections — to our app (signed in, socket.io-client), to the bare Socket.IO reference or to
 * the raw ws reference — and answers the harness over IPC:
 *
 * - signin   {url, logins}: signs logins in ahead of time (connect then uses their cookies)
 * - connect  {group, kind, url, room, logins | count}: opens the connections (and joins the room)
 * - arm      {group, from, to}: receivers count messages whose planned send time is in [from, to)
 * - send     {group, rate, startAt, endAt, size}: the group's first client sends on a fixed schedule;
 *            each message carries its planned send time, latency is measured from it (open loop)
 * - collect  {group}: the latency histogram and delivery counts since arm
 * - watch    {group, event, since}: arrival of a server push (e.g. sportsDataUpdated) at each client
 * - close    {group}
 */
import { io as connectSio, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { Histogram, monoMs } from './histogram';
import { mapLimit, signIn } from './sign-in';

type Kind = 'app' | 'sio' | 'ws';

interface Client {
  sio?: Socket;
  ws?: WebSocket;
  login: string;
  /** Arrival time (mono ms) of the last watched push, NaN before one. */
  pushedAt: number;
  pushes: number;
}

interface Group {
  kind: Kind;
  room: string;
  clients: Client[];
  hist: Histogram;
  from: number;
  to: number;
  deliveries: number;
  /** Deliveries of messages outside the armed window (warm-up, drain). */
  other: number;
  watched?: string;
}

const groups = new Map<string, Group>();
/** Session cookies of logins signed in ahead of connecting (`signin`). */
const cookies = new Map<string, string>();

/** The payload of a message: its planned send time first, then padding to `size` characters. */
function text(planned: number, seq: number, size: number): string {
  const head = `${planned.toFixed(3)}|${seq}|`;
  return head + 'x'.repeat(Math.max(0, size - head.length));
}

function onText(group: Group, message: string): void {
  const planned = Number.parseFloat(message.slice(0, message.indexOf('|')));
  // The planned time travels rounded to the microsecond: compare with that tolerance.
  if (planned >= group.from - 0.001 && planned < group.to - 0.001) {
    group.hist.record(monoMs() - planned);
    group.deliveries++;
  } else {
    group.other++;
  }
}

/** The object our server broadcasts for a chat message; the references broadcast the same shape. */
function chatMessageLike(room: string, message: string) {
  return {
    id: `${Date.now()}-0`,
    gameId: room,
    login: 'bench-sender-0000',
    username: 'Bench-sender-0000',
    message,
    timestamp: new Date().toISOString(),
    team: 'home',
    teamName: 'Chiefs',
    role: 'user',
  };
}

function watchPush(client: Client) {
  return () => {
    client.pushedAt = monoMs();
    client.pushes++;
  };
}

async function openClient(group: Group, url: string, login: string, cookie: string | null): Promise<Client> {
  const client: Client = { login, pushedAt: Number.NaN, pushes: 0 };
  if (group.kind === 'ws') {
    const target = new URL(url);
    target.searchParams.set('room', group.room);
    const ws = new WebSocket(target, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      const parsed = JSON.parse(data.toString()) as { data: { message: string } };
      onText(group, parsed.data.message);
    });
    client.ws = ws;
    return client;
  }
  const socket = connectSio(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
    ...(group.kind === 'sio' ? { query: { room: group.room } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  socket.on('chat:message-created', (message: { message: string }) => onText(group, message.message));
  client.sio = socket;
  if (group.kind === 'app' && group.room) {
    const answer = (await socket.timeout(30_000).emitWithAck('chat:join', { gameId: group.room })) as {
      ok: boolean;
      error?: { message: string };
    };
    if (!answer.ok) throw new Error(`chat:join refused: ${answer.error?.message}`);
  }
  if (group.watched) socket.on(group.watched, watchPush(client));
  return client;
}

interface ConnectRequest {
  group: string;
  kind: Kind;
  url: string;
  room: string;
  logins?: string[];
  count?: number;
  concurrency?: number;
  /** Listen for this server push from the start (scoreboard). */
  watch?: string;
}

async function connect(request: ConnectRequest) {
  const group: Group = groups.get(request.group) ?? {
    kind: request.kind,
    room: request.room,
    clients: [],
    hist: new Histogram(),
    from: Infinity,
    to: -Infinity,
    deliveries: 0,
    other: 0,
    watched: request.watch,
  };
  groups.set(request.group, group);
  const logins = request.logins ?? Array.from({ length: request.count ?? 0 }, (_, i) => `anon-${i}`);
  let failed = 0;
  let firstError: string | null = null;
  const started = monoMs();
  let signInMs = 0;
  await mapLimit(logins, request.concurrency ?? 16, async (login) => {
    try {
      let cookie: string | null = null;
      if (request.kind === 'app') {
        const before = monoMs();
        cookie = cookies.get(login) ?? (await signIn(request.url, login));
        signInMs += monoMs() - before;
      }
      group.clients.push(await openClient(group, request.url, login, cookie));
    } catch (error) {
      failed++;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  });
  return { connected: group.clients.length, failed, firstError, ms: monoMs() - started, signInMs };
}

interface SendRequest {
  group: string;
  rate: number;
  startAt: number;
  endAt: number;
  size: number;
}

async function send(request: SendRequest) {
  const group = groups.get(request.group)!;
  const sender = group.clients[0]!;
  const interval = 1000 / request.rate;
  let seq = 0;
  let acked = 0;
  let refused = 0;
  let firstError: string | null = null;
  let maxLagMs = 0;
  const acks: Promise<void>[] = [];

  const sendOne = (planned: number) => {
    const message = text(planned, seq++, request.size);
    if (group.kind === 'ws') {
      sender.ws!.send(
        JSON.stringify({ event: 'chat:message-created', data: chatMessageLike(group.room, message) }),
      );
      return;
    }
    const payload =
      group.kind === 'app'
        ? { gameId: group.room, message, team: 'home', teamName: 'Chiefs' }
        : chatMessageLike(group.room, message);
    acks.push(
      sender
        .sio!.timeout(30_000)
        .emitWithAck('chat:send', payload)
        .then(
          (answer: { ok: boolean; error?: { message: string } }) => {
            if (answer.ok) acked++;
            else {
              refused++;
              firstError ??= answer.error?.message ?? 'refused';
            }
          },
          (error: Error) => {
            refused++;
            firstError ??= error.message;
          },
        ),
    );
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = monoMs();
      let planned = request.startAt + seq * interval;
      // Every message whose time has come goes now, however late: a stall shows up as latency.
      while (planned <= now && planned < request.endAt) {
        maxLagMs = Math.max(maxLagMs, now - planned);
        sendOne(planned);
        planned = request.startAt + seq * interval;
      }
      if (planned >= request.endAt) return resolve();
      setTimeout(tick, Math.max(0, planned - monoMs()));
    };
    setTimeout(tick, Math.max(0, request.startAt - monoMs()));
  });
  await Promise.all(acks);
  return { sent: seq, acked, refused, firstError, maxLagMs };
}

/** Where each client's last watched push arrived, relative to `since` (mono ms). */
function pushes(request: { group: string; since: number }) {
  const group = groups.get(request.group)!;
  const hist = new Histogram();
  let missing = 0;
  let max = 0;
  let min = Infinity;
  for (const client of group.clients) {
    if (!(client.pushedAt >= request.since)) {
      missing++;
      continue;
    }
    const latency = client.pushedAt - request.since;
    hist.record(latency);
    max = Math.max(max, latency);
    min = Math.min(min, latency);
  }
  return { hist: hist.toSparse(), missing, max, min, clients: group.clients.length };
}

async function handle(message: Record<string, unknown> & { cmd: string; group: string }) {
  switch (message.cmd) {
    case 'connect':
      return connect(message as unknown as ConnectRequest);
    case 'signin': {
      const { url, logins } = message as unknown as { url: string; logins: string[] };
      await mapLimit(logins, 16, async (login) => cookies.set(login, await signIn(url, login)));
      return { signedIn: logins.length };
    }
    case 'arm': {
      const group = groups.get(message.group)!;
      group.hist = new Histogram();
      group.deliveries = 0;
      group.other = 0;
      group.from = message.from as number;
      group.to = message.to as number;
      return {};
    }
    case 'send':
      return send(message as unknown as SendRequest);
    case 'collect': {
      const group = groups.get(message.group)!;
      return { hist: group.hist.toSparse(), deliveries: group.deliveries, other: group.other };
    }
    case 'pushes':
      return pushes(message as unknown as { group: string; since: number });
    case 'close': {
      const group = groups.get(message.group);
      for (const client of group?.clients ?? []) {
        client.sio?.close();
        client.ws?.close();
      }
      groups.delete(message.group);
      return {};
    }
    case 'cpu':
      return { cpu: process.cpuUsage() };
    default:
      throw new Error(`unknown command ${message.cmd}`);
  }
}

process.on('message', (message: Record<string, unknown> & { id: number; cmd: string; group: string }) => {
  handle(message).then(
    (answer) => process.send!({ ...answer, id: message.id }),
    (error: unknown) =>
      process.send!({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
