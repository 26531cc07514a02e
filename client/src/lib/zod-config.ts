import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless told not to. The app's Content Security
 * Policy allows no eval, so that probe was refused and reported as a CSP violation on every page that
 * parsed an answer; jitless parsing needs no eval (and skips the probe).
 */
config({ jitless: true });
