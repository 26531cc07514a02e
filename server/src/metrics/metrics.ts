import type { ClientToServerEvents } from '@shared/events';

/** A client event the server acknowledges: the only values the latency's `event` label takes. */
export type AckedEvent = keyof ClientToServerEvents;

/** Where a Redis error was seen: a connection's own error event, or the health PING. */
export type RedisErrorSource = 'commands' | 'socket-adapter' | 'ping';

/** The time one event's handler took, from the event to its acknowledgement. */
export interface AckTimer {
  /** Records one handler run of this many seconds. */
  observe(seconds: number): void;
}

/**
 * What the features report for the operator's metrics (docs/deployment.md, Metrics). Features get
 * it from the composition root, never from a global, and call it on their hot paths: each call is
 * a number added to, with nothing allocated. With metrics off it is `noMetrics`, which does nothing.
 */
export interface Metrics {
  /** The timer of one event's handlers, bound once when the handlers are built (not per event). */
  ackTimer(event: AckedEvent): AckTimer;
  /** A chat message was stored (over the socket or REST). */
  chatMessageStored(): void;
  /** A fan's reaction on a message was added or taken back. */
  chatReactionChanged(): void;
  /** The scoreboard was fetched from its source and stored by this instance, at `at`. */
  scoreboardRefreshed(at: Date): void;
  /** A refresh of the scoreboard from its source failed (the last scoreboard stays). */
  scoreboardRefreshFailed(): void;
  redisError(source: RedisErrorSource): void;
}

const noAckTimer: AckTimer = { observe() {} };

/** Metrics off: every report is dropped. */
export const noMetrics: Metrics = {
  ackTimer: () => noAckTimer,
  chatMessageStored() {},
  chatReactionChanged() {},
  scoreboardRefreshed() {},
  scoreboardRefreshFailed() {},
  redisError() {},
};
