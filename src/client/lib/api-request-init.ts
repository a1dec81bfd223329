import { CSRF_HEADER } from "../../shared/constants.ts";

/*
 * How a request to our API is built (api-request.ts also reads its error answer). A file of its own, with
 * nothing of the error codes in it, so the boot script of a server-drawn page (src/client/boot.ts, decision
 * 056) sends its likes as the app does for a few bytes.
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
