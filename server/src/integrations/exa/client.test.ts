import { describe, expect, it } from 'vitest';
import { ExaError, parseStreamLine } from './client';

describe('parseStreamLine (Exa answer stream)', () => {
  it('reads text deltas and citations, and the end marker', () => {
    expect(parseStreamLine('data: {"choices":[{"delta":{"content":"Par"}}]}')).toEqual({ content: 'Par' });
    expect(parseStreamLine('data: {"citations":[{"id":"a","url":"https://a.example"}]}')).toEqual({
      citations: [{ id: 'a', url: 'https://a.example' }],
    });
    expect(parseStreamLine('data: [DONE]')).toBe('done');
  });

  it('skips what is not a data line or not JSON, as the SDK does', () => {
    expect(parseStreamLine('')).toBeNull();
    expect(parseStreamLine(': keep-alive')).toBeNull();
    expect(parseStreamLine('event: message')).toBeNull();
    expect(parseStreamLine('data: {not json')).toBeNull();
    expect(parseStreamLine('data: {"choices":[{"delta":{}}]}')).toBeNull();
  });

  it('throws on an error chunk', () => {
    expect(() => parseStreamLine('data: {"error":{"message":"quota"}}')).toThrow(ExaError);
  });
});
