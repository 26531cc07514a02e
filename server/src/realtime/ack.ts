import type { z } from 'zod';
import type { Logger } from 'pino';
import type { AckCallback, AckError, ClientToServerEvents } from '@shared/events';
import { AppError, toErrorBody } from '../errors';
import { parseInput } from '../http/validate';
import type { AckTimer } from '../metrics/metrics';

/** The client events the server answers through an acknowledgement. */
export type AnsweredEvent = {
  [E in keyof ClientToServerEvents]: [AckOf<E>] extends [never] ? never : E;
}[keyof ClientToServerEvents];

type AckOf<E extends keyof ClientToServerEvents> = NonNullable<Parameters<ClientToServerEvents[E]>[1]>;

/** What the shared event map says `event` answers (the `T` of its `AckCallback<T>`). */
export type AnswerOf<E extends AnsweredEvent> = AckOf<E> extends AckCallback<infer T> ? T : never;

/**
 * A socket listener that answers `R`. Its acknowledgement is typed, so registering it for an event
 * whose map entry promises another answer (`socket.on('voice:join', listener)`) does not compile.
 */
export type AckedListener<Sock, R> = (this: Sock, payload: unknown, ack?: AckCallback<R>) => Promise<void>;

/**
 * Wraps a socket handler built once and shared by every socket: parses the payload with its schema,
 * runs the handler with the socket (Socket.IO calls a listener with `this` set to its socket), and
 * acknowledges `{ ok: true, data }` or `{ ok: false, error }`. A handler never throws past this
 * point, and a client that sent no callback simply gets nothing back. Per-socket closures would cost memory
 * on every idle connection (bench/README.md, idle connections). `timer` (the event's, from Metrics)
 * gets the time from the event to the answer, refusals included.
 */
export function ackedOnSocket<Sock, S extends z.ZodType, R>(
  logger: Logger,
  schema: S,
  handler: (socket: Sock, input: z.infer<S>) => Promise<R>,
  timer: AckTimer,
): AckedListener<Sock, R> {
  return function (this: Sock, payload: unknown, ack?: AckCallback<R>) {
    return answer(logger, schema, (input) => handler(this, input), payload, ack, timer);
  };
}

async function answer<S extends z.ZodType, R>(
  logger: Logger,
  schema: S,
  handler: (input: z.infer<S>) => Promise<R>,
  payload: unknown,
  ack: AckCallback<R> | undefined,
  timer: AckTimer,
): Promise<void> {
  const started = performance.now();
  // A client may send no callback, or something else in its place: it then gets no answer.
  const reply: AckCallback<R> = typeof ack === 'function' ? ack : () => {};
  try {
    const data = await handler(parseInput(schema, payload));
    reply({ ok: true, data });
  } catch (error) {
    if (!(error instanceof AppError)) logger.error({ err: error }, 'socket handler failed');
    const { body } = toErrorBody(error);
    reply({
      ok: false,
      error: { code: body.error.code, message: body.error.message, ...waitOf(body.error.details) },
    });
  }
  timer.observe((performance.now() - started) / 1000);
}

/** What a refusal says about waiting (slow mode's retryAfterMs, a time-out's until), for the client. */
function waitOf(details: unknown): Pick<AckError, 'retryAfterMs' | 'until'> {
  if (typeof details !== 'object' || details === null) return {};
  const { retryAfterMs, until } = details as Record<string, unknown>;
  return {
    ...(typeof retryAfterMs === 'number' ? { retryAfterMs } : {}),
    ...(typeof until === 'string' ? { until } : {}),
  };
}
