import { Router } from 'express';
import {
  gameProcessRequestSchema,
  sportsGenerateRequestSchema,
  type GameProcessResponse,
  type Game,
  type ScoreboardResponse,
  type SportsGenerateResponse,
} from '@shared/schemas/sports';
import { requireUser } from '../auth/require-user';
import { AppError, errors } from '../errors';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { SportsService } from './service';

/** Keeps a user-facing AppError; anything else becomes the call's own 'failed to …' error. */
const orFallback =
  (fallback: (message?: string, options?: { cause?: unknown }) => AppError) => (error: unknown) => {
    if (error instanceof AppError) throw error;
    throw fallback(undefined, { cause: error });
  };

/** The scoreboard read, a refresh, the generate call and one game's refresh (sports/…, game/process). */
export function createSportsRouter(
  sports: SportsService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  // A refresh may call a paid model (text-llm source): limited per user.
  const limited = rateLimit(limiter, { bucket: 'sports', ...rule });

  router.get('/sports/scoreboard', requireUser, async (_req, res) => {
    const sportsData = await sports.scoreboard();
    res.json({ sportsData } satisfies ScoreboardResponse);
  });

  router.post('/sports/refresh', requireUser, limited, async (req, res) => {
    const sportsData = await sports
      .refresh({ requestedBy: req.session.user!.login })
      .catch(orFallback(errors.sportsGenerateFailed));
    res.json({ sportsData } satisfies ScoreboardResponse);
  });

  router.post('/sports/generate', requireUser, limited, async (req, res) => {
    const body = parseInput(sportsGenerateRequestSchema, req.body);
    const sportsData = await sports
      .refresh({ requestedBy: req.session.user!.login })
      .catch(orFallback(errors.sportsGenerateFailed));
    const wanted = (game: Game) =>
      game.isLive ? body.includeLive : game.isCompleted ? body.includeCompleted : body.includeScheduled;
    let budget = body.maxGames;
    const leagues = sportsData.leagues
      .map((league) => {
        const games = league.games.filter(wanted).slice(0, Math.max(0, budget));
        budget -= games.length;
        return { name: league.name, games };
      })
      .filter((league) => league.games.length > 0);
    res.json({ success: true, data: JSON.stringify(leagues), sportsData } satisfies SportsGenerateResponse);
  });

  router.post('/game/process', requireUser, limited, async (req, res) => {
    const body = parseInput(gameProcessRequestSchema, req.body);
    const { game, sportsData } = await sports
      .refreshGame(body.gameId)
      .catch(orFallback(errors.gameRefreshFailed));
    res.json({ success: true, gameData: game, sportsData } satisfies GameProcessResponse);
  });

  return router;
}
