import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as a page load has: nothing reloading yet. */
const freshModule = async () => {
  vi.resetModules();
  return import('./stale-build');
};

/** The page runs build `entry` (index.html's entry script). */
function runBuild(entry: string) {
  document.head.innerHTML = `<script type="module" src="${entry}"></script>`;
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

beforeEach(() => {
  vi.stubEnv('PROD', true);
  sessionStorage.clear();
  runBuild('/assets/index-aaaa.js');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('loadOrReload', () => {
  it('reloads once when the code is gone, and waits for that reload instead of failing', async () => {
    const { loadOrReload } = await freshModule();
    const reload = vi.fn();
    const load = loadOrReload(gone, reload);
    let settled = false;
    void load().finally(() => (settled = true));
    // A second page of the same tab failing meanwhile waits for the same reload.
    void loadOrReload(gone, reload)().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it('shows the failure after the one reload for a build, and reloads again on the next build', async () => {
    const reload = vi.fn();
    void (await freshModule()).loadOrReload(gone, reload)();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // After the reload, the same build: its code still does not load, and the error shows.
    const again = await freshModule();
    await expect(again.loadOrReload(gone, reload)()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);

    // A later deploy: this build may reload once too.
    runBuild('/assets/index-bbbb.js');
    void (await freshModule()).loadOrReload(gone, reload)();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('never reloads offline (the same build would come back) nor in development', async () => {
    const reload = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await expect((await freshModule()).loadOrReload(gone, reload)()).rejects.toThrow();
    vi.unstubAllGlobals();
    vi.stubEnv('PROD', false);
    await expect((await freshModule()).loadOrReload(gone, reload)()).rejects.toThrow();
    expect(reload).not.toHaveBeenCalled();
  });

  it('passes through what loads', async () => {
    const reload = vi.fn();
    const { loadOrReload } = await freshModule();
    await expect(loadOrReload(() => Promise.resolve({ page: 1 }), reload)()).resolves.toEqual({ page: 1 });
    expect(reload).not.toHaveBeenCalled();
  });
});
