import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { accountMessages } from "../../../shared/messages.ts";
import { PasswordResetConfirmSchema, PasswordResetRequestSchema } from "../../../shared/schemas/account.ts";
import { Button } from "../../components/button.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { confirmPasswordReset, requestPasswordReset, tokenFromHash } from "./account.api.ts";
import { AuthCard } from "./auth-card.tsx";
import { EmailField, PasswordField } from "./auth-fields.tsx";

const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";
const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : t`Something went wrong. Please try again.`;

/** "Forgot password?": asks for the e-mail and always answers the same way. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const form = useFormFields({ email: "" });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(PasswordResetRequestSchema);
    if (!checked.ok) return;
    setBusy(true);
    try {
      setSent((await requestPasswordReset(form.values)).message);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t`Forgot your password?`} subtitle={t`We will e-mail you a link to set a new one`}>
      {sent ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-brand-900">
          {sayShared(sent)}
        </p>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
          <EmailField field={form.field("email")} />
          <Button type="submit" className="w-full" disabled={busy}>
            <Trans>Send the link</Trans>
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-stone-600">
        <Link to="/login" className={linkClass}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}

/** The page a reset link opens: a new password, once. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const token = tokenFromHash(location.hash);
  const form = useFormFields({ password: "" });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(PasswordResetConfirmSchema, { token, password: form.values.password });
    if (!checked.ok) {
      if (checked.fields.token) setFailed(sayShared(accountMessages.linkInvalid));
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset(checked.data);
      toast.success(sayShared(accountMessages.resetDone));
      navigate("/login", { replace: true });
    } catch (error) {
      form.showServerErrors(error);
      if (error instanceof ApiRequestError && error.code === "invalid_token") setFailed(error.message);
      else toast.error(errorText(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t`Set a new password`}
      subtitle={t`Every device signed in to your account will be signed out`}
    >
      {failed ? (
        <div role="alert" className="space-y-4 text-center">
          <p className="text-stone-800">{failed}</p>
          <Link to="/forgot-password" className={linkClass}>
            <Trans>Ask for a new link</Trans>
          </Link>
        </div>
      ) : (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
          <PasswordField
            label={t`New password`}
            isNew
            hint={t`8 to 128 characters`}
            {...form.field("password")}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            <Trans>Set the new password</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
