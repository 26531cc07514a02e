import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from '@shared/errors';

/** An error a user may see: a stable code, an HTTP status and the message to show. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string = ERROR_MESSAGES[code],
    options: { details?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.details = options.details;
  }

  /** Shown to the client (validation problems); `cause` is only logged. */
  readonly details: unknown;
}

/** The body sent for an error; anything that is not an AppError becomes a generic 500 (no internals). */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    return { status: error.status, body };
  }
  return { status: 500, body: { error: { code: 'internal', message: ERROR_MESSAGES.internal } } };
}
