import { describe, expect, it } from 'vitest';
import { unfenced } from './ai';

describe('unfenced', () => {
  it('takes JSON out of the code fence some servers wrap it in', () => {
    expect(unfenced('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(unfenced('  ```\n{"a":1}```  ')).toBe('{"a":1}');
    expect(unfenced('{"a":1}')).toBe('{"a":1}');
  });

  it('passes over megabytes of blanks inside the fence', () => {
    const padded = `\`\`\`json\n{"a":${' '.repeat(3_000_000)}1}${'\n'.repeat(1_000_000)}x`;
    expect(JSON.parse(unfenced(padded.replace(/x$/, '```')))).toEqual({ a: 1 });
    expect(unfenced(padded).endsWith('x')).toBe(true);
  });
});
