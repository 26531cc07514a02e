// Imported before zod, as main.tsx does.
import './zod-config';
import { config, z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod-config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns on jitless parsing without importing zod itself', () => {
    expect(config().jitless).toBe(true);
  });

  it('parses objects without compiling code (the CSP allows no eval)', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
    expect(() => schema.parse({ name: 1 })).toThrow();
    expect(compile).not.toHaveBeenCalled();
  });
});
