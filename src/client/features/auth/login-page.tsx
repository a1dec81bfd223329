import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AUTH_TOAST_MS } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import { Button } from "../../components/button.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { takeSignedOutChoice } from "../../lib/language.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { AuthCard } from "./auth-card.tsx";
import { AuthSwitchLine, EmailField, PasswordField } from "./auth-fields.tsx";
import { authSchemas } from "./auth-schemas.ts";
import { keepLanguage, useLogin } from "./login.api.ts";
import { useOtherWay } from "./other-way.tsx";
import { useSignedIn } from "./signed-in.ts";

export function LoginPage() {
  const { t } = useLingui();
  const form = useFormFields({ email: "", password: "" });
  const { values } = form;
  const [redirecting, setRedirecting] = useState(false);
  const { byPhone, phoneForm, switchButton } = useOtherWay("sign-in");
  const loginMutation = useLogin();
  const signedIn = useSignedIn();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate((await authSchemas()).LoginSchema);
    if (!checked.ok) {
      const missing = !values.email.trim() || !values.password;
      toast.error(sayShared(missing ? messages.signInRequired : (Object.values(checked.fields)[0] ?? "")), {
        autoClose: AUTH_TOAST_MS,
      });
      return;
    }
    try {
      let user = await loginMutation.mutateAsync(values);
      // NOTE: a language chosen in this tab just before signing in wins over the account's, and is kept on it;
      // if keeping it fails, the sign-in still stands in the account's language.
      const chosen = takeSignedOutChoice();
      if (chosen && chosen !== (user.language ?? "en")) {
        user = await keepLanguage(chosen).then(
          () => ({ ...user, language: chosen }),
          () => user,
        );
      }
      signedIn(user);
      setRedirecting(true);
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : sayShared(messages.wrongCredentials);
      form.showServerErrors(error);
      toast.error(message, { autoClose: AUTH_TOAST_MS });
    }
  }

  const busy = loginMutation.isPending || redirecting;
  return (
    <AuthCard title={t`Welcome to Veggie Cart`} subtitle={t`Sign in to your account`}>
      {byPhone ? (
        phoneForm
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
          <EmailField field={form.field("email")} />
          <PasswordField label={t`Password`} {...form.field("password")} />
          <p className="text-right text-sm">
            <Link
              to="/forgot-password"
              className="font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <Trans>Forgot password?</Trans>
            </Link>
          </p>
          <Button type="submit" className="w-full" disabled={busy}>
            <Trans>Sign in</Trans>
          </Button>
        </form>
      )}
      {switchButton}
      <AuthSwitchLine to="/signup">
        <Trans>Don't have an account?</Trans>
      </AuthSwitchLine>
    </AuthCard>
  );
}
