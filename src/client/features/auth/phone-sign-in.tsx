import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AUTH_TOAST_MS, REDIRECT_AFTER_AUTH_MS, storageKeys } from "../../../shared/constants.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { messages } from "../../../shared/messages.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { returnPathOf } from "../../lib/return-path.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { meQuery } from "./me.api.ts";
import { phoneSchemas, requestPhoneCode, verifyPhoneCode } from "./phone.api.ts";
import { SentCodeField } from "./sent-code-field.tsx";

/** Seconds before "Send a new code" is offered again (the server's limit; it answers 429 sooner). */
const RESEND_SECONDS = 30;

/**
 * "Use my mobile number instead" (issue 37): a number, then the 6-digit code sent to it, and on sign-up the
 * full name. Either way the person is signed in at once, with the same session a password gives.
 */
export function PhoneSignIn({ purpose }: { purpose: "sign-in" | "sign-up" }) {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const form = useFormFields({ phone: "", code: "", name: "" });
  const { values } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [askName, setAskName] = useState(purpose === "sign-up");
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  async function sendCode(phone: string) {
    setBusy(true);
    try {
      const { message } = await requestPhoneCode({ phone, purpose, language });
      setSentTo(phone);
      setResendIn(RESEND_SECONDS);
      toast.success(message, { autoClose: AUTH_TOAST_MS });
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : String(error), { autoClose: AUTH_TOAST_MS });
    } finally {
      setBusy(false);
    }
  }

  async function onSendCode(event: FormEvent) {
    event.preventDefault();
    const { PhoneInputSchema } = await phoneSchemas();
    const checked = form.validate(PhoneInputSchema, values.phone);
    if (!checked.ok) {
      const message = Object.values(checked.fields)[0] ?? "";
      form.showErrors({ phone: message });
      toast.error(sayShared(message), { autoClose: AUTH_TOAST_MS });
      return;
    }
    await sendCode(checked.data);
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const { PhoneVerifySchema } = await phoneSchemas();
    const input = {
      phone: sentTo,
      code: values.code,
      ...(askName ? { name: values.name } : {}),
      language,
    };
    const checked = form.validate(PhoneVerifySchema, input);
    if (!checked.ok) {
      toast.error(sayShared(Object.values(checked.fields)[0] ?? ""), { autoClose: AUTH_TOAST_MS });
      return;
    }
    setBusy(true);
    try {
      const user = await verifyPhoneCode(checked.data);
      // NOTE: the spec's storage keys, as an e-mail sign-in writes them; the number stands for a missing e-mail.
      window.localStorage.setItem(storageKeys.token, user.id);
      window.localStorage.setItem(storageKeys.loggedInUser, user.email ?? user.phone ?? "");
      toast.success(sayShared(messages.loginSuccess), { autoClose: AUTH_TOAST_MS });
      setTimeout(() => {
        queryClient.setQueryData(meQuery.queryKey, user);
        navigate(returnPathOf(search) ?? "/dashboard", { replace: true });
      }, REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      // NOTE: a number without an account asks for the name; the code stays good meanwhile.
      if (error instanceof ApiRequestError && error.fields?.name) setAskName(true);
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : String(error), { autoClose: AUTH_TOAST_MS });
      setBusy(false);
    }
  }

  if (!sentTo) {
    return (
      <form ref={form.formRef} onSubmit={onSendCode} noValidate className="space-y-4">
        <TextField
          label={t`Mobile number`}
          hint={t`An Indian number, or another country's with its code (+44 …)`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          {...form.field("phone")}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          <Trans>Send me a code</Trans>
        </Button>
      </form>
    );
  }
  return (
    <form ref={form.formRef} onSubmit={onVerify} noValidate className="space-y-4">
      <SentCodeField sentTo={sentTo} field={form.field("code")} />
      {askName ? (
        <TextField label={t`Full name`} autoComplete="name" required {...form.field("name")} />
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {askName ? <Trans>Create account</Trans> : <Trans>Sign in</Trans>}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:text-stone-600"
          disabled={busy || resendIn > 0}
          onClick={() => sendCode(sentTo)}
        >
          {resendIn > 0 ? t`Send a new code in ${resendIn} s` : t`Send a new code`}
        </button>
        <button
          type="button"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            setSentTo(null);
            form.reset({ phone: values.phone, code: "", name: values.name });
          }}
        >
          <Trans>Change the number</Trans>
        </button>
      </div>
    </form>
  );
}
