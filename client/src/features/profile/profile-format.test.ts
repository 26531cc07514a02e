import { describe, expect, it } from 'vitest';
import { accountAgeYears, blogHref, memberSince } from './profile-format';

describe('profile formatting', () => {
  it('shows member since as a long US date, whatever the time of day', () => {
    expect(memberSince('2015-03-14T09:26:53Z')).toBe('March 14, 2015');
    expect(memberSince('2015-03-14T23:59:59Z')).toBe('March 14, 2015');
    expect(memberSince('not a date')).toBe('Unknown');
  });

  it('counts the account age in whole years', () => {
    const created = '2015-03-14T09:26:53Z';
    expect(accountAgeYears(created, new Date('2026-03-13T12:00:00Z'))).toBe(10);
    expect(accountAgeYears(created, new Date('2026-03-14T12:00:00Z'))).toBe(11);
    expect(accountAgeYears(created, new Date('2026-06-01T12:00:00Z'))).toBe(11);
    expect(accountAgeYears('2026-01-01T00:00:00Z', new Date('2026-06-01T00:00:00Z'))).toBe(0);
  });

  it('prefixes the blog with https:// unless it starts with http', () => {
    expect(blogHref('octofan.dev')).toBe('https://octofan.dev');
    expect(blogHref('http://old.example')).toBe('http://old.example');
    expect(blogHref('https://new.example')).toBe('https://new.example');
  });
});
