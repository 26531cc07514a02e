/**
 * After a deploy, the build a tab is running is gone from the server (and the new service worker
 * drops it from its cache): code the tab has not loaded yet (a page not opened so far, a dialog)
 * can no longer load. The page then reloads once, at the same URL, and comes back on the new build.
 */

/** sessionStorage: the build this tab has already reloaded for, so a failure after that one reload is shown. */
const RELOADED_FOR_KEY = 'tt.reloadedForBuild';

let reloading = false;

/** The build this tab runs: index.html's entry script, whose name carries the build's content hash. */
function currentBuild(): string {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';
}

/**
 * Reloads the page because its code failed to load, once per build and tab: if the code still does
 * not load after that reload (a broken deploy, a server down), the failure is shown instead of
 * reloading forever. Returns whether a reload is under way.
 */
export function reloadForNewBuild(reload: () => void = () => window.location.reload()): boolean {
  if (reloading) return true;
  // In development a failed import is a bug to see; offline a reload brings back this same build.
  if (!import.meta.env.PROD || !navigator.onLine) return false;
  const build = currentBuild();
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === build) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, build);
  } catch {
    // Without storage nothing would stop a reload loop.
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/**
 * `load` (a dynamic import), reloading the page once when it fails (reloadForNewBuild): meanwhile
 * the promise stays pending, so the page keeps its spinner instead of flashing an error.
 */
export function loadOrReload<M>(load: () => Promise<M>, reload?: () => void): () => Promise<M> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadForNewBuild(reload)) return new Promise<M>(() => {});
      throw error;
    });
}
