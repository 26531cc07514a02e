import { DASHBOARD_DEFAULT_QUERIES, dashboardDefaultRequest } from '@shared/schemas/headlines';
import { searchRequestSchema, searchWithContentRequestSchema } from '@shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, buildSearchCall, invalidDomain, parseDomainList } from './filters';

describe('search filters to request body', () => {
  it('ignores blank and whitespace-only queries', () => {
    expect(buildSearchCall('', DEFAULT_FILTERS)).toBeNull();
    expect(buildSearchCall('   \t\n', DEFAULT_FILTERS)).toBeNull();
  });

  it('sends the default filters to search-with-content with the content flags, query trimmed', () => {
    const call = buildSearchCall('  rust async  ', DEFAULT_FILTERS);
    expect(call).toEqual({
      path: '/exa/search-with-content',
      body: {
        query: 'rust async',
        numResults: 10,
        useAutoprompt: true,
        type: 'neural',
        text: true,
        highlights: false,
        summary: true,
      },
    });
    expect(searchWithContentRequestSchema.safeParse(call!.body).success).toBe(true);
  });

  it('leaves empty dates and empty domain lists out of the body', () => {
    const call = buildSearchCall('nba', {
      ...DEFAULT_FILTERS,
      includeDomains: [' ', ''],
      excludeDomains: [],
    });
    expect(call!.body).not.toHaveProperty('startPublishedDate');
    expect(call!.body).not.toHaveProperty('endPublishedDate');
    expect(call!.body).not.toHaveProperty('includeDomains');
    expect(call!.body).not.toHaveProperty('excludeDomains');
  });

  it('uses /search without the include flags when content is off', () => {
    const call = buildSearchCall('nhl trades', {
      ...DEFAULT_FILTERS,
      includeContent: false,
      includeHighlights: true,
      numResults: 50,
      type: 'keyword',
      useAutoprompt: false,
      startPublishedDate: '2025-01-01',
      endPublishedDate: '2025-02-01',
      includeDomains: ['espn.com', 'nhl.com'],
      excludeDomains: ['example.com'],
    });
    expect(call).toEqual({
      path: '/exa/search',
      body: {
        query: 'nhl trades',
        numResults: 50,
        useAutoprompt: false,
        type: 'keyword',
        startPublishedDate: '2025-01-01',
        endPublishedDate: '2025-02-01',
        includeDomains: ['espn.com', 'nhl.com'],
        excludeDomains: ['example.com'],
      },
    });
    expect(searchRequestSchema.safeParse(call!.body).success).toBe(true);
  });

  it('passes the highlight and summary flags through', () => {
    const call = buildSearchCall('ai', {
      ...DEFAULT_FILTERS,
      includeHighlights: true,
      includeSummary: false,
    });
    expect(call!.body).toMatchObject({ text: true, highlights: true, summary: false });
  });
});

describe('domain lists', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseDomainList(' espn.com , ,theverge.com,, ')).toEqual(['espn.com', 'theverge.com']);
    expect(parseDomainList('')).toEqual([]);
    expect(parseDomainList(' , ')).toEqual([]);
  });

  it('names the first entry the server would refuse', () => {
    expect(invalidDomain(['espn.com', 'https://www.theverge.com/'])).toBeNull();
    expect(invalidDomain(['espn.com', 'not a domain'])).toMatch(/^not a domain: /);
  });
});

describe('the dashboard default request', () => {
  it('is what a default search sends, so the server recognises the answers it may keep for everyone', () => {
    for (const query of Object.values(DASHBOARD_DEFAULT_QUERIES)) {
      expect(buildSearchCall(query, DEFAULT_FILTERS)).toEqual({
        path: '/exa/search-with-content',
        body: dashboardDefaultRequest(query),
      });
    }
  });
});
