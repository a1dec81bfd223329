import type { FastifyRequest } from "fastify";
import { nulMessage } from "./access.ts";
import { closeUnread } from "./closing.ts";
import { AppError } from "./errors.ts";

/** How one multipart form is read: its text fields, its one file field, and the words of its refusals. */
export interface MultipartForm {
  textFields: ReadonlySet<string>;
  /** The one file the form may carry. */
  fileField: string;
  /** Said when the file arrives as text, or is missing where the caller needs it. */
  fileMissing: string;
  fileTooLarge: string;
  /** Said of a text field cut short at its size limit. */
  tooLong: (field: string) => string;
  /** Said when the request is not multipart at all. */
  notMultipart: string;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  file?: Buffer;
}

/**
 * Reads a multipart body part by part: the form's text fields and its one file, nothing else. Unknown,
 * repeated, cut-short or NUL-carrying fields are refused together (400 with each field's message); the
 * parser's limits become 413-style refusals with clear codes. What the fields mean is the caller's schema's
 * business: this only turns the body into `{ fields, file }`.
 */
export async function readMultipart(
  request: FastifyRequest,
  form: MultipartForm,
  { stallMs }: { stallMs?: number } = {},
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", form.notMultipart);
  const reading = readParts(request, form);
  if (stallMs === undefined) return reading;
  const watch = watchForStall(request, stallMs);
  // NOTE: after a stall the parts are never awaited; their end (the connection closed) must not go unhandled.
  reading.catch(() => {});
  try {
    return await Promise.race([reading, watch.stalled]);
  } finally {
    watch.stop();
  }
}

export const uploadStalledMessage =
  "The upload stopped arriving. Please check your connection and try again.";

/**
 * Rejects with 408 `upload_stalled` once no byte of the body has arrived for `stallMs` (the connection's
 * byte count, checked four times per period), so a stalled upload gives up what it holds in seconds, not at
 * the 30 s request timeout. The answer closes the connection without reading more.
 */
function watchForStall(request: FastifyRequest, stallMs: number): { stalled: Promise<never>; stop(): void } {
  const socket = request.raw.socket as { bytesRead?: number } | undefined;
  // NOTE: injected requests (tests) carry their whole body at once and have no byte count to watch.
  if (typeof socket?.bytesRead !== "number") return { stalled: new Promise(() => {}), stop: () => {} };
  const checksPerPeriod = 4;
  let seen = socket.bytesRead;
  let quietChecks = 0;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      const now = socket.bytesRead ?? seen;
      quietChecks = now === seen ? quietChecks + 1 : 0;
      seen = now;
      if (quietChecks < checksPerPeriod) return;
      clearInterval(timer);
      closeUnread(request);
      reject(new AppError("upload_stalled", uploadStalledMessage));
    }, stallMs / checksPerPeriod);
    timer.unref();
  });
  return { stalled, stop: () => clearInterval(timer) };
}

async function readParts(request: FastifyRequest, form: MultipartForm): Promise<MultipartUpload> {
  const fields: Record<string, string> = {};
  const problems: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      const isFile = name === form.fileField;
      const known = part.type === "file" ? isFile : form.textFields.has(name);
      if (!known) {
        // NOTE: a file sent as text (e.g. an old data-URL form) is a missing file, not an unknown field.
        problems[name] ??= isFile
          ? form.fileMissing
          : form.textFields.has(name)
            ? `The field "${name}" must be text`
            : `Unknown field "${name}"`;
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (name in fields || (isFile && file)) {
        problems[name] ??= `The field "${name}" was sent more than once`;
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (part.type === "file") {
        file = await part.toBuffer();
      } else if (part.valueTruncated) {
        // NOTE: a field over the parser's size limit arrives cut short, so a cut value is refused, never stored.
        problems[name] ??= form.tooLong(name);
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (value.includes("\0")) problems[name] ??= nulMessage;
        fields[name] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("image_too_large", form.fileTooLarge, { [form.fileField]: form.fileTooLarge });
    }
    if (code === "FST_FILES_LIMIT") throw new AppError("too_many_files", `Send one ${form.fileField} only`);
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new AppError("too_many_fields", "The form has too many fields");
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status < 500) throw error;
    // NOTE: busboy reports a broken body (no boundary, cut short) as a plain Error: the client's fault, not ours.
    throw new AppError("invalid_multipart", "The upload could not be read. Please try again.");
  }
  const [firstProblem] = Object.values(problems);
  if (firstProblem !== undefined) throw new AppError("validation_failed", firstProblem, problems);
  return { fields, file: file && file.length > 0 ? file : undefined };
}
