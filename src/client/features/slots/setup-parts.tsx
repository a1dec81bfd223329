import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { type Errors, panel, subheading } from "./setup-forms.ts";

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
  return { values, setValues, errors, setErrors, formError, setFormError, formId, field };
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
