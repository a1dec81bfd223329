import { t } from "@lingui/core/macro";
import type { ZodType, z } from "zod";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { type ApiOptions, apiRequestInit, readApiError } from "./api-request.ts";
import { currentLanguage } from "./i18n.ts";
import { OFFLINE_COPY_HEADER } from "./offline-caches.ts";
import { reportServerReached } from "./online.ts";

export type { ApiOptions } from "./api-request.ts";

/**
 * What went wrong: a code from the API's catalogue (src/shared/error-codes.ts), or one of the client's own:
 * `network` (no answer), `bad_response` (an answer that is not what the API promises).
 */
export type ApiErrorCode = ErrorCode | "network" | "bad_response";

export const networkError = () =>
  new ApiRequestError(0, "network", t`Could not reach Veggie Cart. Check your connection and try again.`);

/** An API answer that was not 2xx: its status, stable code, message and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** How a request reaches the API: the browser's `fetch`, or on the server the app itself (entry-server.tsx). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** NOTE: set once by the server's render entry; the browser keeps `fetch`. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * A reply's schema, or a function that imports it: a screen the server draws reads its first answers from the
 * page, so the schemas it would check later ones with (and zod, 23 KB) come with its first request instead of
 * before it is running (decision 073).
 */
export type ReplySchema<S extends ZodType> = S | (() => Promise<S>);

/**
 * Calls our API: JSON in and out, the session cookie, the CSRF header, and errors as ApiRequestError. The
 * answer is checked with `schema`, the shared schema the route declares for it (`NoContentSchema` for a 204),
 * so a screen only ever sees what the API promises; anything else is a `bad_response`.
 */
export async function apiFetch<S extends ZodType>(
  path: string,
  schema: ReplySchema<S>,
  options: ApiOptions = {},
): Promise<z.output<S>> {
  // NOTE: a schema to import is asked for beside the request, so it arrives while the answer does.
  const checker = Promise.resolve(typeof schema === "function" ? schema() : schema);
  checker.catch(() => undefined);
  const response = await apiSend(path, apiRequestInit(options, currentLanguage()));
  // NOTE: a 204 has no body; it is read as null, what NoContentSchema expects.
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromReply(response.status, payload);
  return parseReply(await checker, response.status, payload);
}

/**
 * Sends a built request (api-request.ts) and tells lib/online.ts whether the server answered; no answer is a
 * `network` error. NOTE: the service worker marks an answer it gave from its offline copy (src/client/sw.ts).
 */
export async function apiSend(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await transport(path, init);
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    reportServerReached(false);
    throw networkError();
  }
  reportServerReached(!response.headers.has(OFFLINE_COPY_HEADER));
  return response;
}

type ReplySchemas = typeof import("./reply-schemas.ts");

/** One of lib/reply-schemas.ts's schemas, imported with the first request that needs it (decision 073). */
export const laterSchema =
  <K extends keyof ReplySchemas>(name: K) =>
  (): Promise<ReplySchemas[K]> =>
    import("./reply-schemas.ts").then((schemas) => schemas[name]);

/** A 2xx answer's body checked with its shared schema; one that does not match is a `bad_response`. */
export function parseReply<S extends ZodType>(schema: S, status: number, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new ApiRequestError(
    status,
    "bad_response",
    t`Veggie Cart sent an answer this page does not understand. Reload the page and try again.`,
  );
}

/** What an error answer that is not the API's says: its status. */
export const unreadableReply = (status: number) => t`Request failed (${status})`;

/** The ApiRequestError for a non-2xx answer with body `payload` (already parsed from JSON, if it was). */
export function errorFromReply(status: number, payload: unknown): ApiRequestError {
  const error = readApiError(payload);
  if (error) return new ApiRequestError(status, error.code, error.message, error.fields);
  return new ApiRequestError(status, "bad_response", unreadableReply(status));
}
