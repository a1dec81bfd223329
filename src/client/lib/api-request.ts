import { ERROR_CODES, type ErrorCode } from "../../shared/error-codes.ts";

/*
 * How a request to our API is built and how its error answer is read, with nothing of a page in it (no
 * React, no DOM, no texts): the API client (api-client.ts) and the service worker (sw.ts, which sends the
 * delivery run's queue by Background Sync, decision 046) send the very same requests.
 */

export { type ApiOptions, apiRequestInit } from "./api-request-init.ts";

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
