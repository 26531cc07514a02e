/**
 * Acknowledged socket requests, typed from `ClientToServerEvents`: the payload and the answer of an
 * event are inferred from its entry in the map, so a caller never names them or casts. The browser
 * app and the Node tests both use this module; it depends on no socket library, only on the small
 * part of a Socket.IO client socket it calls.
 */
import type { Ack, AckCallback, AckError, ClientToServerEvents } from './events';
import type { ErrorCode } from './errors';

/** Client events that take an acknowledgement (every event with a callback in the map). */
export type RequestEvent = {
  [E in keyof ClientToServerEvents]: NonNullable<
    Parameters<ClientToServerEvents[E]>[1]
  > extends AckCallback<never>
    ? E
    : never;
}[keyof ClientToServerEvents];

/** What an event sends. */
export type RequestPayload<E extends RequestEvent> = Parameters<ClientToServerEvents[E]>[0];

/** What a successful acknowledgement of an event carries. */
export type RequestAnswer<E extends RequestEvent> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends AckCallback<infer T> ? T : never;

/**
 * The part of a Socket.IO client socket a request needs: acknowledged emits with a deadline, after
 * which the promise rejects (a lost acknowledgement is an error, never a silent hang).
 */
export interface AckSocket {
  timeout(ms: number): { emitWithAck(event: never, ...args: never[]): Promise<unknown> };
}

type UntypedAckSocket = {
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
};

/** A refused request: the server's error code and message (when rate limited, the wait; when muted, until when). */
export class SocketRequestError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterMs?: number;
  readonly until?: string;

  constructor(error: AckError) {
    super(error.message);
    this.name = 'SocketRequestError';
    this.code = error.code;
    if (error.retryAfterMs !== undefined) this.retryAfterMs = error.retryAfterMs;
    if (error.until !== undefined) this.until = error.until;
  }
}

/** Sends `event` and resolves with its acknowledgement as the server sent it, success or refusal. */
export function emitAck<E extends RequestEvent>(
  socket: AckSocket,
  event: E,
  payload: RequestPayload<E>,
  timeoutMs: number,
): Promise<Ack<RequestAnswer<E>>> {
  return emitAckUntyped(socket, event, payload, timeoutMs) as Promise<Ack<RequestAnswer<E>>>;
}

/** Sends `event` and resolves with the acknowledged data; a refusal throws SocketRequestError. */
export async function socketRequest<E extends RequestEvent>(
  socket: AckSocket,
  event: E,
  payload: RequestPayload<E>,
  timeoutMs: number,
): Promise<RequestAnswer<E>> {
  const answer = await emitAck(socket, event, payload, timeoutMs);
  if (!answer.ok) throw new SocketRequestError(answer.error);
  return answer.data;
}

/**
 * Sends any event name with any payload, outside the contract's types. Only for tests that send
 * deliberately malformed requests to check the server refuses them; the app never uses it.
 */
export function emitAckUntyped(
  socket: AckSocket,
  event: string,
  payload: unknown,
  timeoutMs: number,
): Promise<Ack<unknown>> {
  return (socket as unknown as UntypedAckSocket).timeout(timeoutMs).emitWithAck(event, payload) as Promise<
    Ack<unknown>
  >;
}
