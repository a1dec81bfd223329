import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { AUTH_TOAST_MS } from "../../../shared/constants.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { phoneSchemas, requestPhoneCode, verifyPhoneCode } from "./phone.api.ts";
import { useSignedIn } from "./signed-in.ts";

/** Seconds before "Send a new code" is offered again (the server's limit; it answers 429 sooner). */
const RESEND_SECONDS = 30;

/**
 * Signing in or up by phone: `onSendCode` checks the number and sends a code (`sendCode` again on request,
 * after `resendIn` seconds), `onVerify` checks the code (and on sign-up the name) and signs the person in.
 */
export function usePhoneSignIn(purpose: "sign-in" | "sign-up") {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const form = useFormFields({ phone: "", code: "", name: "" });
  const { values } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [askName, setAskName] = useState(purpose === "sign-up");
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const signedIn = useSignedIn();

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
      signedIn(user);
    } catch (error) {
      // NOTE: a number without an account asks for the name; the code stays good meanwhile.
      if (error instanceof ApiRequestError && error.fields?.name) setAskName(true);
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : String(error), { autoClose: AUTH_TOAST_MS });
      setBusy(false);
    }
  }

  return { form, sentTo, setSentTo, askName, busy, resendIn, sendCode, onSendCode, onVerify };
}
