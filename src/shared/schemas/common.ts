import { z } from "zod";

/**
 * What several domains' schemas share: path ids, an operator's reason, and the paging of every list. One
 * definition each, so a rule cannot differ between two routes.
 */

/**
 * The `:id` of a route: an id this server made (no NUL byte, nothing huge). Anything else cannot name a row,
 * so it is refused before a query runs.
 */
export const IdParamsSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100, "Unknown id")
    .regex(/^[A-Za-z0-9_-]+$/, "Unknown id"),
});

/** Text an operator types: trimmed, never a NUL byte (PostgreSQL cannot store one). */
export const operatorText = (max: number, what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((text) => !text.includes("\u0000"), `${what} cannot contain a NUL character`);

/** The longest reason anybody gives: an operator hiding or suspending, a farmer or buyer cancelling. */
export const REASON_MAX_LENGTH = 500;

/** The body of hide, unhide, suspend and reinstate: why, for the audit log and the person affected. */
export const ReasonSchema = z.strictObject({
  reason: operatorText(REASON_MAX_LENGTH, "Reason").pipe(z.string().min(1, "Please give a reason")),
});
export type ReasonInput = z.input<typeof ReasonSchema>;

/** Every operator list pages with an opaque cursor. */
export const ADMIN_PAGE_MAX = 100;
export const pageQueryFields = {
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(20),
};
/** An optional search text, trimmed, as typed into an operator's search box. */
export const searchText = operatorText(100, "Search").optional();

/** `{ items, nextCursor }`: the schema of one page of a list (the server fills it with keyset.ts's `pageOf`). */
export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
