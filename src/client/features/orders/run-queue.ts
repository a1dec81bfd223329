import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { canMovePart } from "../../../shared/part-status.ts";
import type { RecordPayment, WeighPart } from "../../../shared/schemas/payments.ts";
import type { Run, RunStop } from "../../../shared/schemas/run.ts";
import { RUN_STORE_PREFIX } from "../../lib/offline-caches.ts";

/*
 * The delivery run kept on the phone (issue 38, decision 046): the last run fetched of each date, and every
 * action the farmer takes, recorded here first and sent in order when the connection allows. This module holds
 * the queue's rules (pure, tested in run-queue.test.ts) and its storage (IndexedDB through `idb`).
 */

/** What the farmer did at a stop (or to the order of the stops). */
export type RunActionInput =
  | { kind: "delivered"; partId: string }
  | { kind: "pay"; partId: string; payment: RecordPayment }
  | { kind: "attempt"; partId: string; reason: string }
  | { kind: "undo"; partId: string; paymentId: string; reason: string }
  | { kind: "weigh"; partId: string; weights: WeighPart }
  | { kind: "order"; partIds: string[] };

/** An action as kept in the queue: the request it becomes, with its own Idempotency-Key. */
export type QueuedAction = RunActionInput & {
  /** The Idempotency-Key, made once when the action is recorded: a resend is answered, never applied twice. */
  key: string;
  /** The order actions were recorded in (milliseconds, made unique per tab). */
  seq: number;
  /** The run's date. */
  date: string;
  /** When the farmer recorded it (ISO). */
  at: string;
  method: "POST" | "PUT";
  path: string;
  body: object;
  /** The stop as the farmer saw it ("3. Meera Iyer"), to name the action should the stop leave the run. */
  stop?: string;
  /** The server's reason when it refused the action; a refused action is kept to be shown, never sent again. */
  refused?: string;
  /** The language the screen showed when it was recorded: the service worker asks the server's words in it. */
  language?: string;
};

let lastSeq = 0;
const nextSeq = (now: number) => {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
};

const partPath = (partId: string) => `/api/farmer/orders/${encodeURIComponent(partId)}`;

/** The request an action becomes: the routes the screen used online, each with its own key. */
export function queuedAction(
  date: string,
  input: RunActionInput,
  {
    now = new Date(),
    key = crypto.randomUUID(),
    stop,
    language,
  }: { now?: Date; key?: string; stop?: string; language?: string } = {},
): QueuedAction {
  const base = {
    key,
    seq: nextSeq(now.getTime()),
    date,
    at: now.toISOString(),
    ...(stop ? { stop } : {}),
    ...(language ? { language } : {}),
  };
  switch (input.kind) {
    case "delivered":
      return {
        ...input,
        ...base,
        method: "POST",
        path: `${partPath(input.partId)}/status`,
        body: { status: "delivered" },
      };
    case "pay":
      return {
        ...input,
        ...base,
        method: "POST",
        path: `${partPath(input.partId)}/payments`,
        body: input.payment,
      };
    case "attempt":
      return {
        ...input,
        ...base,
        method: "POST",
        path: `${partPath(input.partId)}/attempts`,
        body: { reason: input.reason },
      };
    case "undo":
      return {
        ...input,
        ...base,
        method: "POST",
        path: `${partPath(input.partId)}/payments/${encodeURIComponent(input.paymentId)}/undo`,
        body: { reason: input.reason },
      };
    case "weigh":
      return {
        ...input,
        ...base,
        method: "POST",
        path: `${partPath(input.partId)}/weights`,
        body: input.weights,
      };
    case "order":
      return {
        ...input,
        ...base,
        method: "PUT",
        path: "/api/farmer/run/order",
        body: { date, partIds: input.partIds },
      };
  }
}

/** The queue in the order its actions were recorded. */
export const inOrder = (actions: readonly QueuedAction[]) => [...actions].sort((a, b) => a.seq - b.seq);

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (amount: number) => amount / 100;

/** A stop as the screen shows it: the server's copy with the actions still waiting applied, and those refused. */
export interface ShownStop extends RunStop {
  /** Actions recorded on the phone, not yet accepted by the server. */
  waiting: QueuedAction[];
  /** Actions the server refused, with its reason. */
  refused: QueuedAction[];
}

export interface ShownRun extends Omit<Run, "stops"> {
  stops: ShownStop[];
  /** Actions waiting that belong to no stop (a new order of the stops). */
  waiting: QueuedAction[];
  /** New orders of the stops the server refused (a stop no longer the farmer's, or no longer in the run). */
  refusedOrders: QueuedAction[];
  /**
   * Actions, refused or waiting, whose stop is no longer in the run (its part was cancelled meanwhile: the run
   * leaves cancelled parts out). Shown apart, so no refusal is hidden.
   */
  gone: QueuedAction[];
}

/**
 * The run as the farmer should see it: `run` (the server's last answer) with the waiting actions of its date
 * applied at once, in order. A move the part's status does not allow is not shown (the server will refuse it
 * and the card will say so); once the server's run already holds a delivery, the waiting one changes nothing.
 */
export function showRun(run: Run, actions: readonly QueuedAction[]): ShownRun {
  const totals = { ...run.totals };
  const stops = new Map<string, ShownStop>(
    run.stops.map((stop) => [
      stop.partId,
      {
        ...stop,
        lines: stop.lines.map((line) => ({ ...line })),
        payment: { ...stop.payment, records: [...stop.payment.records] },
        attempts: [...stop.attempts],
        waiting: [],
        refused: [],
      },
    ]),
  );
  const loose: QueuedAction[] = [];
  const gone: QueuedAction[] = [];
  const refusedOrders: QueuedAction[] = [];
  let order: string[] | undefined;
  for (const action of inOrder(actions)) {
    if (action.date !== run.date) continue;
    if (action.kind === "order") {
      if (action.refused) refusedOrders.push(action);
      else {
        order = action.partIds;
        loose.push(action);
      }
      continue;
    }
    const stop = stops.get(action.partId);
    if (!stop) {
      gone.push(action);
      continue;
    }
    if (action.refused) {
      stop.refused.push(action);
      continue;
    }
    stop.waiting.push(action);
    switch (action.kind) {
      case "delivered":
        if (canMovePart(stop.status, "delivered")) {
          stop.status = "delivered";
          totals.done += 1;
        }
        break;
      case "pay": {
        const amount = paise(action.payment.amount);
        const due = paise(stop.due);
        stop.due = rupees(Math.max(0, due - amount));
        stop.payment.received = rupees(paise(stop.payment.received) + amount);
        totals.due = rupees(Math.max(0, paise(totals.due) - Math.min(amount, due)));
        totals[action.payment.method] = rupees(paise(totals[action.payment.method]) + amount);
        break;
      }
      case "attempt":
        stop.attempts.push({ at: action.at, reason: action.reason });
        break;
      case "undo": {
        const index = stop.payment.records.findIndex((record) => record.id === action.paymentId);
        const record = stop.payment.records[index];
        if (!record || (record.kind !== "cash" && record.kind !== "upi") || record.undone) break;
        stop.payment.records[index] = {
          ...record,
          undone: { at: action.at, by: record.by, reason: action.reason },
        };
        stop.due = rupees(paise(stop.due) + paise(record.amount));
        stop.payment.received = rupees(Math.max(0, paise(stop.payment.received) - paise(record.amount)));
        totals.due = rupees(paise(totals.due) + paise(record.amount));
        totals[record.method] = rupees(Math.max(0, paise(totals[record.method]) - paise(record.amount)));
        break;
      }
      case "weigh":
        for (const weight of action.weights.lines) {
          const line = stop.lines.find((candidate) => candidate.lineId === weight.lineId);
          if (line) line.packedGrams = weight.packedGrams;
        }
        break;
    }
  }
  let shown = run.stops.map((stop) => stops.get(stop.partId) as ShownStop);
  if (order) shown = reorder(shown, order);
  return { ...run, totals, stops: shown, waiting: loose, refusedOrders, gone };
}

/** The delivery stops in `partIds`' order (others keep their place after them), numbered again. */
function reorder(stops: ShownStop[], partIds: readonly string[]): ShownStop[] {
  const rank = new Map(partIds.map((id, index) => [id, index]));
  const deliveries = stops
    .filter((stop) => stop.kind === "delivery")
    .sort((a, b) => (rank.get(a.partId) ?? Infinity) - (rank.get(b.partId) ?? Infinity));
  const pickups = stops.filter((stop) => stop.kind !== "delivery");
  return [...deliveries, ...pickups].map((stop, index) => ({ ...stop, position: index + 1 }));
}

/**
 * What a sent action's outcome means for the queue: `sent` (the server applied it, or had: a replay), `refused`
 * (the server's rules said no: kept with its reason, and the next action is sent), or `wait` (no answer, signed
 * out, or the server failing: this action and every later one stay, to be sent again).
 */
export type Outcome = { kind: "sent" } | { kind: "refused"; reason: string } | { kind: "wait" };

/** An error's status read as an outcome: 0 (no connection), 401 and 5xx wait; any other 4xx is a refusal. */
export function outcomeOf(status: number, reason: string): Outcome {
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500)
    return { kind: "wait" };
  return { kind: "refused", reason };
}

/** Where the queue is kept. IndexedDB in a browser; in memory where there is none (tests, very old browsers). */
export interface RunStore {
  loadRun(date: string): Promise<Run | undefined>;
  saveRun(run: Run): Promise<void>;
  queue(): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(key: string): Promise<void>;
  /** Lets go of the database (the service worker's, once its round is done). */
  close(): void;
}

/**
 * Sends the waiting actions in the order recorded, one at a time, each with its key. A refusal is kept on its
 * action and the rest go on; `wait` stops the round (the next `online`, opening the app or a tap tries again).
 * Answers how many actions the server accepted or refused.
 */
export async function drain(
  store: RunStore,
  send: (action: QueuedAction) => Promise<Outcome>,
  onChange: () => void = () => {},
): Promise<{ sent: number; refused: number; waiting: number }> {
  const waiting = inOrder(await store.queue()).filter((action) => !action.refused);
  let sent = 0;
  let refused = 0;
  for (const [index, action] of waiting.entries()) {
    const outcome = await send(action);
    if (outcome.kind === "wait") return { sent, refused, waiting: waiting.length - index };
    if (outcome.kind === "sent") {
      await store.remove(action.key);
      sent += 1;
    } else {
      await store.put({ ...action, refused: outcome.reason });
      refused += 1;
    }
    onChange();
  }
  return { sent, refused, waiting: 0 };
}

/** The Web Lock that lets one round at a time send a farmer's queue: in any tab, or in the service worker. */
export const runSendLock = (userId: string) => `${runStoreName(userId)}-send`;

/**
 * One round of `drain` under the farmer's lock where the browser has Web Locks (windows and workers alike);
 * where it has none, a second send of an action is answered by its key and changes nothing.
 */
export function drainLocked(
  userId: string,
  store: RunStore,
  send: (action: QueuedAction) => Promise<Outcome>,
  onChange: () => void = () => {},
): Promise<{ sent: number; refused: number; waiting: number }> {
  const round = () => drain(store, send, onChange);
  return typeof navigator !== "undefined" && navigator.locks
    ? navigator.locks.request(runSendLock(userId), round)
    : round();
}

interface RunDb extends DBSchema {
  runs: { key: string; value: Run };
  queue: { key: string; value: QueuedAction };
}

/** The farmer's own database: its name holds their user id, and signing out deletes it (offline-caches.ts). */
export const runStoreName = (userId: string) => `${RUN_STORE_PREFIX}${userId}`;

/**
 * The signed-in farmer's store: IndexedDB where the browser has it, else memory (nothing kept). With
 * `existing`, a database that is not there (deleted by a sign-out meanwhile) is not made again: using the
 * store fails instead.
 */
export function openRunStore(userId: string, { existing = false }: { existing?: boolean } = {}): RunStore {
  if (typeof indexedDB === "undefined") return memoryStore();
  let db: Promise<IDBPDatabase<RunDb>> | undefined;
  const open = () => {
    db ??= openDB<RunDb>(runStoreName(userId), 1, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        if (existing && oldVersion === 0) {
          transaction.abort();
          return;
        }
        database.createObjectStore("runs", { keyPath: "date" });
        database.createObjectStore("queue", { keyPath: "key" });
      },
      // NOTE: signing out in another tab deletes the database: this tab lets go of it, and opens it afresh.
      blocking() {
        void db?.then((open) => open.close());
        db = undefined;
      },
      terminated() {
        db = undefined;
      },
    });
    return db;
  };
  return {
    loadRun: async (date) => (await open()).get("runs", date),
    saveRun: async (run) => void (await (await open()).put("runs", run)),
    queue: async () => (await open()).getAll("queue"),
    put: async (action) => void (await (await open()).put("queue", action)),
    remove: async (key) => (await open()).delete("queue", key),
    close: () => {
      void db?.then((open) => open.close()).catch(() => undefined);
      db = undefined;
    },
  };
}

export function memoryStore(): RunStore {
  const runs = new Map<string, Run>();
  const queue = new Map<string, QueuedAction>();
  return {
    loadRun: async (date) => runs.get(date),
    saveRun: async (run) => void runs.set(run.date, run),
    queue: async () => [...queue.values()],
    put: async (action) => void queue.set(action.key, action),
    remove: async (key) => void queue.delete(key),
    close: () => {},
  };
}
