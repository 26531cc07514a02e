import { Router } from 'express';
import { companyIdSchema, type CompanyPoints, type FantasyPointsResponse } from '@shared/schemas/fantasy';
import { requireUser } from '../auth/require-user';
import { errors } from '../errors';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { FantasyService } from './service';

/** Every company's points (points), and one company's with the why (points/:companyId). */
export function createFantasyRouter(
  fantasy: FantasyService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  const limited = rateLimit(limiter, { bucket: 'fantasy', ...rule });

  router.get('/points', requireUser, limited, async (_req, res) => {
    res.json((await fantasy.all()) satisfies FantasyPointsResponse);
  });

  router.get('/points/:companyId', requireUser, limited, async (req, res) => {
    const companyId = parseInput(companyIdSchema, req.params.companyId);
    if (!fantasy.isKnownCompany(companyId)) throw errors.notFound('No such company in the league.');
    const points = await fantasy.one(companyId);
    if (!points) throw errors.notFound('No points for this company this week yet.');
    res.json(points satisfies CompanyPoints);
  });

  return router;
}
