import { CSRF_HEADER } from "../../shared/constants.ts";
import { ERROR_CODES, type ErrorCode } from "../../shared/error-codes.ts";

/*
 * How a request to our API is built and how its error answer is read, with nothing of a page in it (no
 * React, no DOM, no texts): the API client (api-client.ts) and the service worker (sw.ts, which sends the
 * delivery run's queue by Background Sync, decision 046) send the very same requests.
 */

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The request's init: the CSRF header, the language answers (errors included) should be in, JSON, the cookie. */
export function apiRequestInit(options: ApiOptions, language: string): RequestInit {
  // NOTE: the server answers errors in the language shown (decision 032).
  const headers: Record<string, string> = {
    [CSRF_HEADER]: "1",
    "accept-language": language,
    ...options.headers,
  };
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  return {
    method: options.method ?? "GET",
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
  };
}

/** An error answer as the API sends it (src/shared/api-error.ts). */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

const isText = (value: unknown): value is string => typeof value === "string";

/**
 * The error in a non-2xx answer's body (already parsed from JSON, if it was), or undefined when it is not the
 * API's. NOTE: checked by hand against `ApiErrorSchema`'s shape, so the first screen needs no zod (decision
 * 037); api-client.test.ts holds the two to the same answers.
 */
export function readApiError(payload: unknown): ApiErrorBody | undefined {
  const error = (payload as { error?: unknown } | null)?.error as
    | { code?: unknown; message?: unknown; fields?: unknown }
    | undefined;
  const fields = error?.fields;
  const fieldsOk =
    fields === undefined ||
    (typeof fields === "object" &&
      fields !== null &&
      !Array.isArray(fields) &&
      Object.values(fields).every(isText));
  if (
    !error ||
    !isText(error.code) ||
    !Object.hasOwn(ERROR_CODES, error.code) ||
    !isText(error.message) ||
    !fieldsOk
  )
    return undefined;
  return {
    code: error.code as ErrorCode,
    message: error.message,
    ...(fields === undefined ? {} : { fields: fields as Record<string, string> }),
  };
}
