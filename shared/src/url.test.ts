import { describe, expect, it } from 'vitest';
import { withoutTrailingSlashes } from './url';
import { domainSchema } from './schemas/search';

const run = (piece: string, chars: number) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

describe('withoutTrailingSlashes', () => {
  it('drops the slashes a value ends with, and only those', () => {
    expect(withoutTrailingSlashes('https://x.example///')).toBe('https://x.example');
    expect(withoutTrailingSlashes('https://x.example/a/b')).toBe('https://x.example/a/b');
    expect(withoutTrailingSlashes('///')).toBe('');
    expect(withoutTrailingSlashes('')).toBe('');
  });

  it('passes over megabytes of slashes that do not end the value', () => {
    expect(withoutTrailingSlashes(`${run('/', 5_000_000)}x`)).toHaveLength(5_000_001);
  });
});

describe('domainSchema', () => {
  it('reads a domain as users type it', () => {
    expect(domainSchema.parse(' HTTPS://www.TheVerge.com/// ')).toBe('www.theverge.com');
    expect(domainSchema.parse('nytimes.com/section/')).toBe('nytimes.com/section');
  });

  it('refuses a request-sized run of slashes at once', () => {
    // 100 KB is what the JSON body limit lets through; slashes that end nothing used to be rescanned
    // from each slash.
    const result = domainSchema.safeParse(`${run('/', 100_000)}x`);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('A domain has at most 253 characters');
  });
});
