import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { AUTH_TOAST_MS, PASSWORD_MIN_LENGTH, REDIRECT_AFTER_AUTH_MS } from "../../../shared/constants.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { messages } from "../../../shared/messages.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { AuthCard } from "./auth-card.tsx";
import { AuthSwitchLine, EmailField, PasswordField } from "./auth-fields.tsx";
import { authSchemas } from "./auth-schemas.ts";
import { useOtherWay } from "./other-way.tsx";
import { useSignup } from "./signup.api.ts";

export function SignupPage() {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const form = useFormFields({ name: "", email: "", password: "" });
  const { values } = form;
  const [redirecting, setRedirecting] = useState(false);
  const { byPhone, phoneForm, switchButton } = useOtherWay("sign-up");
  const signupMutation = useSignup();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate((await authSchemas()).SignupSchema);
    if (!checked.ok) {
      const missing = !values.name.trim() || !values.email.trim() || !values.password;
      toast.error(sayShared(missing ? messages.signUpRequired : (Object.values(checked.fields)[0] ?? "")), {
        autoClose: AUTH_TOAST_MS,
      });
      return;
    }
    try {
      // NOTE: the new account keeps the language chosen here (decision 032).
      await signupMutation.mutateAsync({ ...values, language });
      toast.success(sayShared(messages.signUpSuccess), { autoClose: AUTH_TOAST_MS });
      setRedirecting(true);
      setTimeout(() => navigate("/login", { replace: true }), REDIRECT_AFTER_AUTH_MS);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof Error ? error.message : String(error), { autoClose: AUTH_TOAST_MS });
    }
  }

  return (
    <AuthCard title={t`Create your account`} subtitle={t`Join Veggie Cart today`}>
      {byPhone ? (
        phoneForm
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label={t`Full name`} autoComplete="name" required {...form.field("name")} />
          <EmailField field={form.field("email")} />
          <PasswordField
            label={t`Password`}
            isNew
            minLength={PASSWORD_MIN_LENGTH}
            {...form.field("password")}
          />
          <Button type="submit" className="w-full" disabled={signupMutation.isPending || redirecting}>
            <Trans>Create account</Trans>
          </Button>
        </form>
      )}
      {switchButton}
      <AuthSwitchLine to="/login">
        <Trans>Already have an account?</Trans>
      </AuthSwitchLine>
    </AuthCard>
  );
}
