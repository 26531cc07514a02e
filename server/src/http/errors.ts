import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ErrorBody } from '@shared/errors';
import { AppError, errors, toErrorBody } from '../errors';

/** Unknown /api paths answer JSON 404 rather than the client's index.html. */
export const apiNotFound: RequestHandler = () => {
  throw errors.notFound();
};

/**
 * Body-parser errors (bad JSON, too large, unknown charset) carry their own 4xx status, which says
 * more than a plain 400 (413: send less; 415: send UTF-8): it is answered as it is, code bad_request.
 */
function parserRefusal(error: unknown): { status: number; body: ErrorBody } | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (error instanceof AppError || typeof status !== 'number' || status < 400 || status >= 500) return null;
  const message = status === 413 ? 'The request is too large.' : 'The request is not valid.';
  return { status, body: { error: { code: 'bad_request', message } } };
}

/** The one place HTTP errors become answers; a 500 never leaks internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body } = parserRefusal(error) ?? toErrorBody(error);
    if (status >= 500) logger.error({ err: error, cause: error?.cause, path: req.path }, 'request failed');
    else logger.debug({ code: body.error.code, path: req.path }, 'request refused');
    if (res.headersSent) return;
    res.status(status).json(body);
  };
}
