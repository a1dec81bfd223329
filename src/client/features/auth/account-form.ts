import { t } from "@lingui/core/macro";
import type { FormEvent } from "react";
import type { ZodType, z } from "zod";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";

/** The server's refusal in words (it answers in the shopper's language), else a general apology. */
export const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : t`Something went wrong. Please try again.`;

/** A button's request on `/account`: `saved` toasted when it is done, the server's refusal when not. */
export const toasting = (saved: string) => ({
  onSuccess: () => toast.success(saved),
  onError: (error: unknown) => toast.error(errorText(error)),
});

/**
 * One of `/account`'s forms: checked with `schema`, then `save`d (given the checked data and the values typed);
 * then emptied if `clear`, `saved` toasted and `afterwards` done. A refusal marks the fields the server names and is
 * toasted.
 */
export function useAccountForm<T extends { [K in keyof T]: string }, S extends ZodType>(
  initial: T,
  schema: S,
  save: (data: z.output<S>, values: T) => Promise<unknown>,
  after: { saved: () => string; clear?: boolean; afterwards?: () => void },
) {
  const form = useFormFields(initial);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(schema);
    if (!checked.ok) return;
    try {
      await save(checked.data, form.values);
      if (after.clear) form.reset(initial);
      toast.success(after.saved());
      after.afterwards?.();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }
  return { form, onSubmit };
}
