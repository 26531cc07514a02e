/**
 * Acknowledged emits for tests, typed from the socket contract like the app's own requests: the
 * payload is checked against the event and the acknowledgement comes back typed, success or refusal.
 * A missing acknowledgement rejects after the deadline instead of hanging the test.
 */
import {
  emitAck,
  emitAckUntyped,
  type AckSocket,
  type RequestEvent,
  type RequestPayload,
} from '@shared/socket-request';

/** An `emit` whose acknowledgement deadline defaults to `defaultMs`. */
export function emitWithin(defaultMs: number) {
  return <E extends RequestEvent>(socket: AckSocket, event: E, payload: RequestPayload<E>, ms = defaultMs) =>
    emitAck(socket, event, payload, ms);
}

export const emit = emitWithin(5000);

/**
 * Any event name with any payload, outside the contract's types: for tests that send malformed or
 * unknown requests on purpose to check the server refuses them.
 */
export const emitUntyped = (socket: AckSocket, event: string, payload: unknown, ms = 5000) =>
  emitAckUntyped(socket, event, payload, ms);
