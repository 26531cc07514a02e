import { z } from 'zod/mini';
import { atomWithValidatedStorage } from './stored-atom';

/** The browser-storage key of the game-day settings (one value, shared by every tab). */
export const GAME_DAY_STORAGE_KEY = 'gameDaySettings';

/** How far behind live a viewer can hold scores, alerts and chat, in seconds (0 is off). */
export const DELAY_CHOICES_S = [0, 10, 30, 60, 120] as const;
export type DelaySeconds = (typeof DELAY_CHOICES_S)[number];

/** The kinds of change a fan can be alerted to, in the order the settings list them. */
export const ALERT_KINDS = ['started', 'scored', 'leadChanged', 'final'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A favourite team as settings name it: league key and catalogue short name ('nfl:KC'). */
export type TeamRef = `${string}:${string}`;

export interface GameDaySettings {
  alerts: Record<AlertKind, boolean>;
  /** Favourite teams whose games never alert. */
  mutedTeams: TeamRef[];
  delaySeconds: DelaySeconds;
  hideScores: boolean;
}

export const DEFAULT_GAME_DAY_SETTINGS: GameDaySettings = {
  alerts: { started: true, scored: true, leadChanged: true, final: true },
  mutedTeams: [],
  delaySeconds: 0,
  hideScores: false,
};

const MAX_MUTED_TEAMS = 200;

const storedSchema = z.object({
  alerts: z.catch(
    z.object({
      started: z.catch(z.boolean(), true),
      scored: z.catch(z.boolean(), true),
      leadChanged: z.catch(z.boolean(), true),
      final: z.catch(z.boolean(), true),
    }),
    DEFAULT_GAME_DAY_SETTINGS.alerts,
  ),
  mutedTeams: z.catch(
    z.array(z.string().check(z.regex(/^[a-z]{3}:[A-Z0-9]{1,4}$/))).check(z.maxLength(MAX_MUTED_TEAMS)),
    [],
  ),
  delaySeconds: z.catch(
    z.number().check(z.refine((value) => (DELAY_CHOICES_S as readonly number[]).includes(value))),
    0,
  ),
  hideScores: z.catch(z.boolean(), false),
});

/**
 * The stored settings, each field checked on its own so one bad field (an older build, a hand edit)
 * falls back to its default without costing the others; null when it is not settings at all.
 */
export function parseGameDaySettings(value: unknown): GameDaySettings | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? (parsed.data as GameDaySettings) : null;
}

/**
 * A delay as the settings' options name it ('Off', '10 s', '30 s', '60 s', '2 min'); the top bar's
 * marker and the Sports page put it in a sentence ('Delayed 30 s').
 */
export function delayLabel(seconds: DelaySeconds): string {
  if (seconds === 0) return 'Off';
  return seconds > 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/**
 * The game-day settings every feature reads (alerts, delay, hidden scores), kept in browser storage
 * and followed across tabs. It lives in lib/ because sports, chat and the alerts all honour it.
 */
export const gameDaySettingsAtom = atomWithValidatedStorage<GameDaySettings>(
  GAME_DAY_STORAGE_KEY,
  DEFAULT_GAME_DAY_SETTINGS,
  parseGameDaySettings,
);
