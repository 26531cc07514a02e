import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { SearchResult } from '@shared/schemas/search';
import { buttonClass } from '@client/components/button';
import { Drawer } from '@client/components/drawer';
import { Spinner } from '@client/components/spinner';
import { mergeArticle, useArticleContent } from './use-article-content';

/** 'Show Raw Content' appears only when the article text is longer than this many characters. */
export const RAW_TOGGLE_MIN_CHARS = 500;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function formatDate(value: string | null): string {
  if (!value || Number.isNaN(Date.parse(value))) return 'Unknown date';
  return new Date(value).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

const loadMarkdown = () => import('./article-markdown');
const ArticleMarkdown = lazy(loadMarkdown);

const MARKDOWN_CLASS = [
  'text-[0.95rem] leading-relaxed text-slate-800 dark:text-slate-200 break-words',
  '[&_p]:my-3 [&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:font-semibold [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:italic dark:[&_blockquote]:border-slate-700',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800',
].join(' ');

export interface ArticleDrawerProps {
  /** The result being read; the drawer is closed when null. */
  result: SearchResult | null;
  onClose: () => void;
  /** 'View in Frame': the page closes the drawer and opens the frame viewer. */
  onViewInFrame: (result: SearchResult) => void;
}

/**
 * The article side drawer: slides in from the right, Escape or 'Close drawer'
 * close it, the page does not scroll behind it. It fetches the article's full contents; when that
 * fails it says so and shows the result's own data instead.
 */
export function ArticleDrawer({ result, onClose, onViewInFrame }: ArticleDrawerProps) {
  const open = result !== null;
  // The markdown renderer loads while the article's contents do.
  useEffect(() => {
    if (open) loadMarkdown().catch(() => {}); // a failure shows where the text would render
  }, [open]);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="right"
      widthClassName="sm:max-w-xl lg:max-w-2xl"
      title={result ? <span className="line-clamp-2 block whitespace-normal">{result.title}</span> : null}
    >
      {result ? <ArticleBody key={result.url} result={result} onViewInFrame={onViewInFrame} /> : null}
    </Drawer>
  );
}

function ArticleBody({
  result,
  onViewInFrame,
}: {
  result: SearchResult;
  onViewInFrame: (result: SearchResult) => void;
}) {
  const content = useArticleContent(result.url);
  const [showRaw, setShowRaw] = useState(false);
  const id = useId();
  const article = mergeArticle(result, content.status === 'ready' ? content.content : null);
  const hasContent = Boolean(article.summary || article.highlights.length > 0 || article.text);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-medium text-brand-700 dark:text-brand-100">{hostOf(result.url)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatDate(article.publishedDate)}</span>
          {article.author ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{article.author}</span>
            </>
          ) : null}
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={result.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'sm')}
          >
            Open Original
          </a>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => onViewInFrame(result)}
          >
            View in Frame
          </button>
        </div>
      </div>

      {content.status === 'loading' ? (
        <div className="py-10">
          <Spinner label="Loading content..." />
        </div>
      ) : (
        <>
          {content.status === 'error' ? (
            <div
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900/60 dark:bg-red-950/40"
            >
              <h3 className="font-semibold text-red-800 dark:text-red-300">Error Loading Content</h3>
              <p className="mt-1 text-red-700 dark:text-red-300/90">{content.error}</p>
              <a
                href={result.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${buttonClass('secondary', 'sm')} mt-3`}
              >
                Open Original Page
              </a>
            </div>
          ) : null}

          {article.summary ? (
            <section
              aria-labelledby={`${id}-summary`}
              className="rounded-xl border border-brand-100 bg-brand-50 p-4 dark:border-brand-500/30 dark:bg-brand-500/10"
            >
              <h3
                id={`${id}-summary`}
                className="mb-1.5 text-sm font-semibold text-brand-700 dark:text-brand-100"
              >
                AI Summary
              </h3>
              <p className="text-sm leading-relaxed text-slate-800 dark:text-slate-200">{article.summary}</p>
            </section>
          ) : null}

          {article.highlights.length > 0 ? (
            <section aria-labelledby={`${id}-highlights`}>
              <h3 id={`${id}-highlights`} className="mb-2 font-semibold text-slate-900 dark:text-slate-100">
                Key Highlights
              </h3>
              <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-800 marker:text-brand-500 dark:text-slate-200">
                {article.highlights.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {article.text ? (
            <section aria-labelledby={`${id}-content`}>
              <div className="mb-2 flex items-center gap-2">
                <h3 id={`${id}-content`} className="flex-1 font-semibold text-slate-900 dark:text-slate-100">
                  Article Content
                </h3>
                {article.text.length > RAW_TOGGLE_MIN_CHARS ? (
                  <button
                    type="button"
                    aria-expanded={showRaw}
                    className={buttonClass('ghost', 'sm')}
                    onClick={() => setShowRaw((value) => !value)}
                  >
                    {showRaw ? 'Hide Raw Content' : 'Show Raw Content'}
                  </button>
                ) : null}
              </div>
              {showRaw ? (
                <pre className="max-h-[60vh] overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-300">
                  {article.text}
                </pre>
              ) : (
                <div className={MARKDOWN_CLASS}>
                  <Suspense fallback={<Spinner size="sm" />}>
                    <ArticleMarkdown text={article.text} />
                  </Suspense>
                </div>
              )}
            </section>
          ) : null}

          {!hasContent && content.status !== 'error' ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No content available for this article.
              </p>
              <a
                href={result.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('primary', 'sm')}
              >
                Read Original Article
              </a>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
