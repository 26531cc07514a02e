import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as a page load has: nothing reloading yet. */
const freshModule = async () => {
  vi.resetModules();
  return import('./stale-build');
};

const indexHtml = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head><body><div id="root"></div></body></html>`;

/** The page runs build `entry` (index.html's entry script). */
function runBuild(entry: string) {
  document.head.innerHTML = `<script type="module" src="${entry}"></script>`;
}

/** The server serves build `entry` now; null: the server cannot be reached. */
function deploy(entry: string | null) {
  const fetchIndex = vi.fn(async () => {
    if (entry === null) throw new TypeError('Failed to fetch');
    return new Response(indexHtml(entry), { headers: { 'content-type': 'text/html' } });
  });
  vi.stubGlobal('fetch', fetchIndex);
  return fetchIndex;
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

beforeEach(() => {
  vi.stubEnv('PROD', true);
  sessionStorage.clear();
  runBuild('/assets/index-aaaa.js');
  deploy('/assets/index-bbbb.js');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('loadOrReload', () => {
  it('reloads once when the code is gone with a deploy, and waits for that reload instead of failing', async () => {
    const fetchIndex = deploy('/assets/index-bbbb.js');
    const { loadOrReload } = await freshModule();
    const reload = vi.fn();
    let settled = false;
    void loadOrReload(gone, reload)().finally(() => (settled = true));
    // A second page of the same tab failing meanwhile waits for the same reload.
    void loadOrReload(gone, reload)().finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(fetchIndex).toHaveBeenCalledTimes(1);
    expect(fetchIndex).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
  });

  it('shows a failure while the server still serves this build (a passing fault), and reloads nothing', async () => {
    deploy('/assets/index-aaaa.js');
    const reload = vi.fn();
    const { loadOrReload } = await freshModule();
    await expect(loadOrReload(gone, reload)()).rejects.toThrow('Failed to fetch');
    // The next try is judged afresh: once the code loads, it loads.
    await expect(loadOrReload(() => Promise.resolve({ dialog: 1 }), reload)()).resolves.toEqual({
      dialog: 1,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the failure after the one reload for a build, and reloads again on the next deploy', async () => {
    const reload = vi.fn();
    void (await freshModule()).loadOrReload(gone, reload)();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // The reload brought back the same build (a broken deploy): its code still fails, and the error shows.
    const again = await freshModule();
    await expect(again.loadOrReload(gone, reload)()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);

    // A later build, and a deploy after it: this build may reload once too.
    runBuild('/assets/index-bbbb.js');
    deploy('/assets/index-cccc.js');
    void (await freshModule()).loadOrReload(gone, reload)();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('never reloads when the server cannot be asked, offline, nor in development', async () => {
    const reload = vi.fn();
    deploy(null);
    await expect((await freshModule()).loadOrReload(gone, reload)()).rejects.toThrow();
    deploy('/assets/index-bbbb.js');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await expect((await freshModule()).loadOrReload(gone, reload)()).rejects.toThrow();
    vi.unstubAllGlobals();
    deploy('/assets/index-bbbb.js');
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
