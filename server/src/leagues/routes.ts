import { Router, type Request } from 'express';
import { z } from 'zod/mini';
import {
  leagueCreateSchema,
  leagueIdSchema,
  leagueInviteCodeSchema,
  type League,
  type LeagueInvitePreview,
  type LeagueList,
  type LeagueWatchAnswer,
} from '@shared/schemas/leagues';
import { requireUser } from '../auth/require-user';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { LeagueActor, LeagueService } from './service';

const loginParamSchema = z.string().check(z.maxLength(60), z.regex(/^[\w@.-]+$/));

/** The signed-in user, from the session (requireUser ran first). */
function actorOf(req: Request): LeagueActor {
  const user = req.session.user!;
  return { login: user.login, name: user.name ?? null };
}

/**
 * Leagues with friends under /api/leagues: create, list mine, preview and join by invite, and the
 * commissioner's seat removal, start, pause and resume. Every route needs a session; the acting
 * login always comes from it.
 */
export function createLeaguesRouter(
  leagues: LeagueService,
  limiter: RateLimiter,
  rules: { read: Omit<RateLimitRule, 'bucket'>; write: Omit<RateLimitRule, 'bucket'> },
): Router {
  const router = Router();
  const reads = rateLimit(limiter, { bucket: 'leagues', ...rules.read });
  const writes = rateLimit(limiter, { bucket: 'leagues-write', ...rules.write });
  const leagueIdOf = (req: Request) => parseInput(leagueIdSchema, req.params.leagueId);

  router.post('/', requireUser, writes, async (req, res) => {
    const input = parseInput(leagueCreateSchema, req.body);
    res.status(201).json((await leagues.create(actorOf(req), input)) satisfies League);
  });

  router.get('/', requireUser, reads, async (req, res) => {
    res.json({ leagues: await leagues.listMine(actorOf(req).login) } satisfies LeagueList);
  });

  router.get('/invites/:inviteCode', requireUser, reads, async (req, res) => {
    const code = parseInput(leagueInviteCodeSchema, req.params.inviteCode);
    res.json((await leagues.preview(code, actorOf(req).login)) satisfies LeagueInvitePreview);
  });

  router.post('/invites/:inviteCode/join', requireUser, writes, async (req, res) => {
    const code = parseInput(leagueInviteCodeSchema, req.params.inviteCode);
    res.json((await leagues.join(code, actorOf(req))) satisfies League);
  });

  router.get('/:leagueId', requireUser, reads, async (req, res) => {
    res.json((await leagues.read(leagueIdOf(req), actorOf(req).login)) satisfies LeagueWatchAnswer);
  });

  router.delete('/:leagueId/seats/:login', requireUser, writes, async (req, res) => {
    const removed = parseInput(loginParamSchema, req.params.login);
    res.json((await leagues.removeSeat(leagueIdOf(req), actorOf(req).login, removed)) satisfies League);
  });

  for (const action of ['start', 'pause', 'resume'] as const) {
    router.post(`/:leagueId/${action}`, requireUser, writes, async (req, res) => {
      res.json((await leagues[action](leagueIdOf(req), actorOf(req).login)) satisfies League);
    });
  }

  return router;
}
