import '../../../../tests/helpers/jsdom-dialog';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@shared/schemas/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleDrawer } from './article-drawer';
import { FrameViewer } from './frame-viewer';

const RESULT: SearchResult = {
  id: 'https://www.espn.com/nfl/story/1',
  url: 'https://www.espn.com/nfl/story/1',
  title: 'Chiefs win again',
  publishedDate: '2025-01-12T18:00:00.000Z',
  author: 'Jane Writer',
  score: 0.9,
  summary: 'The search result summary.',
};

const LONG_TEXT = `# Overtime thriller\n\nKansas City **won** in [overtime](https://example.org/ot).\n\n<b>raw html</b><script>window.hacked = true</script>\n\n${'More words here. '.repeat(40)}`;

let respond: (url: string) => Promise<Response>;
const requests: { url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const contents = (results: Partial<SearchResult>[]) =>
  json(200, {
    success: true,
    provider: 'local',
    requestId: 'r',
    results: results.map((result) => ({ ...RESULT, summary: undefined, ...result })),
    statuses: [{ id: RESULT.url, status: 'success' }],
  });

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return respond(url);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDrawer(result: SearchResult | null = RESULT) {
  const onClose = vi.fn();
  const onViewInFrame = vi.fn();
  render(<ArticleDrawer result={result} onClose={onClose} onViewInFrame={onViewInFrame} />);
  return { onClose, onViewInFrame, user: userEvent.setup() };
}

describe('article drawer', () => {
  it('loads the full contents and shows summary, highlights and markdown without raw HTML', async () => {
    let release!: () => void;
    respond = () =>
      new Promise(
        (resolve) =>
          (release = () =>
            resolve(
              contents([
                { summary: 'An AI summary.', highlights: ['First point.', 'Second point.'], text: LONG_TEXT },
              ]),
            )),
      );
    const { user, onViewInFrame } = renderDrawer();
    const drawer = screen.getByRole('dialog', { name: 'Chiefs win again' });
    expect(within(drawer).getByText('Loading content...')).toBeInTheDocument();
    expect(within(drawer).getByText('espn.com')).toBeInTheDocument();
    expect(within(drawer).getByText('Jane Writer')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open Original' })).toHaveAttribute('href', RESULT.url);
    expect(requests[0]).toEqual({
      url: '/api/exa/get-contents',
      body: { urls: [RESULT.url], text: true, highlights: true, summary: true },
    });
    expect(document.body.style.overflow).toBe('hidden');

    act(() => release());
    expect(await within(drawer).findByText('AI Summary')).toBeInTheDocument();
    expect(within(drawer).getByText('An AI summary.')).toBeInTheDocument();
    const highlights = within(drawer).getByRole('region', { name: 'Key Highlights' });
    expect(
      within(highlights)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First point.', 'Second point.']);
    const article = within(drawer).getByRole('region', { name: 'Article Content' });
    expect(await within(article).findByRole('heading', { name: 'Overtime thriller' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'overtime' })).toHaveAttribute('target', '_blank');
    expect(article.querySelector('script, b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    await user.click(within(drawer).getByRole('button', { name: 'Show Raw Content' }));
    expect(within(article).getByText(/<script>window.hacked = true<\/script>/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Hide Raw Content' }));
    expect(within(article).getByRole('heading', { name: 'Overtime thriller' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'View in Frame' }));
    expect(onViewInFrame).toHaveBeenCalledWith(RESULT);
  });

  it('has no raw toggle for short text', async () => {
    respond = async () => contents([{ text: 'Short text.' }]);
    renderDrawer();
    expect(await screen.findByText('Short text.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Raw Content' })).not.toBeInTheDocument();
  });

  it("says when contents fail and falls back to the result's own data", async () => {
    respond = async () =>
      json(502, { error: { code: 'content_failed', message: 'The page could not be read' } });
    renderDrawer();
    expect(await screen.findByText('Error Loading Content')).toBeInTheDocument();
    expect(screen.getByText('The page could not be read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Original Page' })).toHaveAttribute('href', RESULT.url);
    expect(screen.getByText('The search result summary.')).toBeInTheDocument();
  });

  it("uses the URL's own error when the answer has no result, else 'Failed to load content'", async () => {
    respond = async () =>
      json(200, {
        success: true,
        provider: 'local',
        requestId: 'r',
        results: [],
        statuses: [
          {
            id: RESULT.url,
            status: 'error',
            error: { tag: 'CRAWL_TIMEOUT', httpStatusCode: null, message: 'Timed out' },
          },
        ],
      });
    renderDrawer();
    expect(await screen.findByText('Timed out')).toBeInTheDocument();
    cleanup();
    respond = async () => json(200, { unexpected: true });
    renderDrawer();
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    respond = async () => contents([{ text: '', publishedDate: null, author: null }]);
    renderDrawer({ ...RESULT, summary: undefined, publishedDate: null, author: null });
    expect(await screen.findByText('No content available for this article.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read Original Article' })).toHaveAttribute('href', RESULT.url);
    expect(screen.getByText('Unknown date')).toBeInTheDocument();
  });

  it("closes with 'Close drawer' and with Escape, and unlocks scrolling once closed", async () => {
    respond = async () => contents([{ text: 'Body.' }]);
    const { user, onClose } = renderDrawer();
    await user.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(2);
    cleanup();
    expect(document.body.style.overflow).toBe('');
  });

  it('renders nothing while closed', () => {
    renderDrawer(null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('frame viewer', () => {
  const page = { url: 'https://example.org/story', title: 'A story' };

  it('checks with the server, shows Loading, then frames the page', async () => {
    let release!: () => void;
    respond = () =>
      new Promise(
        (resolve) =>
          (release = () =>
            resolve(json(200, { url: page.url, embeddable: true, reason: null, detail: null }))),
      );
    render(<FrameViewer page={page} onClose={() => {}} />);
    const viewer = screen.getByRole('dialog', { name: 'A story' });
    expect(within(viewer).getByText('Loading')).toBeInTheDocument();
    expect(requests[0]!.url).toBe(`/api/content/frame-check?url=${encodeURIComponent(page.url)}`);
    act(() => release());
    const frame = await within(viewer).findByTitle('A story');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', page.url);
    act(() => {
      frame.dispatchEvent(new Event('load'));
    });
    expect(within(viewer).queryByText('Loading')).not.toBeInTheDocument();
  });

  it('says when the page refuses to be framed', async () => {
    respond = async () =>
      json(200, { url: page.url, embeddable: false, reason: 'x-frame-options-deny', detail: 'DENY' });
    render(<FrameViewer page={page} onClose={() => {}} />);
    expect(await screen.findByText('This page is not available to view in an iFrame')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('only logs a failed check and tries the page anyway', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    respond = async () => json(429, { error: { code: 'rate_limited', message: 'Slow down' } });
    render(<FrameViewer page={page} onClose={() => {}} />);
    expect(await screen.findByTitle('A story')).toHaveAttribute('src', page.url);
    expect(warn).toHaveBeenCalled();
  });

  it('closes with its close button', async () => {
    respond = async () => json(200, { url: page.url, embeddable: true, reason: null, detail: null });
    const onClose = vi.fn();
    render(<FrameViewer page={page} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close frame viewer' }));
    expect(onClose).toHaveBeenCalled();
  });
});
