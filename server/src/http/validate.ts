import { z } from 'zod';
import { errors } from '../errors';

/** Parses external input with a shared schema; a bad one becomes a 400 listing what is wrong. */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown): z.infer<T> {
  // Any zod schema: the classic API's, or the tree-shakable one that the browser shares.
  const result = z.safeParse(schema, input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const summary = problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
    throw errors.badRequest(`Invalid request: ${summary}`, { details: problems });
  }
  return result.data;
}
