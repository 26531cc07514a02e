import type { Game, SportsDataset, SportsRefreshProgress } from '@shared/schemas/sports';

/** Reports a stage of a refresh (only the users who asked for it hear them). */
export type ProgressReporter = (progress: SportsRefreshProgress) => void;

export interface FetchAllContext {
  onProgress: ProgressReporter;
  /**
   * The stored scoreboard before this refresh, if any (a source may keep a league that failed),
   * still being read while the source is asked.
   */
  previous: Promise<SportsDataset | null>;
  signal?: AbortSignal;
}

/**
 * Where games come from, normalised to the shared Game. Two implementations: `espn` (public JSON, no
 * AI) and `text-llm` (a plain-text scores page read by an LLM). Failures are AppErrors
 * carrying the message the user sees.
 */
export interface SportsSource {
  readonly name: 'espn' | 'text-llm';
  /** Every game of the day (ESPN: of the current day, or week for the NFL). */
  fetchAll(context: FetchAllContext): Promise<Game[]>;
  /** The latest state of one stored game; id and league stay the stored ones. */
  fetchGame(game: Game, signal?: AbortSignal): Promise<Game>;
}

/** The page reader (server/src/content): Jina when JINA_API_KEY is set, else the guarded fetcher. */
export type PageTextReader = (url: string) => Promise<{ title: string | null; url: string; text: string }>;

/** The progress messages of a scoreboard refresh. */
export const fetchingMessage = (host: string) => `Fetching sports data from ${host}...`;
export const PROCESSING_MESSAGE = 'Processing with AI to extract game information...';
export const SAVED_MESSAGE = 'Sports data updated';
