/**
 * A local stand-in for the news web: RSS 2.0 and Atom feeds (the shapes real publishers serve, with
 * their quirks: HTML descriptions, CDATA, content:encoded, dc:creator, typed Atom text, RFC 822 and
 * ISO dates) and the article pages they link to, with and without framing headers.
 *
 * - GET /feeds/tech.xml      RSS 2.0 (tech stories)
 * - GET /feeds/sports.atom   Atom 1.0 (sports stories)
 * - GET /feeds/broken.xml    an HTML page where a feed should be (a feed that cannot be read)
 * - GET /articles/<slug>     the article page; its framing headers depend on the article:
 *                            none, X-Frame-Options DENY / SAMEORIGIN, CSP frame-ancestors 'none' / 'self'
 * - GET /articles/missing    404;  GET /articles/slow  never answers;  GET /files/report.pdf  a PDF
 *
 * Article links point at this server (so pages can be read) on two host names, 127.0.0.1 and
 * localhost, so domain filters have something to tell apart; a few point at `.test` domains that do
 * not resolve (stories the reader cannot fetch). Dates are relative to when the fake starts.
 *
 * Standalone: `npx tsx tests/fakes/news-feeds.ts --port 4300`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export type Framing = 'none' | 'deny' | 'sameorigin' | 'csp-none' | 'csp-self';

export interface FakeArticle {
  slug: string;
  title: string;
  author: string;
  /** Days before the fake started. */
  daysAgo: number;
  feed: 'tech' | 'sports';
  categories: string[];
  /** 'loopback' (127.0.0.1), 'localhost', or a `.test` host that never resolves. */
  host: 'loopback' | 'localhost' | `${string}.test`;
  framing: Framing;
  description: string;
  paragraphs: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const FAKE_ARTICLES: FakeArticle[] = [
  {
    slug: 'chiefs-rally-past-bills',
    title: 'Kansas City Chiefs rally past the Bills in overtime thriller',
    author: 'Jordan Hale',
    daysAgo: 1,
    feed: 'sports',
    categories: ['NFL', 'Kansas City Chiefs'],
    host: 'loopback',
    framing: 'deny',
    description: 'Patrick Mahomes led a late drive and the Chiefs won in overtime at Arrowhead.',
    paragraphs: [
      'The Kansas City Chiefs came back from ten points down in the fourth quarter to beat the Buffalo Bills 27-24 in overtime on Sunday night at Arrowhead Stadium.',
      'Patrick Mahomes threw for 312 yards and two touchdowns, and Harrison Butker kicked the winning field goal from 41 yards with two minutes left in the extra period.',
      'The Bills had taken the lead with a long touchdown run early in the fourth quarter, but their offence stalled on its last three possessions as the Kansas City defence pressed.',
      'Head coach Andy Reid said the team never lost belief and praised the offensive line for giving Mahomes time on the final drives of regulation.',
      'The win keeps Kansas City at the top of the AFC West with four games left in the regular season, while Buffalo falls a game behind in the race for the top seed.',
    ],
  },
  {
    slug: 'lakers-extend-win-streak',
    title: 'Lakers extend win streak to six behind LeBron James triple-double',
    author: 'Maya Chen',
    daysAgo: 2,
    feed: 'sports',
    categories: ['NBA', 'Los Angeles Lakers'],
    host: 'localhost',
    framing: 'none',
    description: 'LeBron James posted a triple-double as the Lakers beat the Suns for a sixth straight win.',
    paragraphs: [
      'LeBron James recorded 28 points, 12 rebounds and 11 assists as the Los Angeles Lakers beat the Phoenix Suns 118-109 for their sixth straight win.',
      'Anthony Davis added 24 points and 15 rebounds, anchoring a defence that held Phoenix to 41 percent shooting from the field.',
      'The Lakers pulled away in the third quarter with a 14-2 run sparked by three consecutive steals from their second unit.',
      'The streak lifts Los Angeles into fifth place in the Western Conference, a game and a half ahead of the play-in spots.',
    ],
  },
  {
    slug: 'yankees-sign-ace',
    title: 'Yankees sign free-agent ace to five-year deal',
    author: 'Sam Ortiz',
    daysAgo: 10,
    feed: 'sports',
    categories: ['MLB', 'New York Yankees'],
    host: 'loopback',
    framing: 'sameorigin',
    description: 'The New York Yankees landed the top pitcher on the market with a five-year contract.',
    paragraphs: [
      'The New York Yankees have agreed to a five-year contract with the top starting pitcher on the free-agent market, the club announced on Tuesday.',
      'The right-hander led the league in strikeouts last season and gives New York a second ace behind Gerrit Cole in the rotation.',
      'General manager Brian Cashman said the signing reflects the club’s commitment to winning a championship within the next two seasons.',
      'The deal is pending a physical, which is expected to be completed at the team’s facility in Tampa later this week.',
    ],
  },
  {
    slug: 'oilers-mcdavid-record',
    title: 'Connor McDavid sets Oilers assist record in win over Flames',
    author: 'Elise Martin',
    daysAgo: 3,
    feed: 'sports',
    categories: ['NHL', 'Edmonton Oilers'],
    host: 'localhost',
    framing: 'csp-none',
    description: 'McDavid passed a franchise mark as Edmonton beat Calgary in the Battle of Alberta.',
    paragraphs: [
      'Connor McDavid set an Edmonton Oilers record for assists in a single season as the Oilers beat the Calgary Flames 5-2 in the Battle of Alberta.',
      'McDavid assisted on three goals, including a power-play marker by Leon Draisaitl that broke the game open midway through the second period.',
      'Goaltender Stuart Skinner made 31 saves, and the Oilers killed off all four Calgary power plays.',
      'Edmonton has won eight of its last ten games and sits second in the Pacific Division.',
    ],
  },
  {
    slug: 'typescript-release',
    title: 'TypeScript 6 release brings faster type checking and a new compiler',
    author: 'Priya Raman',
    daysAgo: 1,
    feed: 'tech',
    categories: ['TypeScript', 'Programming Languages'],
    host: 'loopback',
    framing: 'none',
    description: 'The new TypeScript release ships a native compiler that checks large projects far faster.',
    paragraphs: [
      'Microsoft has released a new major version of TypeScript with a native compiler that type checks large codebases several times faster than before.',
      'The team says editor responsiveness improves most in monorepos, where project references previously made language-service start-up slow.',
      'Some deprecated compiler options have been removed, and the release notes list the flags projects must update before upgrading.',
      'Framework authors including the React and Angular teams have published guides for migrating their build tooling to the new compiler.',
    ],
  },
  {
    slug: 'ai-startup-raises-series-b',
    title: 'AI agent startup raises $80 million Series B to automate software engineering',
    author: 'Dana Brooks',
    daysAgo: 4,
    feed: 'tech',
    categories: ['Startups', 'Artificial Intelligence', 'Funding'],
    host: 'localhost',
    framing: 'csp-self',
    description: 'A startup building coding agents raised an $80 million Series B led by a top venture firm.',
    paragraphs: [
      'A startup building autonomous coding agents has raised an $80 million Series B round to expand its platform for automating routine software engineering work.',
      'The company says its agents open pull requests for dependency upgrades, flaky test fixes and small refactors, which engineers then review and merge.',
      'The round was led by a prominent venture firm, with participation from existing investors, and values the startup at roughly $900 million.',
      'The founders plan to double the engineering team and invest in security reviews of agent-generated code, a concern raised by several enterprise customers.',
    ],
  },
  {
    slug: 'react-compiler-stable',
    title: 'React Compiler reaches stable release for full stack apps',
    author: 'Leo Fischer',
    daysAgo: 20,
    feed: 'tech',
    categories: ['React', 'JavaScript', 'Full Stack'],
    host: 'loopback',
    framing: 'none',
    description: 'The React Compiler is now stable and memoises components automatically.',
    paragraphs: [
      'The React team has declared the React Compiler stable, bringing automatic memoisation to full stack applications without manual useMemo and useCallback calls.',
      'Early adopters report fewer re-renders and simpler component code, particularly in large dashboards with many derived values.',
      'The compiler works with Vite, Next.js and other bundlers through a Babel plugin, and a lint rule flags code that breaks the rules of React.',
    ],
  },
  {
    slug: 'rust-linux-kernel',
    title: 'Rust drivers land in the Linux kernel mainline',
    author: 'Ines Kowalski',
    daysAgo: 6,
    feed: 'tech',
    categories: ['Rust', 'Linux', 'Open Source'],
    host: 'infra-news.test',
    framing: 'none',
    description: 'The first production Rust drivers have been merged into the Linux kernel.',
    paragraphs: [
      'The first production network drivers written in Rust have been merged into the Linux kernel mainline, a milestone for the language’s use in systems programming.',
      'Maintainers say memory safety guarantees reduce whole classes of bugs, though the bindings to kernel C APIs still need careful review.',
    ],
  },
];

export interface FakeNewsFeeds {
  url: string;
  port: number;
  /** Absolute URL of an article page as the feeds link to it. */
  articleUrl(slug: string): string;
  /** The feed URLs, as NEWS_FEEDS takes them. */
  feeds: { tech: string; sports: string; broken: string };
  articles: (FakeArticle & { url: string; publishedDate: string })[];
  /** Answer a feed with this HTTP status from now on (null: serve it again). */
  setFeedStatus(feed: 'tech' | 'sports', status: number | null): void;
  /** Publish one more article in a feed. */
  addArticle(article: FakeArticle): void;
  stats(): { feedRequests: number; pageRequests: number; userAgents: string[] };
  close(): Promise<void>;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FakeNewsFeedsOptions {
  port?: number;
  host?: string;
}

export async function startFakeNewsFeeds(options: FakeNewsFeedsOptions = {}): Promise<FakeNewsFeeds> {
  const startedAt = Date.now();
  const articles = [...FAKE_ARTICLES];
  const feedStatus: Record<string, number | null> = { tech: null, sports: null };
  const stats = { feedRequests: 0, pageRequests: 0, userAgents: [] as string[] };
  let port = 0;

  const hostUrl = (article: FakeArticle) =>
    article.host === 'loopback'
      ? `http://127.0.0.1:${port}`
      : article.host === 'localhost'
        ? `http://localhost:${port}`
        : `https://www.${article.host}`;
  const articleUrl = (article: FakeArticle) => `${hostUrl(article)}/articles/${article.slug}`;
  const published = (article: FakeArticle) => new Date(startedAt - article.daysAgo * DAY_MS);

  function techRss(): string {
    const items = articles
      .filter((article) => article.feed === 'tech')
      .map((article, index) => {
        // Half the items carry the whole story in content:encoded, as many publishers do.
        const content =
          index % 2 === 0
            ? `<content:encoded><![CDATA[${article.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}]]></content:encoded>`
            : '';
        return `
    <item>
      <title>${escapeXml(article.title)}</title>
      <link>${escapeXml(articleUrl(article))}?utm_source=rss&amp;utm_medium=feed</link>
      <guid isPermaLink="false">tech-${article.slug}</guid>
      <pubDate>${published(article).toUTCString()}</pubDate>
      <dc:creator><![CDATA[${article.author}]]></dc:creator>
      ${article.categories.map((category) => `<category><![CDATA[${category}]]></category>`).join('')}
      <description><![CDATA[<p>${escapeXml(article.description)}</p><p>The post <a href="${escapeXml(articleUrl(article))}">${escapeXml(article.title)}</a> appeared first on Fake Tech Daily.</p>]]></description>
      ${content}
    </item>`;
      })
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Fake Tech Daily</title>
    <atom:link href="http://127.0.0.1:${port}/feeds/tech.xml" rel="self" type="application/rss+xml" />
    <link>http://127.0.0.1:${port}/</link>
    <description>Technology and startup news</description>
    <language>en-US</language>${items}
  </channel>
</rss>`;
  }

  function sportsAtom(): string {
    const entries = articles
      .filter((article) => article.feed === 'sports')
      .map(
        (article) => `
  <entry>
    <title type="html">${escapeXml(escapeXml(article.title))}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(articleUrl(article))}" />
    <id>tag:fake-sports,2024:${article.slug}</id>
    <published>${published(article).toISOString()}</published>
    <updated>${published(article).toISOString()}</updated>
    <author><name>${escapeXml(article.author)}</name></author>
    ${article.categories.map((category) => `<category term="${escapeXml(category)}" />`).join('')}
    <summary type="html">${escapeXml(`<p>${escapeXml(article.description)}</p>`)}</summary>
  </entry>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Fake Sports Wire</title>
  <link rel="alternate" type="text/html" href="http://127.0.0.1:${port}/" />
  <link rel="self" href="http://127.0.0.1:${port}/feeds/sports.atom" />
  <id>tag:fake-sports,2024:feed</id>
  <updated>${new Date(startedAt).toISOString()}</updated>${entries}
</feed>`;
  }

  function articlePage(article: FakeArticle): string {
    return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeXml(article.title)} | ${article.feed === 'tech' ? 'Fake Tech Daily' : 'Fake Sports Wire'}</title>
  <meta property="og:title" content="${escapeXml(article.title)}">
  <meta property="og:description" content="${escapeXml(article.description)}">
  <meta property="og:site_name" content="${article.feed === 'tech' ? 'Fake Tech Daily' : 'Fake Sports Wire'}">
  <meta property="article:published_time" content="${published(article).toISOString()}">
  <meta name="author" content="${escapeXml(article.author)}">
  <script>window.analytics = { track() {} };</script>
  <style>body { font-family: sans-serif; }</style>
</head>
<body>
  <header><nav><a href="/">Home</a> <a href="/nfl">NFL</a> <a href="/tech">Tech</a> <a href="/subscribe">Subscribe</a></nav></header>
  <main>
    <article>
      <h1>${escapeXml(article.title)}</h1>
      <p class="byline">By ${escapeXml(article.author)}</p>
      <figure><img src="/images/${article.slug}.jpg" alt="Photo"><figcaption>Photo: Fake Images</figcaption></figure>
      ${article.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('\n      ')}
    </article>
  </main>
  <aside><h2>Most read</h2><ul><li><a href="/a">Another story</a></li><li><a href="/b">Yet another</a></li></ul></aside>
  <footer><p>© Fake Media. All rights reserved.</p><a href="/privacy">Privacy</a></footer>
</body>
</html>`;
  }

  function framingHeaders(framing: Framing): Record<string, string> {
    switch (framing) {
      case 'deny':
        return { 'x-frame-options': 'DENY' };
      case 'sameorigin':
        return { 'x-frame-options': 'SAMEORIGIN' };
      case 'csp-none':
        return { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" };
      case 'csp-self':
        return { 'content-security-policy': "frame-ancestors 'self'" };
      default:
        return {};
    }
  }

  function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers = {}) {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(body);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake-news.invalid').pathname;
    if (path.startsWith('/feeds/')) {
      stats.feedRequests++;
      stats.userAgents.push(String(req.headers['user-agent'] ?? ''));
    }
    if (path === '/feeds/tech.xml' || path === '/feeds/sports.atom') {
      const feed = path === '/feeds/tech.xml' ? 'tech' : 'sports';
      const status = feedStatus[feed];
      if (status) return send(res, status, 'text/html; charset=utf-8', `<h1>${status}</h1>`);
      return feed === 'tech'
        ? send(res, 200, 'application/rss+xml; charset=utf-8', techRss())
        : send(res, 200, 'application/atom+xml; charset=utf-8', sportsAtom());
    }
    if (path === '/feeds/broken.xml') {
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        '<!doctype html><title>Moved</title><p>Our feed has moved.</p>',
      );
    }
    if (path === '/articles/missing') {
      stats.pageRequests++;
      return send(
        res,
        404,
        'text/html; charset=utf-8',
        '<!doctype html><title>Not found</title><h1>Page not found</h1>',
      );
    }
    if (path === '/articles/slow') {
      stats.pageRequests++;
      return; // never answers: readers must time out
    }
    if (path === '/files/report.pdf') {
      return send(res, 200, 'application/pdf', Buffer.from('%PDF-1.4\n%fake\n'));
    }
    const slug = /^\/articles\/([\w-]+)$/.exec(path)?.[1];
    const article = slug ? articles.find((candidate) => candidate.slug === slug) : undefined;
    if (article) {
      stats.pageRequests++;
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        articlePage(article),
        framingHeaders(article.framing),
      );
    }
    if (path === '/') {
      return send(
        res,
        200,
        'text/html; charset=utf-8',
        '<!doctype html><title>Fake News</title><h1>Fake News</h1>',
      );
    }
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    articleUrl: (slug) => {
      const article = articles.find((candidate) => candidate.slug === slug);
      return article ? articleUrl(article) : `${url}/articles/${slug}`;
    },
    feeds: {
      tech: `${url}/feeds/tech.xml`,
      sports: `${url}/feeds/sports.atom`,
      broken: `${url}/feeds/broken.xml`,
    },
    get articles() {
      return articles.map((article) => ({
        ...article,
        url: articleUrl(article),
        publishedDate: published(article).toISOString(),
      }));
    },
    setFeedStatus(feed, status) {
      feedStatus[feed] = status;
    },
    addArticle(article) {
      articles.push(article);
    },
    stats: () => ({ ...stats, userAgents: [...stats.userAgents] }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4300' } } });
  const fake = await startFakeNewsFeeds({ port: Number(values.port) });
  console.log(`fake news feeds on ${fake.url}`);
  console.log(`  NEWS_FEEDS=${fake.feeds.tech},${fake.feeds.sports} FETCH_ALLOW_PRIVATE=1`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
