/**
 * After a deploy, the build a tab is running is gone from the server (and the new service worker
 * drops it from its cache): code the tab has not loaded yet (a page not opened so far, a dialog)
 * can no longer load. The page then reloads once, at the same URL, and comes back on the new build.
 * Code that fails to load while the server still serves this tab's build is a passing fault (the
 * network, a blocked request): that failure is shown and the page stays.
 */

/** sessionStorage: the build this tab has already reloaded for, so a failure after that one reload is shown. */
const RELOADED_FOR_KEY = 'tt.reloadedForBuild';

/** index.html's entry script, whose name carries the build's content hash. */
const ENTRY_SCRIPT = 'script[type="module"][src]';

let decision: Promise<boolean> | null = null;

/** The build this tab runs. */
function currentBuild(): string {
  return document.querySelector(ENTRY_SCRIPT)?.getAttribute('src') ?? '';
}

/**
 * The build the server serves now, or null when it cannot be asked. The request bypasses the HTTP
 * cache, and the service worker passes it on (it answers only navigations from its cache).
 */
async function deployedBuild(): Promise<string | null> {
  try {
    const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return null;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    return page.querySelector(ENTRY_SCRIPT)?.getAttribute('src') ?? null;
  } catch {
    return null;
  }
}

async function decide(reload: () => void): Promise<boolean> {
  // In development a failed import is a bug to see; offline a reload brings back this same build.
  if (!import.meta.env.PROD || !navigator.onLine) return false;
  const build = currentBuild();
  const deployed = await deployedBuild();
  if (deployed === null || deployed === build) return false;
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === build) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, build);
  } catch {
    // Without storage nothing would stop a reload loop.
    return false;
  }
  reload();
  return true;
}

/**
 * Reloads the page because its code failed to load and the server has deployed another build since,
 * once per build and tab: if the code still does not load after that reload (a broken deploy), the
 * failure is shown instead of reloading forever. Resolves to whether a reload is under way; failures
 * at the same moment share one answer.
 */
export function reloadForNewBuild(reload: () => void = () => window.location.reload()): Promise<boolean> {
  decision ??= decide(reload).then((reloading) => {
    // A reload ends this page; any other answer is for this failure only.
    if (!reloading) decision = null;
    return reloading;
  });
  return decision;
}

/**
 * `load` (a dynamic import), reloading the page once when it fails after a deploy
 * (reloadForNewBuild): meanwhile the promise stays pending, so the page keeps its spinner instead of
 * flashing an error.
 */
export function loadOrReload<M>(load: () => Promise<M>, reload?: () => void): () => Promise<M> {
  return () =>
    load().catch(async (error: unknown) => {
      if (await reloadForNewBuild(reload)) return new Promise<M>(() => {});
      throw error;
    });
}
