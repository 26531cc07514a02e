import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  HTML_NESTING_MAX_LEVELS,
  HTML_NODES_MAX_COUNT,
  HTML_OUTPUT_MAX_CHARS,
  sanitizeHtml,
} from './html-sanitize';

const run = (piece: string, chars: number) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

/** An element as this walk reads it (the server has no DOM lib types). */
interface TreeElement {
  readonly children: Iterable<TreeElement>;
}

/** The deepest element nesting linkedom builds from `html` (walked without recursion). */
function domDepth(html: string): number {
  const { document } = parseHTML(html);
  let deepest = 0;
  const stack: [TreeElement, number][] = [...document.children].map((child) => [child, 1]);
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

describe('sanitizeHtml', () => {
  it('writes an ordinary fragment back as it was', () => {
    const html = '<p class="lead">Hello <b>world</b> &amp; <a href="/x?a=1&amp;b=2">friends</a></p>';
    expect(sanitizeHtml(html).html).toBe(html);
  });

  it('writes tags back well-formed: lower case, quoted attributes, explicit end tags', () => {
    expect(sanitizeHtml(`<UL><LI class=a>one<li title='say "hi"'>two</UL><P>open`).html).toBe(
      '<ul><li class="a">one</li><li title="say &quot;hi&quot;">two</li></ul><p>open</p>',
    );
    expect(sanitizeHtml('<div><b><i>x</div>after').html).toBe('<div><b><i>x</i></b></div>after');
    expect(sanitizeHtml('<p>a<div>b</div>').html).toBe('<p>a</p><div>b</div>');
    expect(sanitizeHtml('a<br/>b<img src="i.png" alt=x>c</br>').html).toBe(
      'a<br>b<img src="i.png" alt="x">c<br>',
    );
  });

  it('leaves out comments, scripts, styles, navigation and embedded media, and keeps JSON-LD', () => {
    const html =
      '<!doctype html><!-- note --><script>alert(1)</script><style>p{}</style><nav><a>Home</a></nav>' +
      '<svg><path/></svg><noscript><p>js</p></noscript><template><p>t</p></template><aside>ad</aside>' +
      '<script type="application/ld+json">{"author":"A"}</script><p>Text</p>';
    expect(sanitizeHtml(html).html).toBe(
      '<script type="application/ld+json">{"author":"A"}</script><p>Text</p>',
    );
  });

  it('keeps a title as text, and a < that starts no tag as text', () => {
    expect(sanitizeHtml('<title>A <b> & B</title><p>1 < 2 <3</p>').html).toBe(
      '<title>A <b> & B</title><p>1 &lt; 2 &lt;3</p>',
    );
  });

  it('drops junk tags and stops where the page ends inside a tag', () => {
    expect(sanitizeHtml('<p>kept</p><head<head<head').html).toBe('<p>kept</p>');
    expect(sanitizeHtml('<p>kept</p><div class="never closed').html).toBe('<p>kept</p>');
  });

  it('wraps a page that does not start with <html>', () => {
    expect(sanitizeHtml('<p>x</p>', { document: true }).html).toBe(
      '<!doctype html><html><head></head><body><p>x</p></body></html>',
    );
    expect(sanitizeHtml('<html><body><p>x</p></body></html><p>late</p>', { document: true }).html).toBe(
      '<!doctype html><html><body><p>x</p><p>late</p></body></html>',
    );
  });

  it('flattens nesting past the limit and keeps the text, as linkedom then builds it', () => {
    const html = `${'<div>'.repeat(10_000)}deep text${'</div>'.repeat(10_000)}<p>after</p>`;
    const result = sanitizeHtml(html);
    expect(result.depth).toBe(HTML_NESTING_MAX_LEVELS);
    expect(result.reduced).toBe(true);
    expect(result.html).toContain('deep text');
    expect(result.html.endsWith('<p>after</p>')).toBe(true);
    expect(domDepth(result.html)).toBe(HTML_NESTING_MAX_LEVELS);
  });

  it('cuts the page when its node budget runs out', () => {
    const result = sanitizeHtml(run('<p>a</p>', 1_000_000));
    expect(result.reduced).toBe(true);
    expect(result.elements).toBeLessThanOrEqual(HTML_NODES_MAX_COUNT);
  });

  it.each([
    ['<head', '<head'],
    ['nested divs', '<div>'],
    ['nested spans with attributes', '<span class="a" id=b>'],
    ['nested tables', '<table><tr><td>'],
    ['self-closed divs (open in HTML)', '<div/>'],
    ['stray <', '<'],
    ['end tags', '</b>'],
    ['character references', 'a&amp;'],
    ['attributes', '<div a="1" '],
    ['comments', '<!---->'],
    ['spaces', ' '],
    ['brackets', '['],
  ])('bounds five megabytes of %s', (_name, piece) => {
    const result = sanitizeHtml(run(piece, 5_000_000), { document: true });
    expect(result.html.length).toBeLessThanOrEqual(HTML_OUTPUT_MAX_CHARS + 2 * 1024);
    expect(result.depth).toBeLessThanOrEqual(HTML_NESTING_MAX_LEVELS);
    expect(domDepth(result.html)).toBeLessThanOrEqual(HTML_NESTING_MAX_LEVELS + 2);
  });
});
