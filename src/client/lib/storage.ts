import { useSyncExternalStore } from "react";
import type { StoredList } from "./stored-list.ts";

export { createStoredList, readStored, type StoredList, writeStored } from "./stored-list.ts";

const nothing: readonly never[] = [];
/** A stored list's items, re-rendering on every change in this tab or another. */
export function useStoredList<T>(list: StoredList<T>): readonly T[] {
  return useSyncExternalStore(list.subscribe, list.read, () => nothing);
}
