import { z } from "zod";

/** The body of every API error: `{ error: { code, message, fields? } }` (DESIGN.md §5). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>["error"];
