import { RUN_STORE_PREFIX } from "../lib/offline-caches.ts";

/**
 * On opening the app, whatever screen opens, and whenever the browser says the connection is back, a farmer's
 * delivery-run actions kept on this phone are sent (decision 046). Only a farmer who has a run kept here loads
 * the queue's code; everyone else pays one look at the list of databases. Answers the function that stops it.
 */
export function sendKeptRunActions(userId: string): () => void {
  const send = async () => {
    if (typeof indexedDB === "undefined" || !navigator.onLine) return;
    const databases = (await indexedDB.databases?.()) ?? [];
    if (!databases.some((database) => database.name === `${RUN_STORE_PREFIX}${userId}`)) return;
    const { flushRunQueue } = await import("../features/orders/run.api.ts");
    await flushRunQueue(userId);
  };
  const onOnline = () => void send().catch(() => undefined);
  onOnline();
  window.addEventListener("online", onOnline);
  return () => window.removeEventListener("online", onOnline);
}
