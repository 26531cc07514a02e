import { randomUUID } from 'node:crypto';

/**
 * Names that no other test uses. Tests of one run share one Redis (sessions, rate limits, chat), so a
 * login or a game a test makes up must be its own.
 */

/** A login no other test signs in with: `alice` → `alice-1f3a9c`. */
export const unique = (login: string) => `${login}-${randomUUID().slice(0, 6)}`;

/** A game id no other test's room uses. */
export const newGame = () => `game-${randomUUID().slice(0, 8)}`;
