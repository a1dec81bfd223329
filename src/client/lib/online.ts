import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { OFFLINE_COPY_HEADER } from "./offline-caches.ts";

/**
 * Whether the shop can reach its server. The browser's own flag (`navigator.onLine`) says only that some
 * network is there; on one bar of signal it stays true while requests fail. So the API client also reports
 * each answer: a request that could not be sent, or one the service worker answered from its offline copy,
 * marks the shop offline; a fresh answer from the server marks it online again.
 */
const listeners = new Set<() => void>();
let unreachable = false;
let probe: number | undefined;
const PROBE_MS = 5000;

function notify() {
  // NOTE: TanStack Query refetches what is on screen when told the connection is back.
  onlineManager.setOnline(isOnline());
  for (const listener of listeners) listener();
}

/** While the server is out of reach, asks the (public, tiny) health check every few seconds. */
function probeUntilReached() {
  if (probe !== undefined) return;
  probe = window.setInterval(() => {
    fetch("/api/health", { cache: "no-store" }).then(
      (response) => {
        if (response.ok && !response.headers.has(OFFLINE_COPY_HEADER)) reportServerReached(true);
      },
      () => {},
    );
  }, PROBE_MS);
}

function stopProbing() {
  window.clearInterval(probe);
  probe = undefined;
}

/** Called by the API client with each outcome: true for a fresh answer, false when the server was not reached. */
export function reportServerReached(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  if (reached) stopProbing();
  else probeUntilReached();
  notify();
}

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => {
    // NOTE: the browser says the network is back: show the shop online; the next request confirms it (and
    // probes again if it fails).
    unreachable = false;
    stopProbing();
    listener();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the shop can reach its server now; changes as the connection comes and goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
