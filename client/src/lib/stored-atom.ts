import { atom, RESET } from '@client/lib/store';
import { readStored, removeStored, writeStored } from './local-storage';

const UNREAD = Symbol('unread');

export interface StoredAtomOptions {
  /** Runs before every read from storage (e.g. a one-time migration of older keys). */
  beforeRead?: () => void;
}

/**
 * A value kept in localStorage through the app's safe helpers and validated on every read. It is read
 * lazily per jotai store (not at module load), and followed across tabs: the `storage` event fires in
 * every other tab of this origin when one tab writes, so a change shows there without a reload.
 * Writing RESET removes the key.
 */
export function atomWithValidatedStorage<T>(
  key: string,
  fallback: T,
  parse: (value: unknown) => T | null,
  options: StoredAtomOptions = {},
) {
  const read = () => {
    options.beforeRead?.();
    return readStored(key, parse, fallback);
  };
  const base = atom<T | typeof UNREAD>(UNREAD);
  base.onMount = (setBase) => {
    setBase(read()); // another tab may have written between the first read and now
    const onStorage = (event: StorageEvent) => {
      // key null: another tab cleared all of storage.
      if (event.key !== key && event.key !== null) return;
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      setBase(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  };
  return atom(
    (get) => {
      const value = get(base);
      return value === UNREAD ? read() : value;
    },
    (_get, set, next: T | typeof RESET) => {
      if (next === RESET) {
        set(base, fallback);
        removeStored(key);
      } else {
        set(base, next);
        writeStored(key, next);
      }
    },
  );
}
