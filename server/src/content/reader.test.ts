import { describe, expect, it } from 'vitest';
import { extractArticle, tidyMarkdown } from './reader';

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

describe('tidyMarkdown', () => {
  it('removes images and empty links and collapses blank lines', () => {
    expect(tidyMarkdown('a\n\n\n\n![x](y.png)\n[](z)\nb  \n')).toBe('a\n\nb');
  });
});
