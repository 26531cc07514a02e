import { z } from 'zod/mini';

/**
 * A game id as the scoreboard gives it (ESPN event ids, or ids the text source makes). Written with
 * zod's tree-shakable API, like every schema the signed-in pages parse in the browser.
 */
export const gameIdSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9_.:-]+$/, 'A game id has letters, digits and . _ : - only'),
  );
