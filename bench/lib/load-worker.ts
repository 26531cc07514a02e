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
 * - storm    {group, since}: of a group connected with `reconnect`, how many clients are back (rejoined
 *            and caught up with chat:sync) since a drop at `since`, and when the last one was
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
  /** The newest chat message id the client has (ours): what it asks chat:sync for after a drop. */
  lastId: string | null;
  /** When (mono ms) the client was last back in the room and caught up after a reconnect. */
  backAt: number;
  /** Messages chat:sync gave back after reconnects. */
  caughtUp: number;
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
  /** The game each client watches the Gamecast of (ours). */
  gamecast?: string;
  /** Clients reconnect on their own with the app client's backoff, then rejoin and catch up. */
  reconnect: boolean;
  /** Reconnects that failed to rejoin or catch up. */
  rejoinErrors: number;
  rejoinError: string | null;
  /** Failed connection attempts while reconnecting, and the first one's reason. */
  connectErrors: number;
  connectError: string | null;
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

type AckAnswer<T> = { ok: true; data: T } | { ok: false; error?: { message: string } };
type Page = { messages: Array<{ id: string }> };

/**
 * The app's rejoin after every reconnect, recovered or not (client/src/features/chat): chat:join,
 * then chat:sync from the newest id. New messages come on the game's feed, which recovery does not
 * replay.
 */
async function rejoin(group: Group, client: Client, socket: Socket): Promise<void> {
  const after = client.lastId;
  const joined = (await socket
    .timeout(60_000)
    .emitWithAck('chat:join', { gameId: group.room })) as AckAnswer<Page>;
  if (!joined.ok) throw new Error(`chat:join refused: ${joined.error?.message}`);
  noteIds(client, joined.data.messages);
  if (after) {
    const missed = (await socket
      .timeout(60_000)
      .emitWithAck('chat:sync', { gameId: group.room, after })) as AckAnswer<Page>;
    if (!missed.ok) throw new Error(`chat:sync refused: ${missed.error?.message}`);
    client.caughtUp += missed.data.messages.length;
    noteIds(client, missed.data.messages);
  }
  client.backAt = monoMs();
}

function noteIds(client: Client, messages: Array<{ id: string }>): void {
  const newest = messages.at(-1)?.id;
  if (newest && (!client.lastId || compareIds(newest, client.lastId) > 0)) client.lastId = newest;
}

const compareIds = (a: string, b: string) => {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs === bMs ? aSeq - bSeq : aMs - bMs;
};

async function openClient(group: Group, url: string, login: string, cookie: string | null): Promise<Client> {
  const client: Client = {
    login,
    pushedAt: Number.NaN,
    pushes: 0,
    lastId: null,
    backAt: Number.NaN,
    caughtUp: 0,
  };
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
    // The app's client keeps Socket.IO's reconnection defaults (client/src/lib/socket.ts): a first
    // retry after 1 s ± 50 %, doubling up to 5 s.
    reconnection: group.reconnect,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
    ...(group.kind === 'sio' ? { query: { room: group.room } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    const refused = (error: Error) => {
      socket.close();
      reject(error);
    };
    socket.once('connect_error', refused);
    socket.once('connect', () => {
      // Later connect errors are retries of a reconnecting client, not a refusal of this one.
      socket.off('connect_error', refused);
      resolve();
    });
  });
  socket.on('chat:message-created', (message: { id: string; message: string }) => {
    if (group.reconnect) noteIds(client, [message]);
    onText(group, message.message);
  });
  client.sio = socket;
  if (group.kind === 'app' && group.room) {
    const answer = (await socket
      .timeout(30_000)
      .emitWithAck('chat:join', { gameId: group.room })) as AckAnswer<Page>;
    if (!answer.ok) throw new Error(`chat:join refused: ${answer.error?.message}`);
    noteIds(client, answer.data.messages);
  }
  if (group.kind === 'app' && group.gamecast) {
    const answer = (await socket
      .timeout(30_000)
      .emitWithAck('gamecast:watch', { gameId: group.gamecast })) as AckAnswer<unknown>;
    if (!answer.ok) throw new Error(`gamecast:watch refused: ${answer.error?.message}`);
  }
  if (group.reconnect) {
    socket.on('connect_error', (error: Error) => {
      group.connectErrors++;
      group.connectError ??= error.message;
    });
    // Every later connect is a reconnect: the bare server puts it back in the room by itself.
    socket.on('connect', () => {
      if (group.kind !== 'app') {
        client.backAt = monoMs();
        return;
      }
      rejoin(group, client, socket).catch((error: unknown) => {
        group.rejoinErrors++;
        group.rejoinError ??= error instanceof Error ? error.message : String(error);
      });
    });
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
  /** Open this game's Gamecast once connected (gamecast:watch). */
  gamecast?: string;
  reconnect?: boolean;
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
    gamecast: request.gamecast,
    reconnect: request.reconnect ?? false,
    rejoinErrors: 0,
    rejoinError: null,
    connectErrors: 0,
    connectError: null,
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

/** How many of a reconnecting group are back and caught up since a drop at `since` (mono ms). */
function storm(request: { group: string; since: number }) {
  const group = groups.get(request.group)!;
  const hist = new Histogram();
  let back = 0;
  let last = 0;
  let caughtUp = 0;
  for (const client of group.clients) {
    caughtUp += client.caughtUp;
    if (!(client.backAt >= request.since)) continue;
    back++;
    hist.record(client.backAt - request.since);
    last = Math.max(last, client.backAt - request.since);
  }
  return {
    back,
    clients: group.clients.length,
    connected: group.clients.filter((client) => client.sio?.connected).length,
    // Neither connected nor trying again: the client gave up (a refusal it does not retry).
    stopped: group.clients.filter((client) => client.sio && !client.sio.active).length,
    last,
    caughtUp,
    hist: hist.toSparse(),
    rejoinErrors: group.rejoinErrors,
    rejoinError: group.rejoinError,
    connectErrors: group.connectErrors,
    connectError: group.connectError,
  };
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
    case 'storm':
      return storm(message as unknown as { group: string; since: number });
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
