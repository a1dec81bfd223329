import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { ZodError, type ZodType, type z } from "zod";
import type { ApiError } from "../../shared/api-error.ts";
import { ERROR_CODES, type ErrorCode, statusOf } from "../../shared/error-codes.ts";
import { type Language, languageOfAcceptLanguage } from "../../shared/i18n/index.ts";
import type { SharedText, TextWith } from "../../shared/i18n/text.ts";
import { sharedTextIn } from "../texts/index.ts";

/**
 * An error the client should see as it is: a code from the catalogue in src/shared/error-codes.ts (which
 * decides the HTTP status), a human message, and optionally a message per field.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** Seconds to send as `Retry-After` (503 overloaded, 429). */
  readonly retryAfterS?: number;
  /** The shared texts said with values (`textWith`), to say them in the caller's language. */
  readonly texts?: { message?: SharedText; fields?: Record<string, SharedText> };
  constructor(
    code: ErrorCode,
    message: string | TextWith,
    fields?: Record<string, string | TextWith>,
    retryAfterS?: number,
  ) {
    // NOTE: an AppError is an answer to the client, not a fault: nothing logs its stack, so none is
    // captured (capturing one was about 4 % of a signed-out 401's CPU time).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(typeof message === "string" ? message : message.english);
    Error.stackTraceLimit = stackTraceLimit;
    this.code = code;
    this.fields = fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, englishOf(v)]));
    this.retryAfterS = retryAfterS;
    this.statusCode = statusOf(code);
    const fieldTexts = fields && Object.entries(fields).filter(([, v]) => typeof v !== "string");
    if (typeof message !== "string" || fieldTexts?.length) {
      this.texts = {
        ...(typeof message === "string" ? {} : { message }),
        ...(fieldTexts?.length
          ? { fields: Object.fromEntries(fieldTexts) as Record<string, SharedText> }
          : {}),
      };
    }
  }
}

const englishOf = (text: string | TextWith): string => (typeof text === "string" ? text : text.english);

export const notFound = (message = "Not found") => new AppError("not_found", message);
export const forbidden = (message = "You are not allowed to do that") => new AppError("forbidden", message);
export const unauthorized = (message: string) => new AppError("unauthorized", message);

/** Turns zod issues into one message plus a message per field (the first issue of each field). */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    if (issue.code === "unrecognized_keys") {
      for (const unknownKey of issue.keys) fields[unknownKey] ??= `Unknown field "${unknownKey}"`;
      continue;
    }
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message =
    first?.code === "unrecognized_keys"
      ? `Unknown field: ${first.keys.join(", ")}`
      : (first?.message ?? "Invalid input");
  return new AppError("validation_failed", message, fields);
}

/** Parses input with a shared schema; a failure becomes a 400 with per-field messages. */
export function parseWith<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * What a database error means, decided by the db layer (`classifyDbError` in db/dialect.ts). It is passed in
 * rather than imported so that http stays below db: db's keyset paging raises AppErrors.
 */
export type ClassifyDbError = (error: unknown) => { kind: string } | undefined;

export function registerErrorHandler(app: FastifyInstance, classifyDbError: ClassifyDbError): void {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
    const fromDatabase = fromDatabaseError(classifyDbError(thrown));
    if (fromDatabase) {
      request.log.warn({ dbError: (thrown as { code?: string }).code }, "the database refused the input");
      if (fromDatabase.statusCode === 503) reply.header("retry-after", "1");
    }
    const error = fromDatabase ?? thrown;
    let body: ApiError;
    let status: number;
    let texts: AppError["texts"];
    if (error instanceof AppError) {
      status = error.statusCode;
      if (error.retryAfterS !== undefined) reply.header("retry-after", String(error.retryAfterS));
      body = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
      texts = error.texts;
    } else if (error instanceof ZodError) {
      const appError = validationError(error);
      status = 400;
      body = { code: appError.code, message: appError.message, fields: appError.fields };
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      const code = clientErrorCode(error);
      status = code === "bad_request" ? error.statusCode : statusOf(code);
      body = { code, message: clientErrorMessage(error) };
    } else {
      request.log.error({ err: error }, "request failed");
      status = 500;
      body = { code: "internal", message: "Something went wrong on our side. Please try again." };
    }
    return reply.status(status).send({ error: localizeError(body, callerLanguage(request), texts) });
  });
}

/**
 * The language to answer in: the signed-in account's, else the browser's `Accept-Language`, else English
 * (decision 032).
 */
export function callerLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? languageOfAcceptLanguage(request.headers["accept-language"]);
}

/**
 * A database error that means bad input (a value PostgreSQL cannot store or compare, a broken constraint)
 * is the client's 400/409, never our 500; what it means is decided in db/dialect.ts.
 */
function fromDatabaseError(meaning: { kind: string } | undefined): AppError | undefined {
  switch (meaning?.kind) {
    case "bad_input":
      return new AppError("invalid_value", "A value in the request cannot be stored or compared");
    case "unique_violation":
      return new AppError("already_exists", "This already exists");
    case "foreign_key_violation":
      return new AppError("conflict", "Something this request refers to no longer exists");
    case "serialization_failure":
      return new AppError("busy", "Too many changes at once. Please try again.");
    default:
      return undefined;
  }
}

/** Fastify's and its plugins' own 4xx errors, named by the catalogue's codes. */
function clientErrorCode(error: FastifyError): ErrorCode {
  if (error.validation) return "validation_failed";
  switch (error.statusCode) {
    case 404:
      return "not_found";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    default:
      return "bad_request";
  }
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type; send JSON (or multipart for uploads)";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty; send JSON";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON";
    default:
      return error.message;
  }
}

/**
 * An API error's `message` and `fields` in `language`; its `code` never changes. A text that is not one of
 * the shared ones (one a service wrote itself) becomes what its code means, so nothing stays in English.
 */
function localizeError(error: ApiError, language: Language, texts: AppError["texts"]): ApiError {
  if (language === "en") return error;
  const say = (english: string, text?: SharedText) =>
    sharedTextIn(language, text ?? english) ??
    sharedTextIn(language, ERROR_CODES[error.code].meaning) ??
    english;
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([name, english]) => [name, say(english, texts?.fields?.[name])]),
      )
    : undefined;
  return { ...error, message: say(error.message, texts?.message), ...(fields ? { fields } : {}) };
}
