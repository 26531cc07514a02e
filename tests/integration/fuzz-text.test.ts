/**
 * Property-based fuzzing (fast-check) of everything that reads text from other people's pages, feeds
 * and AI answers, with pathological text from a kilobyte to five megabytes: each function finishes
 * and keeps to its limits whatever it is given. FUZZ_LARGE_RUNS sets the cases per property
 * (tests/fuzz/runs.ts); no test measures time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unfenced } from '@server/content/ai';
import { HTML_NESTING_MAX_LEVELS, HTML_OUTPUT_MAX_CHARS, sanitizeHtml } from '@server/content/html-sanitize';
import {
  extractArticle,
  PAGE_MARKDOWN_MAX_CHARS,
  PAGE_META_MAX_CHARS,
  tidyMarkdown,
} from '@server/content/reader';
import {
  DIGEST_INPUT_MAX_CHARS,
  extractiveDigest,
  HIGHLIGHT_COUNT,
  HIGHLIGHT_MAX_CHARS,
  htmlToText,
  markdownToPlain,
  SUMMARY_MAX_CHARS,
} from '@server/content/text';
import { cleanDescription, FEED_XML_MAX_CHARS, parseFeed } from '@server/search/local/feed-parser';
import { pathologicalText } from '../fuzz/arbitraries';
import { FUZZ_LARGE_RUNS, fuzzParameters } from '../fuzz/runs';

/** One to three pathological runs back to back, up to five megabytes in all. */
const hostileText = fc
  .array(pathologicalText({ minLength: 1_000, maxLength: 5_000_000 }), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('').slice(0, 5_000_000));

const TIMEOUT_MS = 120_000;
const property = (check: (text: string) => void) =>
  fc.assert(
    fc.property(hostileText, (text) => {
      check(text);
    }),
    fuzzParameters<[string]>(FUZZ_LARGE_RUNS),
  );

describe('fuzzing the text pipeline with megabytes of pathological text', () => {
  it(
    'tidyMarkdown keeps to the page limit, with no trailing blanks and no runs of blank lines',
    () => {
      property((text) => {
        const tidy = tidyMarkdown(text);
        expect(tidy.length).toBeLessThanOrEqual(PAGE_MARKDOWN_MAX_CHARS + 1);
        expect(tidy.includes('\n\n\n')).toBe(false);
        expect(tidy.includes(' \n') || tidy.includes('\t\n')).toBe(false);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'markdownToPlain and the extractive digest keep to their limits',
    () => {
      property((text) => {
        expect(markdownToPlain(text).length).toBeLessThanOrEqual(DIGEST_INPUT_MAX_CHARS);
        const digest = extractiveDigest(text);
        expect(digest.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
        expect(digest.highlights.length).toBeLessThanOrEqual(HIGHLIGHT_COUNT);
        for (const highlight of digest.highlights)
          expect(highlight.length).toBeLessThanOrEqual(HIGHLIGHT_MAX_CHARS);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'sanitizeHtml bounds size and nesting, and its output reads back unchanged',
    () => {
      property((text) => {
        const first = sanitizeHtml(text);
        expect(first.html.length).toBeLessThanOrEqual(HTML_OUTPUT_MAX_CHARS + 2 * 1024);
        expect(first.depth).toBeLessThanOrEqual(HTML_NESTING_MAX_LEVELS);
        // Well-formed output: read again, it is written back the same.
        if (!first.reduced) expect(sanitizeHtml(first.html).html).toBe(first.html);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'extractArticle and htmlToText read any page within the limits',
    () => {
      property((text) => {
        const page = extractArticle(
          `<html><head><title>${text}</title></head><body>${text}`,
          'https://x.example/',
        );
        expect(page.markdown.length).toBeLessThanOrEqual(PAGE_MARKDOWN_MAX_CHARS + 1);
        expect((page.title ?? '').length).toBeLessThanOrEqual(PAGE_META_MAX_CHARS);
        const plain = htmlToText(text);
        expect(plain).toBe(plain.trim());
        expect(plain.includes('  ')).toBe(false);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'feed items keep their fields within limits, and descriptions clean',
    () => {
      property((text) => {
        const cdata = text.replaceAll(']]>', '');
        // Three fields within the feed's XML limit, so the item is read.
        const field = (name: string) =>
          `<${name}><![CDATA[${cdata.slice(0, FEED_XML_MAX_CHARS / 4)}]]></${name}>`;
        const feed = parseFeed(
          `<rss><channel><title>Feed</title><item><title>Story</title><link>https://x.example/a</link>${field('author')}${field('description')}${field('content:encoded')}</item></channel></rss>`,
        );
        const [item] = feed.items;
        expect(item!.title).toBe('Story');
        expect(item!.description.length).toBeLessThanOrEqual(2_000);
        expect((item!.author ?? '').length).toBeLessThanOrEqual(200);
        expect((item!.content ?? '').length).toBeLessThanOrEqual(6_001);
        const cleaned = cleanDescription(text);
        expect(cleaned).toBe(cleaned.trim());
        expect(cleaned.includes('  ')).toBe(false);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'unfenced reads any AI answer',
    () => {
      property((text) => {
        expect(unfenced(`\`\`\`json\n${text}\n\`\`\``).length).toBeLessThanOrEqual(text.length);
      });
    },
    TIMEOUT_MS,
  );
});
