import type { RequestHandler } from 'express';
import { errors } from '../errors';

/** True when a request carries no Origin (non-browser client) or the app's own origin. */
export function isAllowedOrigin(origin: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests sent by a page of another origin (CSRF defence beside SameSite). */
export function requireSameOrigin(publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (!SAFE_METHODS.has(req.method) && !isAllowedOrigin(req.get('origin'), publicUrl)) {
      throw errors.forbidden('Cross-origin requests are not allowed.');
    }
    next();
  };
}
