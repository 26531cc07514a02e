/**
 * Runs `task` once the browser has painted the current frame: work the first paint does not need
 * (the socket connection, the podcast engine) waits for it instead of delaying it. A tab in the
 * background paints nothing and runs no animation frames: there the task runs at once, so a tab
 * opened behind others still connects and alerts. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const runSoon = () => {
    stopWatching();
    if (timer === undefined) timer = setTimeout(task, 0);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') runSoon();
  };
  const stopWatching = () => {
    document.removeEventListener('visibilitychange', onVisibility);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  if (document.visibilityState === 'hidden') {
    runSoon();
  } else {
    // The animation frame runs just before the paint; a task queued from it runs after that paint.
    frame = requestAnimationFrame(runSoon);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    stopWatching();
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * How long deferred work waits for a page at most: a page that fails to load, or loads very slowly,
 * must not keep the socket and the players away for good.
 */
export const PAGE_PAINT_WAIT_MS = 3000;

let pagePainted = false;
const waitingForPage = new Set<() => void>();

/**
 * Says that the signed-in page's own content (not only its frame) has painted, or that the page does
 * not need to go first; what waits for it runs after the next paint.
 */
export function markPagePainted(): void {
  if (pagePainted) return;
  pagePainted = true;
  for (const task of [...waitingForPage]) afterNextPaint(task);
  waitingForPage.clear();
}

/**
 * Runs `task` once the first signed-in page has painted its content (at once after that), or
 * PAGE_PAINT_WAIT_MS after the frame painted if the page has not: the page's own code and data go
 * first, what merely surrounds it comes next. Returns a cancel.
 */
export function afterPagePaint(task: () => void): () => void {
  if (pagePainted) return afterNextPaint(task);
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    task();
  };
  waitingForPage.add(run);
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const cancelPaint = afterNextPaint(() => {
    fallback = setTimeout(run, PAGE_PAINT_WAIT_MS);
  });
  function cancel() {
    waitingForPage.delete(run);
    cancelPaint();
    if (fallback !== undefined) clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}
