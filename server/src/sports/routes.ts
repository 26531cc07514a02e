import { Router } from 'express';
import type { Standings } from '@shared/schemas/gamecast';
import {
  SPORTS_LEAGUE_NAMES,
  gameProcessRequestSchema,
  type LeagueName,
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
import type { StandingsService } from './standings';

/** Keeps a user-facing AppError; anything else becomes the call's own 'failed to …' error. */
const orFallback =
  (fallback: (message?: string, options?: { cause?: unknown }) => AppError) => (error: unknown) => {
    if (error instanceof AppError) throw error;
    throw fallback(undefined, { cause: error });
  };

/** A league as a path names it ('nfl' or 'NFL'); anything else is a 400 that lists the leagues. */
function leagueParam(value: string | undefined): LeagueName {
  const name = (value ?? '').toUpperCase();
  if ((SPORTS_LEAGUE_NAMES as readonly string[]).includes(name)) return name as LeagueName;
  throw errors.badRequest(`Unknown league: standings are kept for ${SPORTS_LEAGUE_NAMES.join(', ')}.`);
}

/** Under /api/sports: the scoreboard read, a refresh, the generate call and a league's standings. */
export function createSportsRouter(
  sports: SportsService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
  standings: StandingsService,
): Router {
  const router = Router();
  // A refresh may call a paid model (text-llm source): limited per user.
  const limited = rateLimit(limiter, { bucket: 'sports', ...rule });

  router.get('/scoreboard', requireUser, async (_req, res) => {
    const sportsData = await sports.scoreboard();
    res.json({ sportsData } satisfies ScoreboardResponse);
  });

  // Served from the store mostly; the limit keeps one fan from holding the source's reads busy.
  const standingsLimited = rateLimit(limiter, { bucket: 'standings', ...rule });
  router.get('/standings/:league', requireUser, standingsLimited, async (req, res) => {
    const league = leagueParam(String(req.params.league));
    res.json((await standings.standings(league)) satisfies Standings);
  });

  router.post('/refresh', requireUser, limited, async (req, res) => {
    const sportsData = await sports
      .refresh({ requestedBy: req.session.user!.login })
      .catch(orFallback(errors.sportsGenerateFailed));
    res.json({ sportsData } satisfies ScoreboardResponse);
  });

  router.post('/generate', requireUser, limited, async (req, res) => {
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

  return router;
}

/** One game's refresh, at /api/game/process; it counts against the sports refreshes' budget. */
export function createGameRouter(
  sports: SportsService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  router.post(
    '/process',
    requireUser,
    rateLimit(limiter, { bucket: 'sports', ...rule }),
    async (req, res) => {
      const body = parseInput(gameProcessRequestSchema, req.body);
      const { game, sportsData } = await sports
        .refreshGame(body.gameId)
        .catch(orFallback(errors.gameRefreshFailed));
      res.json({ success: true, gameData: game, sportsData } satisfies GameProcessResponse);
    },
  );

  return router;
}
