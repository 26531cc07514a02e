import { atom, type Atom } from '@client/lib/store';

/** The Web Locks API, where this browser has it (it needs a secure context; jsdom has none). */
function lockManager(): LockManager | undefined {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

/**
 * Asks to lead, among the tabs of this origin, whatever `name` stands for: `onChange(true)` is
 * called once this tab holds the Web Lock of that name, which only one tab at a time can hold and
 * which the browser hands to the next waiting tab when the holder releases it or closes (even when
 * it crashes). The returned function gives leadership up, or withdraws the request.
 *
 * Without Web Locks (older browsers, plain-http origins other than localhost, jsdom) there is no
 * way to agree on one tab, so every tab leads at once: callers must make a duplicate of the
 * leader's work harmless.
 */
export function requestLeadership(name: string, onChange: (leading: boolean) => void): () => void {
  const locks = lockManager();
  if (!locks) {
    onChange(true);
    return () => onChange(false);
  }
  const withdraw = new AbortController();
  let stepDown: (() => void) | null = null;
  let done = false;
  locks
    .request(name, { signal: withdraw.signal }, () => {
      // Granted just as the caller gave up: hand the lock straight on.
      if (done) return Promise.resolve();
      onChange(true);
      return new Promise<void>((resolve) => {
        stepDown = resolve;
      });
    })
    .catch((error: unknown) => {
      // Withdrawn while still waiting: that is the caller's wish, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        console.warn(`tab-leader: could not request "${name}"`, error);
      }
    });
  return () => {
    if (done) return;
    done = true;
    if (stepDown) {
      onChange(false);
      stepDown();
    } else {
      withdraw.abort();
    }
  };
}

/**
 * Whether this tab leads for `name` (see requestLeadership), as an atom: the request is made while
 * something reads the atom and withdrawn when nothing does any more, so a tab leads only while the
 * page that needs a leader is open in it.
 */
export function leaderAtom(name: string): Atom<boolean> {
  const leading = atom(false);
  leading.onMount = (setLeading) => requestLeadership(name, setLeading);
  return atom((get) => get(leading));
}
