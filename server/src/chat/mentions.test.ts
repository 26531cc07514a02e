import { describe, expect, it } from 'vitest';
import { CHAT_MENTIONS_MAX } from '@shared/schemas/chat';
import { mentionsIn, mentionsLogin } from './mentions';

describe('mentionsIn', () => {
  it('finds @login at the start and after spaces, lower-cased and once each', () => {
    expect(mentionsIn('@Alice nice pass, @bob-2 and @alice again')).toEqual(['alice', 'bob-2']);
  });

  it('ignores e-mail addresses, a lone @ and markup around a login', () => {
    expect(mentionsIn('mail me@example.com or @ or x@y')).toEqual([]);
    expect(mentionsIn('<b>@carol</b>')).toEqual([]);
    expect(mentionsIn('hi @<script>alert(1)</script>')).toEqual([]);
  });

  it('stops a login at the first character a login cannot have', () => {
    expect(mentionsIn('@dave, @erin! (@frank)')).toEqual(['dave', 'erin']);
  });

  it('reads a login of another sign-in provider whole', () => {
    expect(mentionsIn('@Alice@gitlab and @alice, @bob-2@forgejo!')).toEqual([
      'alice@gitlab',
      'alice',
      'bob-2@forgejo',
    ]);
  });

  it('keeps at most CHAT_MENTIONS_MAX', () => {
    const text = Array.from({ length: 40 }, (_, i) => `@fan${i}`).join(' ');
    expect(mentionsIn(text)).toHaveLength(CHAT_MENTIONS_MAX);
    expect(mentionsIn(text)[0]).toBe('fan0');
  });

  it('compares a login case-insensitively', () => {
    expect(mentionsLogin(['alice'], 'Alice')).toBe(true);
    expect(mentionsLogin(undefined, 'alice')).toBe(false);
  });
});
