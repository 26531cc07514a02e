import { describe, expect, it } from 'vitest';
import {
  cleanDescription,
  FEED_MAX_ITEMS,
  FEED_XML_MAX_CHARS,
  FeedParseError,
  parseFeed,
  parseFeedBody,
  trimFeedXml,
} from './feed-parser';

const run = (piece: string, chars: number) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Example &amp; Co News</title>
    <link>https://news.example/</link>
    <item>
      <title><![CDATA[Chiefs <em>win</em> again]]></title>
      <link>https://news.example/nfl/chiefs-win</link>
      <pubDate>Sun, 03 Nov 2024 22:15:00 GMT</pubDate>
      <dc:creator><![CDATA[Jordan Hale]]></dc:creator>
      <category>NFL</category>
      <category>Chiefs</category>
      <description><![CDATA[<p>Kansas City won <b>again</b>.</p><p>The post <a href="https://news.example/nfl/chiefs-win">Chiefs win again</a> appeared first on Example.</p>]]></description>
      <content:encoded><![CDATA[<h2>Recap</h2><p>Kansas City won again on Sunday, with a late field goal deciding a close game.</p><img src="x.jpg">]]></content:encoded>
      <media:content url="https://img.news.example/chiefs.jpg" medium="image" />
    </item>
    <item>
      <title>Relative link, no date</title>
      <link>/tech/relative</link>
      <author>editor@news.example (Sam Editor)</author>
      <description>Plain text description</description>
    </item>
    <item>
      <title>guid as the link</title>
      <guid isPermaLink="true">https://news.example/guid-link</guid>
    </item>
    <item><title>No link at all is skipped</title></item>
    <item><title>javascript link is skipped</title><link>javascript:alert(1)</link></item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Atom Sports</title>
  <link rel="self" href="https://sports.example/feed.atom" />
  <link rel="alternate" type="text/html" href="https://sports.example/" />
  <entry>
    <title type="html">Lakers &amp;lt;3 LeBron</title>
    <link rel="enclosure" href="https://sports.example/audio.mp3" />
    <link rel="alternate" type="text/html" href="https://sports.example/nba/lakers" />
    <id>tag:sports.example,2024:1</id>
    <updated>2024-11-02T10:00:00Z</updated>
    <published>2024-11-01T09:30:00-05:00</published>
    <author><name>Maya Chen</name></author>
    <category term="NBA" />
    <summary type="html">&lt;p&gt;A triple-double in LA.&lt;/p&gt;</summary>
    <content type="html">&lt;p&gt;LeBron James had a triple-double and the Lakers won their sixth straight game.&lt;/p&gt;</content>
  </entry>
  <entry>
    <title>Only updated</title>
    <link href="https://sports.example/only-updated" />
    <updated>2024-10-30T00:00:00Z</updated>
  </entry>
</feed>`;

const RDF = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel><title>RDF Feed</title><link>https://rdf.example/</link></channel>
  <item>
    <title>RDF story</title>
    <link>https://rdf.example/story</link>
    <dc:date>2024-09-01T12:00:00Z</dc:date>
    <dc:creator>Ann Author</dc:creator>
    <description>An RSS 1.0 item.</description>
  </item>
</rdf:RDF>`;

describe('parseFeed', () => {
  it('reads RSS 2.0 with CDATA, HTML, content:encoded, dc:creator, media and categories', () => {
    const feed = parseFeed(RSS, 'https://news.example/feed.xml');
    expect(feed.title).toBe('Example & Co News');
    expect(feed.items).toHaveLength(3);
    const [first, second, third] = feed.items;
    expect(first).toEqual({
      url: 'https://news.example/nfl/chiefs-win',
      title: 'Chiefs win again',
      publishedDate: '2024-11-03T22:15:00.000Z',
      author: 'Jordan Hale',
      description: 'Kansas City won again.',
      content: '## Recap\n\nKansas City won again on Sunday, with a late field goal deciding a close game.',
      image: 'https://img.news.example/chiefs.jpg',
      categories: ['NFL', 'Chiefs'],
    });
    expect(second).toMatchObject({
      url: 'https://news.example/tech/relative',
      publishedDate: null,
      author: 'Sam Editor',
      description: 'Plain text description',
    });
    expect(third!.url).toBe('https://news.example/guid-link');
  });

  it('reads Atom: the alternate link, typed text, published over updated, author name', () => {
    const feed = parseFeed(ATOM);
    expect(feed.title).toBe('Atom Sports');
    expect(feed.link).toBe('https://sports.example/');
    expect(feed.items[0]).toMatchObject({
      url: 'https://sports.example/nba/lakers',
      title: 'Lakers <3 LeBron',
      publishedDate: '2024-11-01T14:30:00.000Z',
      author: 'Maya Chen',
      description: 'A triple-double in LA.',
      content: 'LeBron James had a triple-double and the Lakers won their sixth straight game.',
      categories: ['NBA'],
    });
    expect(feed.items[1]).toMatchObject({
      url: 'https://sports.example/only-updated',
      publishedDate: '2024-10-30T00:00:00.000Z',
    });
  });

  it('reads RSS 1.0 (RDF)', () => {
    const feed = parseFeed(RDF);
    expect(feed.title).toBe('RDF Feed');
    expect(feed.items).toEqual([
      expect.objectContaining({
        url: 'https://rdf.example/story',
        title: 'RDF story',
        publishedDate: '2024-09-01T12:00:00.000Z',
        author: 'Ann Author',
      }),
    ]);
  });

  it('reads Atom XHTML text constructs in order, and HTML ones escaped or in CDATA', () => {
    const feed = parseFeed(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">r/<b>programming</b></div></title>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Rust <em>1.80</em> &amp; the borrow checker</div></title>
    <link href="https://reddit.example/r/programming/1"/>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>First <a href="https://rust.example/">paragraph</a>.</p><p>Second one.</p></div></content>
  </entry>
  <entry>
    <title type="html">&lt;b&gt;Bold&lt;/b&gt; &amp;amp; escaped</title>
    <link href="https://reddit.example/r/programming/2"/>
    <summary type="html"><![CDATA[<p>In <i>CDATA</i> &amp; kept</p>]]></summary>
  </entry>
</feed>`);
    expect(feed.title).toBe('r/programming');
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toMatchObject({
      title: 'Rust 1.80 & the borrow checker',
      description: 'First paragraph. Second one.',
      content: 'First [paragraph](https://rust.example/).\n\nSecond one.',
    });
    expect(feed.items[1]).toMatchObject({ title: 'Bold & escaped', description: 'In CDATA & kept' });
  });

  it('keeps an RSS 2.0 item that has a description and a link but no title, titled by its first sentence', () => {
    const feed =
      parseFeed(`<rss version="2.0"><channel><title>Micro</title><link>https://micro.example/</link>
<item><description>&lt;p&gt;Shipped the new build system today. It is twice as fast.&lt;/p&gt;</description><link>https://micro.example/2024/1</link></item>
<item><description>${'word '.repeat(60)}</description><link>https://micro.example/2024/2</link></item>
<item><title>   </title><link>https://micro.example/2024/3</link></item>
</channel></rss>`);
    expect(feed.items.map((item) => item.title)).toEqual([
      'Shipped the new build system today.',
      `${'word '.repeat(24).trim()}…`,
    ]);
    expect(feed.items[0]!.description).toBe('Shipped the new build system today. It is twice as fast.');
  });

  it('reads a feed in the encoding its XML declaration names when the server names none', () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?>\n<rss version="2.0"><channel><title>Not\xedcias</title>' +
        '<item><title>M\xe3e de utente \xe9 recebida</title><link>https://noticias.example/1</link></item></channel></rss>',
      'latin1',
    );
    const feed = parseFeedBody(latin1, 'application/rss+xml', 'https://noticias.example/feed');
    expect(feed.title).toBe('Notícias');
    expect(feed.items[0]!.title).toBe('Mãe de utente é recebida');
  });

  it('reads an RSS description written as raw markup, in order and however deep it nests', () => {
    const deep = `${'<div>'.repeat(500)}deep${'</div>'.repeat(500)}`;
    const feed = parseFeed(`<rss version="2.0"><channel><title>Raw</title>
<item><title>Raw markup</title><link>https://raw.example/1</link><description><p>One <b>bold</b> &amp; two.</p>${deep}</description></item>
<item><title>Next</title><link>https://raw.example/2</link></item></channel></rss>`);
    expect(feed.items.map((item) => item.title)).toEqual(['Raw markup', 'Next']);
    expect(feed.items[0]!.description).toBe('One bold & two. deep');
  });

  it('refuses documents that are not feeds', () => {
    expect(() => parseFeed('<!doctype html><html><body>hi</body></html>')).toThrow(FeedParseError);
    expect(() => parseFeed('{"json": true}')).toThrow(FeedParseError);
  });
});

describe('cleanDescription', () => {
  it('drops publisher boilerplate', () => {
    expect(cleanDescription('Big news today. The post Big news appeared first on TechCrunch.')).toBe(
      'Big news today.',
    );
    expect(
      cleanDescription(
        'Article URL: https://x.example/a Comments URL: https://news.ycombinator.com/item?id=1 Points: 12 # Comments: 3',
      ),
    ).toBe('');
    expect(cleanDescription('A long intro that goes on [...]')).toBe('A long intro that goes on…');
  });
});

describe('hostile feeds', () => {
  it('cleans descriptions padded with megabytes of blanks', () => {
    expect(cleanDescription(`Big news. ${run(' ', 1_000_000)}x`)).toBe('Big news.');
    expect(cleanDescription(`Big news.${run(' \n\t', 3_000)}The post a appeared first on b.`)).toBe(
      'Big news.',
    );
    expect(cleanDescription(run('The post ', 1_000_000))).toHaveLength(3_999);
  });

  it('reads authors, titles and contents of long runs of one character, capped', () => {
    const item = (fields: string) => `<item><link>https://x.example/${Math.random()}</link>${fields}</item>`;
    const xml = `<rss><channel><title>${run('T', FEED_XML_MAX_CHARS * 0.1)}</title>${[
      item(`<title>Parens</title><author>${run('(', FEED_XML_MAX_CHARS * 0.15)}</author>`),
      item(`<title>At</title><author>${run('@', FEED_XML_MAX_CHARS * 0.15)} x</author>`),
      item(`<title>Email</title><author>ed@x.example (Ed Itor)</author>`),
      item(`<title><![CDATA[${run('<b>', FEED_XML_MAX_CHARS * 0.15)}]]></title>`),
      item(`<title>Images</title><content:encoded>${run('![', FEED_XML_MAX_CHARS * 0.15)}</content:encoded>`),
      item(
        `<title>Nested</title><description><![CDATA[<p>Top.</p>${run('<div>', FEED_XML_MAX_CHARS * 0.15)}]]></description>`,
      ),
    ].join('')}</channel></rss>`;
    const feed = parseFeed(xml);
    expect(feed.title.length).toBeLessThanOrEqual(300);
    // A title of nothing but tags is no title: that item is skipped.
    expect(feed.items.map((item) => item.title)).toEqual(['Parens', 'At', 'Email', 'Images', 'Nested']);
    const [parens, at, email, images, nested] = feed.items;
    expect(parens!.author).toBe('('.repeat(200));
    expect(at!.author).toBe('@'.repeat(200));
    expect(email!.author).toBe('Ed Itor');
    expect(images!.content).toBe(`${'!['.repeat(3_000)}…`);
    expect(nested).toMatchObject({ description: 'Top.', content: 'Top.' });
  });

  it('cuts the XML after its last whole item within the limits, keeping the closing tags', () => {
    const rssItems = Array.from(
      { length: 400 },
      (_, i) => `<item><title>S${i}</title><link>https://x.example/${i}</link></item>`,
    );
    const rss = `<rss><channel><title>T</title>${rssItems.join('')}</channel></rss>`;
    expect(trimFeedXml(rss)).toBe(
      `<rss><channel><title>T</title>${rssItems.slice(0, FEED_MAX_ITEMS).join('')}</channel></rss>`,
    );
    const big = (i: number) =>
      `<entry><title>E${i}</title><link href="https://x.example/${i}"/><summary>${run('s', FEED_XML_MAX_CHARS * 0.3)}</summary></entry>`;
    const atom = `<feed><title>A</title>${[0, 1, 2, 3, 4].map(big).join('')}</feed>`;
    expect(parseFeed(atom).items.map((entry) => entry.title)).toEqual(['E0', 'E1', 'E2']);
    const rdf = `<rdf:RDF><channel><title>R</title></channel>${rssItems.join('')}</rdf:RDF>`;
    expect(trimFeedXml(rdf).endsWith(`${rssItems[FEED_MAX_ITEMS - 1]}</rdf:RDF>`)).toBe(true);
    expect(trimFeedXml('<rss><channel><title>Small</title></channel></rss>')).toBe(
      '<rss><channel><title>Small</title></channel></rss>',
    );
  });

  it('refuses a feed whose first item is over the limit', () => {
    const xml = `<rss><channel><item><title>${run('t', FEED_XML_MAX_CHARS)}</title></item></channel></rss>`;
    expect(() => parseFeed(xml)).toThrow(FeedParseError);
  });

  it(`reads at most ${FEED_MAX_ITEMS} items`, () => {
    const items = Array.from(
      { length: 5_000 },
      (_, i) => `<item><title>Story ${i}</title><link>https://x.example/${i}</link></item>`,
    );
    expect(
      parseFeed(`<rss><channel><title>Many</title>${items.join('')}</channel></rss>`).items,
    ).toHaveLength(FEED_MAX_ITEMS);
  });
});
