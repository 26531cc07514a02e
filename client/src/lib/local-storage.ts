/**
 * Browser storage that never breaks the page: read and write failures (private mode, quota, corrupt
 * JSON) are only logged and the caller gets its default.
 */

export function readStored<T>(key: string, parse: (value: unknown) => T | null, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = parse(JSON.parse(raw));
    if (parsed === null) {
      console.warn(`storage: discarding unreadable value under "${key}"`);
      localStorage.removeItem(key);
      return fallback;
    }
    return parsed;
  } catch (error) {
    console.warn(`storage: could not read "${key}"`, error);
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`storage: could not write "${key}"`, error);
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    console.warn(`storage: could not remove "${key}"`, error);
  }
}
