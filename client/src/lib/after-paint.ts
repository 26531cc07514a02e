/**
 * Runs `task` once the browser has painted the current frame: work the first paint does not need
 * (the socket connection, the podcast engine) waits for it instead of delaying it. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The animation frame runs just before the paint; a task queued from it runs after that paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
