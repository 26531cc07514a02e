import type { Logger } from 'pino';
import {
  gameExtractionSchema,
  gameSchema,
  GAME_STATUS,
  type Game,
  type LeagueName,
} from '@shared/schemas/sports';
import { AppError, errors } from '../../errors';
import { LlmOutputError, type LlmClient } from '../../integrations/openai/client';
import { fetchingMessage, PROCESSING_MESSAGE, type PageTextReader, type SportsSource } from '../source';
import { canonicalTeamName } from '../team-names';

/**
 * The original scoreboard pipeline: read a plain-text scores page (SPORTS_TEXT_URL) through the page reader,
 * then have an OpenAI-compatible model extract the games as structured output, checked against the
 * shared Game schema. An answer that does not match is rejected as a whole and nothing is stored.
 */

/** The most page text sent to the model (cost and context bound). */
export const TEXT_LLM_MAX_PAGE_CHARS = 60_000;
/** Longest page URL put in the prompt. */
const URL_MAX_CHARS = 2_048;
/** The most games kept from one extraction. */
export const TEXT_LLM_MAX_GAMES = 200;

const FIELD_RULES = `Field rules:
- league: one of NFL, NBA, MLB, NHL. Leave out games of any other league or sport.
- awayTeam, homeTeam: full team names with the city, e.g. "Kansas City Chiefs" (for "A at B" or "A @ B", A is away, B is home).
- gameStatus: "live" while the game is being played, "completed" when it is over, "scheduled" before it starts, or one lower-case word such as "postponed", "cancelled", "delayed".
- isLive and isCompleted agree with gameStatus.
- awayScore, homeScore: integers when the text shows a score, else null (null for games not started).
- period: where a live or finished game stands as the page says it ("Q3 5:12", "Top 8th", "2nd Period", "Final/OT"), else null.
- startTime: the start time as the page writes it ("7:30 PM ET"), else null.
- broadcast: TV or streaming networks as written, else null.
- url: an absolute http(s) address of the game's own page when the text shows one, else null.
- id: any short identifier; the server replaces it.`;

const ALL_GAMES_PROMPT = `You extract today's games of the NFL, NBA, MLB and NHL from the text of a sports scores page.
Answer only with games the text shows; never invent a game, a score or a time. Return an empty list when there are none.
${FIELD_RULES}`;

const ONE_GAME_PROMPT = `You read the text of one game's page and report that game's current state.
Answer with exactly this game, using only what the text shows; never invent a score or a time.
${FIELD_RULES}`;

const STATUS_SYNONYMS: Record<string, string> = {
  final: GAME_STATUS.completed,
  finished: GAME_STATUS.completed,
  complete: GAME_STATUS.completed,
  'in progress': GAME_STATUS.live,
  in_progress: GAME_STATUS.live,
  inprogress: GAME_STATUS.live,
  upcoming: GAME_STATUS.scheduled,
  pregame: GAME_STATUS.scheduled,
  'pre-game': GAME_STATUS.scheduled,
  canceled: 'cancelled',
};

/** Longest team name read for an id (the id keeps 60 characters anyway). */
const SLUG_INPUT_MAX_CHARS = 200;

// Runs of other characters become one '-' first, so trimming one '-' at each end is enough (and a
// /-+$/ would rescan a run of dashes from each of them).
const slug = (text: string) =>
  text
    .slice(0, SLUG_INPUT_MAX_CHARS)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A stable id within the day: league and teams (so chat rooms and merges survive a refresh). */
export const textGameId = (league: LeagueName, away: string, home: string) =>
  `${league.toLowerCase()}-${slug(away)}-at-${slug(home)}`.slice(0, 60);

/** Puts an extracted game in the server's terms: catalogue names, consistent status, no pregame score. */
export function normaliseExtractedGame(game: Game): Omit<Game, 'id'> {
  const awayTeam = canonicalTeamName(game.league, game.awayTeam);
  const homeTeam = canonicalTeamName(game.league, game.homeTeam);
  const said = game.gameStatus.trim().toLowerCase();
  let gameStatus = STATUS_SYNONYMS[said] ?? said;
  if (game.isLive && gameStatus === GAME_STATUS.scheduled) gameStatus = GAME_STATUS.live;
  if (game.isCompleted && gameStatus === GAME_STATUS.scheduled) gameStatus = GAME_STATUS.completed;
  const isLive = gameStatus === GAME_STATUS.live || (game.isLive && gameStatus === 'delayed');
  const isCompleted = gameStatus === GAME_STATUS.completed;
  const notStarted =
    gameStatus === GAME_STATUS.scheduled || gameStatus === 'postponed' || gameStatus === 'cancelled';
  return {
    url: game.url,
    league: game.league,
    gameStatus,
    isLive,
    isCompleted,
    awayTeam,
    homeTeam,
    awayScore: notStarted ? null : game.awayScore,
    homeScore: notStarted ? null : game.homeScore,
    period: game.period?.trim() || null,
    startTime: game.startTime?.trim() || null,
    broadcast: game.broadcast?.trim() || null,
  };
}

export interface TextLlmSourceDeps {
  readPage: PageTextReader;
  llm: LlmClient;
  /** SPORTS_TEXT_URL */
  textUrl: string;
  logger: Logger;
  now?: () => Date;
}

export function createTextLlmSource(deps: TextLlmSourceDeps): SportsSource {
  const { readPage, llm, textUrl, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const host = new URL(textUrl).host;

  async function extract<T>(run: () => Promise<T>, failure: () => AppError): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof LlmOutputError) {
        logger.warn({ err: error, issues: error.issues }, 'text-llm: model answer rejected');
      } else {
        logger.warn({ err: error }, 'text-llm: model request failed');
      }
      const appError = failure();
      throw new AppError(appError.code, appError.message, { cause: error });
    }
  }

  return {
    name: 'text-llm',

    async fetchAll({ onProgress, signal }) {
      onProgress({ stage: 'fetching', message: fetchingMessage(host) });
      let page;
      try {
        page = await readPage(textUrl);
      } catch (error) {
        throw errors.sportsFetchFailed(`Failed to fetch sports data from ${host}`, {
          cause: error,
        });
      }
      onProgress({ stage: 'processing', message: PROCESSING_MESSAGE });
      const extraction = await extract(
        () =>
          llm.structured({
            schema: gameExtractionSchema,
            name: 'sports_games',
            system: ALL_GAMES_PROMPT,
            user: `Today is ${now().toDateString()}. The page ${page.url.slice(0, URL_MAX_CHARS)}:\n\n${page.text.slice(0, TEXT_LLM_MAX_PAGE_CHARS)}`,
            signal,
          }),
        () => errors.sportsAiFailed(),
      );
      const seen = new Map<string, number>();
      return extraction.games.slice(0, TEXT_LLM_MAX_GAMES).map((extracted) => {
        const game = normaliseExtractedGame(extracted);
        const base = textGameId(game.league, game.awayTeam, game.homeTeam);
        const count = (seen.get(base) ?? 0) + 1; // doubleheaders
        seen.set(base, count);
        return { id: count === 1 ? base : `${base}-${count}`, ...game };
      });
    },

    async fetchGame(game, signal) {
      if (!game.url) throw errors.badRequest('Refresh game needs a game id and url');
      let page;
      try {
        page = await readPage(game.url);
      } catch (error) {
        throw errors.gameRefreshFailed(undefined, { cause: error });
      }
      const extracted = await extract(
        () =>
          llm.structured({
            schema: gameSchema,
            name: 'sports_game',
            system: ONE_GAME_PROMPT,
            user:
              `The game: ${game.awayTeam} (away) at ${game.homeTeam} (home), ${game.league}. ` +
              `Today is ${now().toDateString()}. Its page ${page.url.slice(0, URL_MAX_CHARS)}:\n\n${page.text.slice(0, TEXT_LLM_MAX_PAGE_CHARS)}`,
            signal,
          }),
        () => errors.gameRefreshFailed(),
      );
      const fresh = normaliseExtractedGame({ ...extracted, league: game.league });
      if (fresh.awayTeam !== game.awayTeam || fresh.homeTeam !== game.homeTeam) {
        logger.warn(
          { gameId: game.id, answered: [fresh.awayTeam, fresh.homeTeam] },
          'text-llm: answer is another game',
        );
        throw errors.gameRefreshFailed();
      }
      return { ...fresh, id: game.id, league: game.league, url: fresh.url ?? game.url };
    },
  };
}
