import { describe, expect, it } from 'vitest';
import { extractArticle, PAGE_MARKDOWN_MAX_CHARS, PAGE_META_MAX_CHARS, tidyMarkdown } from './reader';

const run = (piece: string, chars: number) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

const PAGE = `<!doctype html><html><head>
<title>Story title | Site</title>
<meta property="og:title" content="Story title">
<meta property="og:site_name" content="Site">
<meta name="description" content="What the story is about.">
<meta property="article:published_time" content="2024-11-03T10:00:00Z">
<meta name="author" content="Jordan Hale">
</head><body>
<header><nav><a href="/">Home</a><a href="/subscribe">Subscribe</a></nav></header>
<article>
<h1>Story title</h1>
<p class="byline">By Jordan Hale</p>
<p>The first paragraph of the story has enough words to count as real article content for the reader, with a <a href="/related">relative link</a>.</p>
<p>The second paragraph continues the story with more detail about what happened and why it matters to readers.</p>
<p>A third paragraph rounds it off, mentioning the <strong>key</strong> people and the numbers that matter most here.</p>
<img src="/photo.jpg" alt="A photo">
</article>
<footer>© Site. All rights reserved.</footer>
<script>tracker()</script>
</body></html>`;

describe('extractArticle', () => {
  it('keeps the article as markdown and drops furniture, images and scripts', () => {
    const page = extractArticle(PAGE, 'https://site.example/news/story');
    expect(page.title).toBe('Story title');
    expect(page.byline).toBe('Jordan Hale');
    expect(page.publishedTime).toBe('2024-11-03T10:00:00.000Z');
    expect(page.excerpt).toBe('What the story is about.');
    expect(page.siteName).toBe('Site');
    expect(page.markdown).toContain('The first paragraph of the story');
    expect(page.markdown).toContain('**key**');
    expect(page.markdown).toContain('[relative link](https://site.example/related)');
    for (const junk of [
      'Subscribe',
      'All rights reserved',
      'tracker',
      'photo.jpg',
      '<p>',
      'By Jordan Hale',
    ]) {
      expect(page.markdown).not.toContain(junk);
    }
  });

  it('falls back to the body text of pages that are not articles', () => {
    const page = extractArticle(
      '<html><body><main><p>Just a short note on a page.</p></main></body></html>',
      'https://x.example/',
    );
    expect(page.markdown).toBe('Just a short note on a page.');
  });
});

describe('extractArticle on hostile pages', () => {
  const article = `<html><body><article><p>${'The first paragraph of the story has enough words to count. '.repeat(5)}</p></article>`;

  it.each([
    ['<head opened and never closed', '<head'],
    ['nested divs', '<div>'],
    ['stray <', '<'],
  ])('reads the article before five megabytes of %s', (_name, piece) => {
    const page = extractArticle(`${article}${run(piece, 5_000_000)}`, 'https://x.example/');
    expect(page.markdown).toContain('The first paragraph of the story');
    expect(page.markdown.length).toBeLessThanOrEqual(PAGE_MARKDOWN_MAX_CHARS + 1);
  });

  it('caps the title and the description a page gives itself', () => {
    const page = extractArticle(
      `<html><head><title>${run('T ', 2_000_000)}</title><meta name="description" content="${run('d', 2_000_000)}"></head><body><p>Short.</p></body></html>`,
      'https://x.example/',
    );
    expect(page.title!.length).toBeLessThanOrEqual(PAGE_META_MAX_CHARS);
    expect(page.excerpt!.length).toBeLessThanOrEqual(PAGE_META_MAX_CHARS);
  });
});

describe('tidyMarkdown', () => {
  it('removes images and empty links and collapses blank lines', () => {
    expect(tidyMarkdown('a\n\n\n\n![x](y.png)\n[](z)\nb  \n')).toBe('a\n\nb');
    expect(tidyMarkdown('[![logo](l.png)](https://x.example) text\t \nnext')).toBe('text\nnext');
  });

  it.each([
    ['spaces', ' '],
    ['tabs', '\t'],
  ])('drops megabytes of %s that no newline follows', (_name, piece) => {
    expect(tidyMarkdown(`Headline\n${run(piece, 5_000_000)}x`)).toBe('Headline');
  });

  it.each([
    ['image openers', '!['],
    ['empty links', '[]('],
    ['link ends', ']('],
    ['brackets', '['],
  ])('cuts megabytes of %s at the page limit', (_name, piece) => {
    const tidy = tidyMarkdown(run(piece, 5_000_000));
    expect(tidy).toHaveLength(PAGE_MARKDOWN_MAX_CHARS + 1);
    expect(tidy.endsWith('…')).toBe(true);
  });
});
