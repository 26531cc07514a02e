import type { RequestHandler } from 'express';
import { AppError } from '../errors';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';

export interface RateLimitRule {
  /** Name of the bucket (e.g. 'chat', 'search'). */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window limiter kept in the store, so every instance counts together. Returns the seconds
 * until the window resets when the limit is exceeded, else null.
 */
export function createRateLimiter(store: Store) {
  return async function hit(rule: RateLimitRule, subject: string): Promise<void> {
    const count = await store.increment(keys.rateLimit(rule.bucket, subject), rule.windowMs);
    if (count > rule.limit) {
      throw new AppError('rate_limited', 429);
    }
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Express middleware: per signed-in user, else per client address. */
export function rateLimit(limiter: RateLimiter, rule: RateLimitRule): RequestHandler {
  return async (req, _res, next) => {
    const subject = req.session?.user?.login ?? req.ip ?? 'unknown';
    await limiter(rule, subject);
    next();
  };
}
