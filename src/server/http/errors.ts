import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError, type ZodType, type z } from "zod";
import type { ApiError } from "../../shared/api-error.ts";

/** An error the client should see as it is: status, a stable code and a human message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const forbidden = (message = "You are not allowed to do that") =>
  new AppError(403, "forbidden", message);
export const unauthorized = (message: string) => new AppError(401, "unauthorized", message);
export const conflict = (message: string, code = "conflict") => new AppError(409, code, message);

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
  return new AppError(400, "validation_failed", message, fields);
}

/** Parses input with a shared schema; a failure becomes a 400 with per-field messages. */
export function parseWith<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let body: ApiError;
    let status: number;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
    } else if (error instanceof ZodError) {
      const appError = validationError(error);
      status = 400;
      body = { code: appError.code, message: appError.message, fields: appError.fields };
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: clientErrorCode(error), message: clientErrorMessage(error) };
    } else {
      request.log.error({ err: error }, "request failed");
      status = 500;
      body = { code: "internal", message: "Something went wrong on our side. Please try again." };
    }
    return reply.status(status).send({ error: body });
  });
}

function clientErrorCode(error: FastifyError): string {
  if (error.statusCode === 413) return "payload_too_large";
  if (error.statusCode === 415) return "unsupported_media_type";
  if (error.statusCode === 429) return "rate_limited";
  return error.code?.toLowerCase() ?? "bad_request";
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
