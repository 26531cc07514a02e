import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Ack } from '@shared/events';
import { AppError, toErrorBody } from '../errors';
import { parseInput } from '../http/validate';

/**
 * Wraps a socket handler: parses the payload with its schema, runs it, and acknowledges
 * `{ ok: true, data }` or `{ ok: false, error }`. A handler never throws past this point, and a
 * client that sent no callback simply gets nothing back.
 */
export function acked<S extends z.ZodType, R>(
  logger: Logger,
  schema: S,
  handler: (input: z.infer<S>) => Promise<R>,
) {
  return async (payload: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (answer: Ack<R>) => void) : () => {};
    try {
      const data = await handler(parseInput(schema, payload));
      reply({ ok: true, data });
    } catch (error) {
      if (!(error instanceof AppError)) logger.error({ err: error }, 'socket handler failed');
      const { body } = toErrorBody(error);
      reply({ ok: false, error: { code: body.error.code, message: body.error.message } });
    }
  };
}
