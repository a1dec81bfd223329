import { t } from "@lingui/core/macro";
import type { z } from "zod";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";

// What the set-up panels share: the classes of a panel and the messages of a refused form.

export type Errors = Record<string, string>;

/** The first message per field of a failed parse, keyed by the field's path. */
export function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path.join(".") || "_"] ??= sayShared(issue.message);
  return errors;
}

/** A refused request's per-field messages, and its message for the form. */
export function serverErrors(error: unknown): { fields: Errors; message: string } {
  if (error instanceof ApiRequestError) return { fields: error.fields, message: error.message };
  return { fields: {}, message: t`Something went wrong. Please try again.` };
}

export const panel = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
export const subheading = "text-lg font-semibold text-stone-900";
