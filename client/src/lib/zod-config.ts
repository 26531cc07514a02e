/**
 * zod compiles object parsers with `new Function` unless told not to. The app's Content Security
 * Policy allows no eval, so that probe was refused and reported as a CSP violation on every page that
 * parsed an answer; jitless parsing needs no eval (and skips the probe).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod) and reads
 * `jitless` when an object schema is built, so this runs first in main.tsx. It sets the value there
 * rather than calling `z.config()`, which would pull zod into every page, /login included, where
 * nothing parses.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
