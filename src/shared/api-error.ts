import { z } from "zod";
import { ErrorCodeSchema } from "./error-codes.ts";

/** The body of every API error: `{ error: { code, message, fields? } }` (docs/architecture.md). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>["error"];
