import { describe, expect, it } from 'vitest';
import { articleId, dateBounds, domainOf, matchesDomain, NewsIndex, normaliseUrl } from './news-index';

describe('news index helpers', () => {
  it('normalises URLs: no fragment, no tracking parameters, lower-case host', () => {
    expect(normaliseUrl('https://WWW.News.example/a?utm_source=rss&id=3&fbclid=x#top')).toBe(
      'https://www.news.example/a?id=3',
    );
    expect(articleId('https://news.example/a?utm_medium=feed')).toBe(articleId('https://news.example/a'));
  });

  it('matches domain filters with subdomains, paths and wildcards', () => {
    const url = 'https://www.espn.com/nfl/story/1';
    expect(matchesDomain(url, 'espn.com')).toBe(true);
    expect(matchesDomain(url, 'www.espn.com')).toBe(true);
    expect(matchesDomain(url, '*.espn.com')).toBe(true);
    expect(matchesDomain(url, 'espn.com/nfl')).toBe(true);
    expect(matchesDomain(url, 'espn.com/nba')).toBe(false);
    expect(matchesDomain(url, 'notespn.com')).toBe(false);
    expect(matchesDomain('https://fakeespn.com/', 'espn.com')).toBe(false);
    expect(domainOf(url)).toBe('espn.com');
  });

  it('takes a date-only end bound as the whole day', () => {
    const { from, to } = dateBounds('2024-05-01', '2024-05-01');
    expect(Date.parse('2024-05-01T00:00:00Z')).toBeGreaterThanOrEqual(from);
    expect(Date.parse('2024-05-01T23:59:59Z')).toBeLessThanOrEqual(to);
    expect(Date.parse('2024-05-02T00:00:00Z')).toBeGreaterThan(to);
    expect(dateBounds()).toEqual({ from: -Infinity, to: Infinity });
  });

  it('builds a find-similar query from the article or the URL slug', () => {
    expect(NewsIndex.similarityQuery(undefined, 'https://x.example/2024/05/chiefs-win-again.html')).toBe(
      'chiefs win again',
    );
    expect(
      NewsIndex.similarityQuery(
        { title: 'Chiefs win', description: 'The Chiefs beat the Bills in overtime' },
        'https://x',
      ),
    ).toBe('Chiefs win chiefs beat bills overtime');
  });
});
