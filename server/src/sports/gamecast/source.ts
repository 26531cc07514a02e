import type { Gamecast } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';

/** What a source reads of one game's summary: the Gamecast before the server versions and dates it. */
export type GamecastReading = Omit<Gamecast, 'version' | 'updatedAt'>;

/**
 * Where a game's Gamecast comes from. ESPN's summary endpoint is read by `espn`; a source with no
 * summary (the text-LLM scoreboard) has none, and the dialog then shows what the scoreboard has.
 */
export interface GamecastSource {
  /**
   * The game's summary, trimmed to what the dialog shows, or null when the source has none for it.
   * Failures are AppErrors; a summary that lacks a section gives that section empty (or null for the
   * win probability), never an error.
   */
  fetchGamecast(game: Game, signal?: AbortSignal): Promise<GamecastReading | null>;
}
