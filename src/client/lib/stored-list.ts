/*
 * Lists kept in localStorage with nothing of React in them, so the boot script of a server-drawn page
 * (src/client/boot.ts, decision 056) keeps the cart and the likes with the very code the app keeps them with.
 */

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

/**
 * A list kept in localStorage under `key` that screens read through `useSyncExternalStore`: `read` parses
 * the stored JSON once per change (entries `parseEntry` refuses are dropped), `write` saves and tells every
 * subscriber in this tab, and another tab's change arrives through the `storage` event. The cart and the
 * liked products are such lists; `useStoredList` reads one in a component.
 */
export function createStoredList<T>(key: string, parseEntry: (entry: unknown) => T | undefined) {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; items: readonly T[] } = { raw: null, items: [] };

  function parse(raw: string | null): readonly T[] {
    if (!raw) return [];
    try {
      const value: unknown = JSON.parse(raw);
      if (!Array.isArray(value)) return [];
      return value.flatMap((entry) => {
        const item = parseEntry(entry);
        return item === undefined ? [] : [item];
      });
    } catch {
      return [];
    }
  }

  function read(): readonly T[] {
    const raw = window.localStorage.getItem(key);
    if (raw !== cached.raw) cached = { raw, items: parse(raw) };
    return cached.items;
  }

  function write(items: readonly T[]): void {
    writeStored(key, items);
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  return { read, write, subscribe };
}

export type StoredList<T> = ReturnType<typeof createStoredList<T>>;
