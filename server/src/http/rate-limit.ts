import type { Request, RequestHandler } from 'express';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';
import { AppError, errors } from '../errors';
import { fromStore } from '../storage/from-store';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';

export interface RateLimitRule {
  /** Name of the bucket (e.g. 'chat', 'search'). */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window limiter kept in the store, so every instance counts together. Throws a 429
 * `rate_limited` AppError once the subject has used up the window's limit, and the 503
 * `store_unavailable` while the store cannot count (down, or full at its memory ceiling).
 */
export function createRateLimiter(store: Store) {
  return async function hit(rule: RateLimitRule, subject: string): Promise<void> {
    const count = await fromStore(() => store.increment(keys.rateLimit(rule.bucket, subject), rule.windowMs));
    if (count > rule.limit) {
      throw errors.rateLimited();
    }
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The per-user limit on API calls (API_RATE_LIMIT per API_RATE_WINDOW_SECONDS); each route names its bucket. */
export const apiReadRule = (config: Pick<Config, 'API_RATE_LIMIT' | 'API_RATE_WINDOW_SECONDS'>) => ({
  limit: config.API_RATE_LIMIT,
  windowMs: config.API_RATE_WINDOW_SECONDS * 1000,
});

/** Who a limit counts against. */
export type RateLimitSubject = (req: Request) => string;

/**
 * The client's address as Express sees it: the socket's peer, or the proxy's X-Forwarded-For entry
 * when the peer is a proxy named in TRUST_PROXY, so a client cannot pick its own.
 * An IPv6 client counts by its /64, the smallest block a network hands a single subscriber: one host
 * may use any of its 2^64 addresses. An IPv4-mapped address counts as its IPv4.
 */
export const byAddress: RateLimitSubject = (req) => {
  const address = req.ip ?? req.socket.remoteAddress;
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...prefix, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
};

/** The signed-in user, else the client address. */
export const byUserOrAddress: RateLimitSubject = (req) => req.session?.user?.login ?? byAddress(req);

export interface RateLimitOptions {
  subject?: RateLimitSubject;
  /** What the 429 says, when the generic 'too fast' is not the clearest text for the action. */
  message?: string;
}

/** Express middleware: per signed-in user, else per client address (or as `options.subject` says). */
export function rateLimit(
  limiter: RateLimiter,
  rule: RateLimitRule,
  options: RateLimitOptions = {},
): RequestHandler {
  const subject = options.subject ?? byUserOrAddress;
  return async (req, _res, next) => {
    try {
      await limiter(rule, subject(req));
    } catch (error) {
      if (options.message && error instanceof AppError && error.code === 'rate_limited') {
        throw errors.rateLimited(options.message);
      }
      throw error;
    }
    next();
  };
}
