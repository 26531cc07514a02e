import type { Namespace } from 'socket.io';
import type { Ack, ClientToServerEvents } from '@shared/events';
import type { Config } from '../config';
import { errors } from '../errors';
import { gameRoom, isGameRoom } from './rooms';

/**
 * What one client may hold on the server. Without these a single socket could read the chat history
 * thousands of times a second (hundreds of megabytes, the event loop busy for seconds), sit in tens
 * of thousands of rooms, and one login could open enough sockets to fill a voice room on its own.
 * The defaults are far above what a person does in the app (one or two game rooms, a burst of about
 * a hundred signalling messages when joining a full voice room, a page of history now and then).
 */
export interface SocketLimits {
  /** Tokens a socket starts with and can save up: the largest burst of events it may send. */
  eventBurst: number;
  /** Tokens given back per second: the sustained event rate. */
  eventsPerSecond: number;
  /** Game rooms (chat, voice) one socket may be in at once. */
  roomLimit: number;
  /** Open sockets one login may have, counted across every instance. */
  socketsPerLogin: number;
}

export const socketLimits = (config: Config): SocketLimits => ({
  eventBurst: config.SOCKET_EVENT_BURST,
  eventsPerSecond: config.SOCKET_EVENTS_PER_SECOND,
  roomLimit: config.SOCKET_ROOM_LIMIT,
  socketsPerLogin: config.SOCKETS_PER_LOGIN_LIMIT,
});

/** Tokens an event costs unless listed in EVENT_COST_TOKENS. */
const DEFAULT_EVENT_COST_TOKENS = 1;

/**
 * Events that answer a page of stored chat history (up to hundreds of messages) cost as much as ten
 * small ones: with the default budget a socket reads at most two pages a second once its burst is
 * spent, where a person scrolling back reads one now and then.
 */
const EVENT_COST_TOKENS: Partial<Record<keyof ClientToServerEvents, number>> = {
  'chat:join': 10,
  'chat:history': 10,
  'chat:sync': 10,
  // The newest hundred messages of a room, and up to a hundred for each of fifty games.
  'chat:speakers': 10,
  'chat:unread': 10,
};

type Packet = [event: string, ...args: unknown[]];

/**
 * A socket's event budget, as Socket.IO middleware: a token bucket that every incoming event,
 * known or not, draws from before any handler runs. An event over budget is not handled; its
 * acknowledgement (when it has one) is `rate_limited` with the wait until it would be accepted.
 * Each socket gets its own bucket, so the socket that floods is the only one refused.
 */
const monotonicNow = () => performance.now();

export function eventBudget(limits: SocketLimits, now: () => number = monotonicNow) {
  let tokens = limits.eventBurst;
  let refilledAt = now();
  return (packet: Packet, next: (error?: Error) => void): void => {
    // A burst configured below an event's cost still lets that event through with a full bucket.
    const cost = Math.min(
      limits.eventBurst,
      EVENT_COST_TOKENS[packet[0] as keyof ClientToServerEvents] ?? DEFAULT_EVENT_COST_TOKENS,
    );
    const at = now();
    tokens = Math.min(limits.eventBurst, tokens + ((at - refilledAt) / 1000) * limits.eventsPerSecond);
    refilledAt = at;
    if (tokens >= cost) {
      tokens -= cost;
      next();
      return;
    }
    const ack = packet.at(-1);
    if (typeof ack !== 'function') return;
    const retryAfterMs = Math.max(1, Math.ceil(((cost - tokens) / limits.eventsPerSecond) * 1000));
    (ack as (answer: Ack<never>) => void)(rateLimitedAck(retryAfterMs));
  };
}

export function rateLimitedAck(retryAfterMs: number): Ack<never> {
  return {
    ok: false,
    error: {
      code: 'rate_limited',
      message: `Too many requests. Try again in ${Math.ceil(retryAfterMs / 1000)} s.`,
      retryAfterMs,
    },
  };
}

const limitsByNamespace = new WeakMap<Namespace, SocketLimits>();

/** Records the limits of a namespace's sockets, for joinGameRoom. */
export function setNamespaceLimits(namespace: Namespace, limits: SocketLimits): void {
  limitsByNamespace.set(namespace, limits);
}

interface RoomSocket {
  nsp: Namespace;
  rooms: Set<string>;
  join(room: string): Promise<void> | void;
}

/**
 * Joins a game's room unless the socket is already in as many as it may be: `limit_reached` then.
 * The check and the join happen in one step (no await between), so a burst of joins cannot pass
 * the limit together.
 */
export function joinGameRoom(socket: RoomSocket, gameId: string): Promise<void> | void {
  const room = gameRoom(gameId);
  if (socket.rooms.has(room)) return;
  const limit = limitsByNamespace.get(socket.nsp)?.roomLimit ?? Infinity;
  let joined = 0;
  for (const name of socket.rooms) if (isGameRoom(name)) joined++;
  if (joined >= limit) {
    throw errors.limitReached(
      `You are in ${limit} game rooms already, the most one connection may be in. Leave one to join another.`,
    );
  }
  return socket.join(room);
}
