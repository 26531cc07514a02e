/**
 * The part of the Web Locks API that the app uses (exclusive locks, granted in the order asked,
 * withdrawn by an AbortSignal, and the query of held locks), for tests in jsdom, which has no navigator.locks. Every
 * "tab" of a test shares one instance, as the tabs of an origin share the browser's.
 */
export class FakeLockManager {
  private readonly holders = new Map<string, symbol>();
  private readonly queues = new Map<string, { id: symbol; grant: () => void }[]>();

  /** Installs this manager as navigator.locks; the returned function removes it. */
  install(): () => void {
    Object.defineProperty(navigator, 'locks', { value: this, configurable: true });
    return () => {
      delete (navigator as { locks?: unknown }).locks;
    };
  }

  /** Whether some tab holds the lock `name`. */
  isHeld(name: string): boolean {
    return this.holders.has(name);
  }

  /** What navigator.locks.query() answers: the held locks (waiting requests are not needed). */
  query(): Promise<{ held: { name: string; mode: 'exclusive' }[] }> {
    return Promise.resolve({
      held: [...this.holders.keys()].map((name) => ({ name, mode: 'exclusive' as const })),
    });
  }

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: { name: string; mode: 'exclusive' }) => Promise<void>,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const id = Symbol(name);
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const grant = () => {
        options.signal?.removeEventListener('abort', onAbort);
        this.holders.set(name, id);
        // The lock is held until the callback's promise settles, like the browser's.
        void Promise.resolve()
          .then(() => callback({ name, mode: 'exclusive' }))
          .then(resolve, reject)
          .finally(() => this.release(name, id));
      };
      const onAbort = () => {
        const index = queue.findIndex((entry) => entry.id === id);
        if (index === -1) return;
        queue.splice(index, 1);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      };
      options.signal?.addEventListener('abort', onAbort);
      queue.push({ id, grant });
      this.grantNext(name);
    });
  }

  private release(name: string, id: symbol) {
    if (this.holders.get(name) !== id) return;
    this.holders.delete(name);
    this.grantNext(name);
  }

  private grantNext(name: string) {
    if (this.holders.has(name)) return;
    this.queues.get(name)?.shift()?.grant();
  }
}
