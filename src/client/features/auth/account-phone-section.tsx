import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { Account } from "../../../shared/schemas/account.ts";
import { Button } from "../../components/button.tsx";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { phoneSchemas, useAccountPhone } from "./phone.api.ts";
import { MobileNumberField, SentCodeField } from "./sent-code-field.tsx";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `/account`'s mobile number (issue 37): the number the account signs in with, added or changed by a code sent
 * to the new number, or removed while the account keeps a password.
 */
export function AccountPhoneSection({ account }: { account: Account }) {
  const { t } = useLingui();
  const form = useFormFields({ phone: "", code: "" });
  const { offer, confirm, remove } = useAccountPhone();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const current = account.user.phone ?? null;

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const { AccountPhoneSchema } = await phoneSchemas();
    const checked = form.validate(AccountPhoneSchema, { phone: form.values.phone });
    if (!checked.ok) return;
    try {
      const { message } = await offer.mutateAsync(checked.data.phone);
      setSentTo(checked.data.phone);
      toast.success(message);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    const { AccountPhoneConfirmSchema } = await phoneSchemas();
    const checked = form.validate(AccountPhoneConfirmSchema, { code: form.values.code });
    if (!checked.ok) return;
    try {
      const { message } = await confirm.mutateAsync(checked.data.code);
      setSentTo(null);
      form.reset({ phone: "", code: "" });
      toast.success(message);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }

  async function onRemove() {
    try {
      const { message } = await remove.mutateAsync();
      toast.success(message);
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <div className="space-y-4">
      <PhoneIntro current={current} />
      {sentTo ? (
        <form ref={form.formRef} onSubmit={onConfirm} noValidate className="space-y-4">
          <SentCodeField sentTo={sentTo} field={form.field("code")} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={confirm.isPending}>
              <Trans>Confirm the number</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              <Trans>Change the number</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <form ref={form.formRef} onSubmit={onSend} noValidate className="space-y-4">
          <MobileNumberField
            label={current ? t`New mobile number` : t`Mobile number`}
            field={form.field("phone")}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={offer.isPending}>
              <Trans>Send me a code</Trans>
            </Button>
            {current ? (
              <Button variant="secondary" disabled={remove.isPending} onClick={onRemove}>
                <Trans>Remove my number</Trans>
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}

/** The number the account signs in with, or the offer to add one. */
function PhoneIntro({ current }: { current: string | null }) {
  return (
    <p className="text-stone-700">
      {current ? (
        <Trans>
          You can sign in with <strong className="whitespace-nowrap">{current}</strong> and a code we send to
          it.
        </Trans>
      ) : (
        <Trans>Add your mobile number to sign in with a code we send to it.</Trans>
      )}
    </p>
  );
}
