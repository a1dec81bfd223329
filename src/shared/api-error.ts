import { z } from "zod";
import { ERROR_CODE_NAMES } from "./error-codes.ts";

/** NOTE: here rather than in error-codes.ts, which the first screen imports without zod (decision 037). */
export const ErrorCodeSchema = z.enum(ERROR_CODE_NAMES);

/** The body of every API error: `{ error: { code, message, fields? } }` (docs/architecture.md). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>["error"];
