import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import type { ZodType } from "zod";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { type Errors, fieldErrors, panel, serverErrors, subheading } from "./setup-forms.ts";

/** One set-up panel (pickup points, weekly slots, …): a card under its heading. */
export function SetupPanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h3 id={headingId} className={subheading}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A panel's last part: the form that adds one more (pickup point, weekly slot) under its heading. */
export function SetupAdd({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <h4 className="mt-4 font-semibold text-stone-800">{title}</h4>
      <div className="mt-2">{children}</div>
    </>
  );
}

/**
 * A set-up form's state: its values as their controls' texts, a message per field and one for the form;
 * `field(name)` gives a field its value, message and change handler.
 */
export function useSetupFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const field = (name: keyof V & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  /** Checks `input` with the shared schema, then saves: its messages, else the server's, beside the fields. */
  async function submit(schema: ZodType, input: unknown, save: () => Promise<void>) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await save();
    } catch (error) {
      const { fields, message } = serverErrors(error);
      setErrors(fields);
      setFormError(message);
    }
  }
  return { values, setValues, errors, setErrors, formError, setFormError, formId, field, submit };
}

/** A set-up form's end: the form's message, then its submit button and, while editing, Cancel. */
export function SetupFormEnd({
  form,
  busy,
  submitLabel,
  onCancel,
  span,
  buttonsClassName,
}: {
  form: { formId: string; formError: string | null };
  busy: boolean;
  submitLabel: ReactNode;
  /** Given while editing: Cancel closes the form. */
  onCancel: (() => void) | undefined;
  /** The grid columns the message takes ("sm:col-span-2"). */
  span: string;
  buttonsClassName: string;
}) {
  return (
    <>
      <FormMessage id={`${form.formId}-error`} message={form.formError} className={span} />
      <div className={buttonsClassName}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </>
  );
}
