/** Reads JSON from localStorage; a missing or corrupt entry gives the fallback instead of an error. */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // NOTE: storage can be full or disabled (private mode); the app keeps working from memory.
  }
}
