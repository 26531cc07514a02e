import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, toErrorBody } from '../errors';

/** Unknown /api paths answer JSON 404 rather than the client's index.html. */
export const apiNotFound: RequestHandler = () => {
  throw new AppError('not_found', 404);
};

/** The one place HTTP errors become answers; a 500 never leaks internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // Body-parser errors (bad JSON, too large) carry their own 4xx status.
    const status = typeof error?.status === 'number' ? error.status : undefined;
    const normalized =
      error instanceof AppError
        ? error
        : status && status >= 400 && status < 500
          ? new AppError(
              'bad_request',
              status,
              status === 413 ? 'The request is too large.' : 'The request is not valid.',
            )
          : error;
    const { status: answerStatus, body } = toErrorBody(normalized);
    if (answerStatus >= 500)
      logger.error({ err: error, cause: error?.cause, path: req.path }, 'request failed');
    else logger.debug({ code: body.error.code, path: req.path }, 'request refused');
    if (res.headersSent) return;
    res.status(answerStatus).json(body);
  };
}
