import type { z } from 'zod';
import { errors } from '../errors';

/** Parses external input with a shared schema; a bad one becomes a 400 listing what is wrong. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
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
