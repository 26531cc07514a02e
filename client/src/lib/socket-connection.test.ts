import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markPagePainted } from './after-paint';
import { connectAfterPaint } from './socket-connection';

/** Lets the browser paint: animation frames run, then the tasks they queued, then promise callbacks. */
async function paint() {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function fakeSocketModule() {
  const module = { connectSocket: vi.fn(), disconnectSocket: vi.fn() };
  const load = vi.fn(async () => module as never);
  return { module, load };
}

// The page has painted once already: from then on the socket waits only for the next paint.
beforeAll(() => markPagePainted());
afterEach(() => vi.restoreAllMocks());

describe('the socket connection of the signed-in frame', () => {
  it('loads the client and connects only after the first paint, and disconnects on sign-out', async () => {
    const { module, load } = fakeSocketModule();
    const stop = connectAfterPaint(load);
    expect(load).not.toHaveBeenCalled();
    expect(module.connectSocket).not.toHaveBeenCalled();
    await paint();
    expect(module.connectSocket).toHaveBeenCalledTimes(1);
    stop();
    expect(module.disconnectSocket).toHaveBeenCalledTimes(1);
  });

  it('never connects when the frame is left before it painted, or before the client loaded', async () => {
    const before = fakeSocketModule();
    connectAfterPaint(before.load)();
    await paint();
    expect(before.load).not.toHaveBeenCalled();
    expect(before.module.connectSocket).not.toHaveBeenCalled();

    let finishLoading!: () => void;
    const during = fakeSocketModule();
    const slowLoad = vi.fn(
      () => new Promise<never>((resolve) => (finishLoading = () => resolve(during.module as never))),
    );
    const stop = connectAfterPaint(slowLoad);
    await paint();
    expect(slowLoad).toHaveBeenCalledTimes(1);
    stop();
    finishLoading();
    await paint();
    expect(during.module.connectSocket).not.toHaveBeenCalled();
  });

  it('stays offline, with a warning, when the client cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stop = connectAfterPaint(() => Promise.reject(new Error('offline')));
    await paint();
    expect(warn).toHaveBeenCalledWith('socket: could not load the client', expect.any(Error));
    expect(stop).not.toThrow();
  });
});
