import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { MobileNumberField, SentCodeField } from "./sent-code-field.tsx";
import { usePhoneSignIn } from "./use-phone-sign-in.ts";

/**
 * "Use my mobile number instead" (issue 37): a number, then the 6-digit code sent to it, and on sign-up the
 * full name. Either way the person is signed in at once, with the same session a password gives.
 */
export function PhoneSignIn({ purpose }: { purpose: "sign-in" | "sign-up" }) {
  const { t } = useLingui();
  const signIn = usePhoneSignIn(purpose);
  const { form, sentTo, busy } = signIn;
  if (!sentTo) {
    return (
      <form ref={form.formRef} onSubmit={signIn.onSendCode} noValidate className="space-y-4">
        <MobileNumberField label={t`Mobile number`} field={form.field("phone")} />
        <Button type="submit" className="w-full" disabled={busy}>
          <Trans>Send me a code</Trans>
        </Button>
      </form>
    );
  }
  return (
    <form ref={form.formRef} onSubmit={signIn.onVerify} noValidate className="space-y-4">
      <SentCodeField sentTo={sentTo} field={form.field("code")} />
      {signIn.askName ? (
        <TextField label={t`Full name`} autoComplete="name" required {...form.field("name")} />
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {signIn.askName ? <Trans>Create account</Trans> : <Trans>Sign in</Trans>}
      </Button>
      <CodeLinks signIn={signIn} sentTo={sentTo} />
    </form>
  );
}

/** Under the code: send a new one (once the wait is over), or go back and change the number. */
function CodeLinks({ signIn, sentTo }: { signIn: ReturnType<typeof usePhoneSignIn>; sentTo: string }) {
  const { t } = useLingui();
  const { form, busy, resendIn } = signIn;
  return (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <button
        type="button"
        className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:text-stone-600"
        disabled={busy || resendIn > 0}
        onClick={() => signIn.sendCode(sentTo)}
      >
        {resendIn > 0 ? t`Send a new code in ${resendIn} s` : t`Send a new code`}
      </button>
      <button
        type="button"
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        onClick={() => {
          signIn.setSentTo(null);
          form.reset({ phone: form.values.phone, code: "", name: form.values.name });
        }}
      >
        <Trans>Change the number</Trans>
      </button>
    </div>
  );
}
