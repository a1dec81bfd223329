import { onlineManager, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { RunSchema } from "../../../shared/schemas/run.ts";
import { ApiRequestError, apiFetch, apiSend, unreadableReply } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { farmerKey } from "./farmer-orders.api.ts";
import {
  drainLocked,
  memoryStore,
  type Outcome,
  openRunStore,
  type QueuedAction,
  queuedAction,
  type RunActionInput,
  type RunStore,
} from "./run-queue.ts";
import { RUN_QUEUE_CHANNEL, RUN_QUEUE_SENT, RUN_SYNC_TAG, sendRunAction } from "./run-send.ts";

/**
 * The delivery run of a date (issue 38): under the farmer's key, so every change to a part refreshes it. Each
 * answer is kept in the farmer's own store on the phone; without a connection the kept copy is shown.
 */
export const runQuery = (date: string, store: RunStore) =>
  queryOptions({
    queryKey: [...farmerKey, "run", date],
    queryFn: async ({ signal }) => {
      try {
        const run = await apiFetch(`/api/farmer/run?date=${encodeURIComponent(date)}`, RunSchema, { signal });
        await store.saveRun(run).catch(() => undefined);
        return { run, kept: false };
      } catch (error) {
        const kept =
          error instanceof ApiRequestError && error.code === "network"
            ? await store.loadRun(date).catch(() => undefined)
            : undefined;
        if (kept) return { run: kept, kept: true };
        throw error;
      }
    },
    staleTime: 0,
  });

/** The server's answer to one queued action, as the queue reads it (run-send.ts, as the service worker's). */
const send = (action: QueuedAction): Promise<Outcome> =>
  sendRunAction(action, { language: currentLanguage(), fetch: apiSend, unreadable: unreadableReply });

/** Tabs of this browser tell each other that the queue changed (`changed`), or that the server has it (`sent`). */
const CHANNEL = RUN_QUEUE_CHANNEL;
const SENT = RUN_QUEUE_SENT;

/** The registration's Background Sync, where the browser has it (Chromium's; not in TypeScript's DOM types). */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker to send the queue once the connection is back, even with no page of the shop open
 * (Background Sync, decision 046). Only where the browser has it (`SyncManager`); elsewhere the `online`
 * event and opening the app remain.
 */
async function askForBackgroundSync(): Promise<void> {
  if (typeof window === "undefined" || !("SyncManager" in window) || !navigator.serviceWorker) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  // NOTE: refused while the service worker is not active yet; the page's own triggers still send.
  await registration?.sync?.register(RUN_SYNC_TAG);
}

/**
 * Sends the farmer's kept actions, one tab at a time (Web Locks where the browser has them; the keys make a
 * second send harmless anyway), and tells the other tabs when the server took or refused any. Also called on
 * opening the app (app/run-queue-sender.ts), whatever screen opens. A round that leaves actions waiting asks
 * for Background Sync, so they are sent even if the farmer closes the app before the signal returns.
 */
let roundInTab: Promise<unknown> = Promise.resolve();

export async function flushRunQueue(
  userId: string,
  store: RunStore = openRunStore(userId),
  onChange: () => void = () => {},
) {
  // NOTE: in this tab too, one round after the other (the `online` event and the API client's news of the
  // server can come together): the second reads the queue the first left.
  const mine = roundInTab.catch(() => undefined).then(() => drainLocked(userId, store, send, onChange));
  roundInTab = mine;
  const result = await mine;
  if (result.sent + result.refused > 0) new BroadcastChannelOrNothing(CHANNEL).post(SENT);
  if (result.waiting > 0) await askForBackgroundSync().catch(() => undefined);
  return result;
}

/**
 * The signed-in farmer's queue of run actions: the actions kept on the phone, `record` (kept first, shown at
 * once, then sent), `dismiss` (a refused action, once read) and `flush` (sends what waits). Sent on opening
 * the screen, when the connection is back, and after each action (flushRunQueue). Once the queue has moved,
 * the run is fetched again, so a second phone's actions show too.
 */
export function useRunQueue(date: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const store = useMemo(() => (userId ? openRunStore(userId) : memoryStore()), [userId]);
  const [actions, setActions] = useState<QueuedAction[]>([]);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    setActions(await store.queue().catch(() => []));
    setLoaded(true);
  }, [store]);

  const flush = useCallback(async () => {
    if (!userId) return;
    const result = await flushRunQueue(userId, store, () => void reload());
    if (result.sent + result.refused > 0) await queryClient.invalidateQueries({ queryKey: farmerKey });
    await reload();
  }, [store, userId, queryClient, reload]);

  useEffect(() => {
    void reload().then(flush);
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    // NOTE: the browser's flag stays up on one bar of signal; the API client's outcomes say when the server
    // answers again (lib/online.ts), which TanStack Query's onlineManager hears too.
    const stopListening = onlineManager.subscribe((online) => {
      if (online) void flush();
    });
    const channel = new BroadcastChannelOrNothing(CHANNEL, (message) => {
      void reload();
      if (message === SENT) void queryClient.invalidateQueries({ queryKey: farmerKey });
    });
    return () => {
      window.removeEventListener("online", onOnline);
      stopListening();
      channel.close();
    };
  }, [reload, flush, queryClient]);

  const record = useCallback(
    async (input: RunActionInput, stop?: string) => {
      const action = queuedAction(date, input, { stop, language: currentLanguage() });
      // NOTE: kept before anything is sent: the tap survives a reload, a crash or a lost connection.
      await store.put(action);
      setActions((previous) => [...previous, action]);
      new BroadcastChannelOrNothing(CHANNEL).post();
      void flush();
    },
    [date, store, flush],
  );

  const dismiss = useCallback(
    async (key: string) => {
      await store.remove(key);
      setActions((previous) => previous.filter((action) => action.key !== key));
      new BroadcastChannelOrNothing(CHANNEL).post();
    },
    [store],
  );

  return { store, actions, loaded, record, dismiss, flush };
}

/** The run of a date: the server's, or the copy kept on this phone when there is no connection. */
export function useRun(date: string, store: RunStore) {
  return useQuery(runQuery(date, store));
}

/** A BroadcastChannel where the browser has one (jsdom has none), else nothing. */
class BroadcastChannelOrNothing {
  private readonly channel: BroadcastChannel | undefined;
  constructor(name: string, onMessage?: (message: unknown) => void) {
    this.channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(name);
    if (this.channel && onMessage) this.channel.onmessage = (event) => onMessage(event.data);
  }
  post(message = "changed") {
    this.channel?.postMessage(message);
    if (this.channel && !this.channel.onmessage) this.channel.close();
  }
  close() {
    this.channel?.close();
  }
}
