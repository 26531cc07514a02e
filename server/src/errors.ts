import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@shared/errors';

interface AppErrorOptions {
  /** Shown to the client (validation problems). */
  details?: unknown;
  /** Only logged, never sent. */
  cause?: unknown;
}

/**
 * An error a user may see: a stable code, the HTTP status the catalogue gives that code, and the
 * message to show. Built through `errors.<code>()` below, never with a status of its own.
 */
export class AppError extends Error {
  readonly status: number;
  readonly details: unknown;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.details = options.details;
  }
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

type ErrorFactories = {
  [Code in ErrorCode as CamelCase<Code>]: (message?: string, options?: AppErrorOptions) => AppError;
};

const camelCase = (code: string) =>
  code.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * One factory per error code (`errors.forbidden('Only moderators…')`), so a code answers with the
 * same status wherever it is thrown. Without a message the catalogue's default is used.
 */
export const errors = Object.fromEntries(
  (Object.keys(ERROR_MESSAGES) as ErrorCode[]).map((code) => [
    camelCase(code),
    (message?: string, options?: AppErrorOptions) => new AppError(code, message, options),
  ]),
) as ErrorFactories;

/** True for an AppError of `code` (a caller that narrows one failure, e.g. to reword it). */
export const isAppError = (error: unknown, code: ErrorCode): error is AppError =>
  error instanceof AppError && error.code === code;

/** The body sent for an error; anything that is not an AppError becomes a generic 500 (no internals). */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    return { status: error.status, body };
  }
  return { status: 500, body: { error: { code: 'internal', message: ERROR_MESSAGES.internal } } };
}
