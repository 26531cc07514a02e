import { useEffect, useId, useState } from 'react';
import { frameCheckResponseSchema } from '@shared/schemas/content';
import { buttonClass } from '@client/components/button';
import { CloseButton } from '@client/components/dialog';
import { ModalSurface } from '@client/components/modal-surface';
import { Spinner } from '@client/components/spinner';
import { api } from '@client/lib/api-client';

type Check = { status: 'checking' } | { status: 'embeddable'; url: string } | { status: 'blocked' };

/**
 * Asks this app's server whether the page may be framed (X-Frame-Options, CSP frame-ancestors). A
 * failed check is only logged, never shown, and the page is tried in the frame anyway.
 */
export async function checkFrame(url: string, signal?: AbortSignal): Promise<Check> {
  try {
    const answer = frameCheckResponseSchema.parse(
      await api.get<unknown>('/content/frame-check', { query: { url }, signal }),
    );
    return answer.embeddable ? { status: 'embeddable', url: answer.url || url } : { status: 'blocked' };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('frame viewer: the frame check failed; trying the page anyway', error);
    return { status: 'embeddable', url };
  }
}

export interface FrameViewerProps {
  /** The page to show; the viewer is closed when null. */
  page: { url: string; title: string } | null;
  onClose: () => void;
}

/**
 * The full-screen frame viewer: the page title and a close button above a frame of
 * 90% of the window's width by 80% of its height. 'Loading' first; pages that refuse to be framed get
 * 'This page is not available to view in an iFrame'.
 */
export function FrameViewer({ page, onClose }: FrameViewerProps) {
  if (!page) return null;
  return <FrameViewerBody key={page.url} page={page} onClose={onClose} />;
}

function FrameViewerBody({ page, onClose }: { page: { url: string; title: string }; onClose: () => void }) {
  const [check, setCheck] = useState<Check>({ status: 'checking' });
  const [loaded, setLoaded] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    checkFrame(page.url, controller.signal).then(
      (result) => setCheck(result),
      () => {}, // aborted: the viewer closed
    );
    return () => controller.abort();
  }, [page.url]);

  return (
    <ModalSurface
      onClose={onClose}
      labelledBy={titleId}
      className="m-0 flex h-dvh max-h-none w-screen max-w-none flex-col items-center justify-center bg-transparent p-0 backdrop:bg-slate-950/85"
    >
      <div className="flex w-[90vw] items-center gap-3 rounded-t-xl bg-white px-4 py-2.5 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
          {page.title}
        </h2>
        <a href={page.url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'sm')}>
          Open Original
        </a>
        <CloseButton label="Close frame viewer" onClick={onClose} />
      </div>
      <div className="relative h-[80vh] w-[90vw] overflow-hidden rounded-b-xl bg-white dark:bg-slate-950">
        {check.status === 'blocked' ? (
          <div
            role="alert"
            className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center"
          >
            <p className="text-base font-medium text-slate-800 dark:text-slate-200">
              This page is not available to view in an iFrame
            </p>
            <a
              href={page.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary', 'sm')}
            >
              Open Original
            </a>
          </div>
        ) : null}
        {check.status === 'embeddable' ? (
          <iframe
            src={check.url}
            title={page.title}
            onLoad={() => setLoaded(true)}
            referrerPolicy="no-referrer"
            // The framed page may run, but never navigate this app away.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            className="h-full w-full border-0 bg-white"
          />
        ) : null}
        {check.status === 'checking' || (check.status === 'embeddable' && !loaded) ? (
          <div className="absolute inset-0 flex items-center justify-center bg-white dark:bg-slate-950">
            <Spinner label="Loading" />
          </div>
        ) : null}
      </div>
    </ModalSurface>
  );
}
