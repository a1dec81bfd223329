import { useSyncExternalStore } from "react";
import type { Workbox } from "workbox-window";

/**
 * Registers the service worker (src/client/sw.ts) in a production build. A new version installs in the
 * background and waits; `useWaitingUpdate` answers a function that switches to it and reloads, which the
 * app offers as "A new version is available — Reload" (decision 011).
 */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();
const HOUR_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  // NOTE: Workbox's window library is a chunk of its own, fetched after the first screen (decision 012).
  void import("workbox-window").then(({ Workbox }) => register(new Workbox("/sw.js", { scope: "/" })));
}

function register(workbox: Workbox): void {
  workbox.addEventListener("waiting", () => {
    applyUpdate = () => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener();
  });
  workbox.register().then(
    // NOTE: a tab left open for days still hears of a new version.
    () => window.setInterval(() => void workbox.update(), HOUR_MS),
    () => {
      // NOTE: a browser that refuses service workers (private mode) still has the whole shop online.
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The function that installs a waiting new version and reloads, or null when there is none. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => null,
  );
}
