import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { TextField } from "../../components/text-field.tsx";

/** Where the code went, and the field its six digits are typed in: signing in by phone, confirming a number. */
export function SentCodeField({
  sentTo,
  field,
}: {
  sentTo: string;
  field: Omit<ComponentProps<typeof TextField>, "label">;
}) {
  const { t } = useLingui();
  return (
    <>
      <p className="text-stone-700">
        <Trans>
          We sent a code to <strong className="whitespace-nowrap">{sentTo}</strong> by WhatsApp or SMS.
        </Trans>
      </p>
      <TextField
        label={t`6-digit code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        {...field}
      />
    </>
  );
}

/** A mobile number to send a code to, in India's form or another country's with its code. */
export function MobileNumberField({
  label,
  field,
}: {
  label: string;
  field: Omit<ComponentProps<typeof TextField>, "label">;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={label}
      hint={t`An Indian number, or another country's with its code (+44 …)`}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      {...field}
    />
  );
}
