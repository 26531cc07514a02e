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
  // The newest hundred messages of a room.
  'chat:speakers': 10,
  // The seen positions of up to fifty games; counting what came after them is charged by what it
  // reads (MESSAGES_READ_PER_TOKEN, chargeSocketWork).
  'chat:unread': 10,
  // A game's whole Gamecast: hundreds of plays and the box score.
  'gamecast:watch': 10,
};

/**
 * Stored messages one token pays for, where an event's work depends on what is stored (chat:unread
 * counts the messages after each seen position): the price of a page of history, which reads up to
 * a hundred for ten tokens.
 */
export const MESSAGES_READ_PER_TOKEN = 10;

type Packet = [event: string, ...args: unknown[]];

const monotonicNow = () => performance.now();

/** A socket's tokens: what its events, and the work they turn out to need, draw on. */
export interface TokenBucket {
  /** Takes `cost` when the bucket holds it and answers 0; else takes nothing and answers the wait in ms. */
  take(cost: number): number;
  /**
   * Takes `cost` whatever the bucket holds, for work already done: it may go below zero, and the
   * socket's next events wait until it has refilled. One charge takes at most a full bucket.
   */
  charge(cost: number): void;
}

/** A class, not closures: every idle connection holds one (bench/README.md, idle connections). */
class SocketTokens implements TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly limits: SocketLimits,
    private readonly now: () => number,
  ) {
    this.tokens = limits.eventBurst;
    this.refilledAt = now();
  }

  take(cost: number): number {
    this.refill();
    if (this.tokens >= cost) {
      this.tokens -= cost;
      return 0;
    }
    return Math.max(1, Math.ceil(((cost - this.tokens) / this.limits.eventsPerSecond) * 1000));
  }

  charge(cost: number): void {
    this.refill();
    this.tokens -= Math.min(this.limits.eventBurst, cost);
  }

  private refill(): void {
    const { eventBurst, eventsPerSecond } = this.limits;
    const at = this.now();
    this.tokens = Math.min(eventBurst, this.tokens + ((at - this.refilledAt) / 1000) * eventsPerSecond);
    this.refilledAt = at;
  }
}

export const tokenBucket = (limits: SocketLimits, now: () => number = monotonicNow): TokenBucket =>
  new SocketTokens(limits, now);

/**
 * A socket's event budget, as Socket.IO middleware: a token bucket that every incoming event,
 * known or not, draws from before any handler runs. An event over budget is not handled; its
 * acknowledgement (when it has one) is `rate_limited` with the wait until it would be accepted.
 * Each socket gets its own bucket, so the socket that floods is the only one refused.
 */
export function eventBudget(
  limits: SocketLimits,
  now: () => number = monotonicNow,
  bucket: TokenBucket = tokenBucket(limits, now),
) {
  return (packet: Packet, next: (error?: Error) => void): void => {
    // A burst configured below an event's cost still lets that event through with a full bucket.
    const cost = Math.min(
      limits.eventBurst,
      EVENT_COST_TOKENS[packet[0] as keyof ClientToServerEvents] ?? DEFAULT_EVENT_COST_TOKENS,
    );
    const retryAfterMs = bucket.take(cost);
    if (retryAfterMs === 0) {
      next();
      return;
    }
    const ack = packet.at(-1);
    if (typeof ack !== 'function') return;
    (ack as (answer: Ack<never>) => void)(rateLimitedAck(retryAfterMs));
  };
}

/** Each socket's bucket, for the handlers that charge work by what it turned out to be. */
const buckets = new WeakMap<object, TokenBucket>();

interface BudgetedSocket {
  use(middleware: (packet: Packet, next: (error?: Error) => void) => void): unknown;
}

/** Gives a socket its event budget: every event it sends draws on it first (eventBudget). */
export function useEventBudget(socket: BudgetedSocket, limits: SocketLimits): void {
  const bucket = tokenBucket(limits);
  buckets.set(socket, bucket);
  socket.use(eventBudget(limits, monotonicNow, bucket));
}

/**
 * Charges a socket's budget for work an event did beyond its own cost, once that is known (the
 * messages a count read): see TokenBucket.charge. A socket without a budget is not charged.
 */
export function chargeSocketWork(socket: object, tokens: number): void {
  if (tokens > 0) buckets.get(socket)?.charge(tokens);
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
