import type { Namespace } from 'socket.io';
import type { SocketData } from '@shared/events';
import { isLeagueMembersRoom } from './rooms';

type Adapter = Namespace['adapter'];
type RecoveredSession = NonNullable<Awaited<ReturnType<Adapter['restoreSession']>>>;

/** What recovery gives back to a socket that dropped: the rooms it was in and what they were sent meanwhile. */
interface HeldState {
  rooms: RecoveredSession['rooms'];
  missedPackets: RecoveredSession['missedPackets'];
}

/** By the recovered socket's data from before it dropped: what `resumeRecovered` gives back. */
const held = new WeakMap<object, HeldState>();

/**
 * Connection state recovery puts a returning socket back in its rooms and replays what they were sent
 * while it was away, as Socket.IO builds the socket: before any middleware has read the cookie it
 * comes back with. In a browser where a moderator signed out and someone else signed in, the socket
 * comes back with the new person's cookie, and would stay in the moderator's rooms (the moderation
 * log, `user:` and voice rooms, ...) and be handed what was sent to them.
 *
 * Here the namespace's recoveries restore nothing by themselves: the session's rooms and missed
 * events wait for the handshake middleware, which gives them back (`resumeRecovered`) only to the
 * same session with the same role. Middlewares must run on recovered connections for this
 * (`connectionStateRecovery.skipMiddlewares: false`).
 */
export function holdRecoveredState(namespace: Namespace): void {
  const adapter = namespace.adapter;
  // A league's rooms are never kept for a recovery: the person may have left the league while away.
  // Events sent only to those rooms are not replayed either; the client asks for the league and its
  // draft room again when it is back, and is checked then.
  const persist = adapter.persistSession.bind(adapter);
  adapter.persistSession = (session) =>
    persist({ ...session, rooms: session.rooms.filter((room) => !isLeagueMembersRoom(room)) });
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    // Data that is not an object never came from this server: its rooms and events are dropped.
    const data: unknown = session.data;
    if (typeof data === 'object' && data !== null) {
      held.set(data, { rooms: session.rooms, missedPackets: session.missedPackets });
    }
    return { ...session, rooms: [], missedPackets: [] };
  };
}

/** Socket.IO's event packet type (socket.io-parser's PacketType.EVENT). */
const EVENT_PACKET = 2;

interface RecoveredSocket {
  join(rooms: string[]): Promise<void> | void;
}

/**
 * Gives a recovered socket its rooms and missed events back when it comes back as the session and
 * role it left as (`previous` is its data from before it dropped, `now` what the handshake read);
 * anything else starts afresh, in no room of the person before. A socket that was not recovered has
 * nothing held and is left as it is. Call it before the first await of the handshake middleware, so
 * nothing sent to those rooms in between is missed.
 */
export function resumeRecovered(socket: RecoveredSocket, previous: object, now: SocketData): void {
  const state = held.get(previous);
  if (!state) return;
  held.delete(previous);
  const before = previous as Partial<SocketData>;
  if (before.sessionKey !== now.sessionKey || before.role !== now.role) return;
  void socket.join(state.rooms);
  // Sent as Socket.IO's own recovery sends them (private `packet`), before the connection is
  // acknowledged: the client holds them until then, and each carries its offset for the next recovery.
  const send = socket as unknown as { packet(packet: { type: number; data: unknown[] }): void };
  for (const data of state.missedPackets) send.packet({ type: EVENT_PACKET, data });
}
