import { IDEMPOTENCY_HEADER } from "../../../shared/constants.ts";
import { apiRequestInit, readApiError } from "../../lib/api-request.ts";
import { type Outcome, outcomeOf, type QueuedAction } from "./run-queue.ts";

/*
 * How a queued action of the delivery run becomes a request, and how its answer is read as the queue's
 * outcome (decision 046). Nothing of a page in it (no React, no DOM, no texts): the run's screen (run.api.ts)
 * and the service worker's Background Sync (sw.ts) send exactly the same requests with it.
 */

/** The BroadcastChannel on which tabs, and the service worker, tell each other the queue changed or was sent. */
export const RUN_QUEUE_CHANNEL = "veggie-cart-run-queue";
/** The message saying the server took or refused some of the queue: open runs fetch again. */
export const RUN_QUEUE_SENT = "sent";
/** The Background Sync tag a page registers while actions wait; the service worker sends the queue on it. */
export const RUN_SYNC_TAG = "veggie-cart-run-queue";

/** The request an action becomes: its method, path and body, its Idempotency-Key, in `language`. */
export function runActionRequest(
  action: QueuedAction,
  language: string,
): { path: string; init: RequestInit } {
  return {
    path: action.path,
    init: apiRequestInit(
      { method: action.method, json: action.body, headers: { [IDEMPOTENCY_HEADER]: action.key } },
      language,
    ),
  };
}

export interface SendOptions {
  /** The language the server answers a refusal in (the page's; the one the action was recorded in). */
  language: string;
  /** Sends the request: `fetch`, or the API client's (which also tracks whether the server answers). */
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  /**
   * The reason to keep for a refusal whose answer is not the API's (a proxy's page). Without it (the service
   * worker has no texts) the action waits for a page to send it and say so in the farmer's language.
   */
  unreadable?: (status: number) => string;
}

/**
 * The server's answer to one queued action, as the queue reads it: any 2xx is `sent` (the server applied it,
 * or had: a replay); no answer waits; an error answer is read by `outcomeOf`, its reason the first field's
 * message or else the error's.
 */
export async function sendRunAction(action: QueuedAction, options: SendOptions): Promise<Outcome> {
  const { path, init } = runActionRequest(action, options.language);
  let response: Response;
  try {
    response = await options.fetch(path, init);
  } catch {
    return { kind: "wait" };
  }
  if (response.ok) return { kind: "sent" };
  const error = readApiError(await response.json().catch(() => undefined));
  if (error) return outcomeOf(response.status, Object.values(error.fields ?? {})[0] ?? error.message);
  return options.unreadable
    ? outcomeOf(response.status, options.unreadable(response.status))
    : { kind: "wait" };
}
