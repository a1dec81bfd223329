import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { accountMessages } from "../../../shared/messages.ts";
import {
  type Account,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  UpdateAccountSchema,
} from "../../../shared/schemas/account.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/text-field.tsx";
import { sayShared } from "../../lib/i18n.ts";
import { useChangeEmail, useChangePassword, useDeleteAccount, useRename } from "./account.api.ts";
import { useAccountForm } from "./account-form.ts";
import { forgetSignedInUser } from "./logout.api.ts";

export function NameForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const rename = useRename();
  const { form, onSubmit } = useAccountForm(
    { name: account.user.name },
    UpdateAccountSchema.required({ name: true }),
    (data) => rename.mutateAsync(data.name),
    { saved: () => sayShared(accountMessages.nameSaved) },
  );
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label={t`Name`} autoComplete="name" required {...form.field("name")} />
      <Button type="submit" disabled={rename.isPending}>
        <Trans>Save name</Trans>
      </Button>
    </form>
  );
}

export function EmailForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const change = useChangeEmail();
  const { form, onSubmit } = useAccountForm(
    { email: "", password: "" },
    ChangeEmailSchema,
    (_, values) => change.mutateAsync(values),
    { saved: () => sayShared(accountMessages.emailChangeSent), clear: true },
  );
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-stone-700">
        {account.user.email ? (
          <Trans>
            Signed in as <strong className="break-all">{account.user.email}</strong>.
          </Trans>
        ) : (
          <Trans>Your account has no email address yet.</Trans>
        )}
      </p>
      {account.pendingEmail ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          <Trans>
            Waiting for confirmation: open the link we sent to{" "}
            <strong className="break-all">{account.pendingEmail}</strong>.
          </Trans>
        </p>
      ) : null}
      <TextField
        label={t`New email address`}
        type="email"
        autoComplete="email"
        required
        {...form.field("email")}
      />
      <TextField
        label={t`Your password`}
        type="password"
        autoComplete="current-password"
        required
        {...form.field("password")}
      />
      <Button type="submit" disabled={change.isPending}>
        <Trans>Change email</Trans>
      </Button>
    </form>
  );
}

export function PasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const { form, onSubmit } = useAccountForm(
    { currentPassword: "", newPassword: "" },
    ChangePasswordSchema,
    (_, values) => change.mutateAsync(values),
    { saved: () => sayShared(accountMessages.passwordChanged), clear: true },
  );
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        required
        {...form.field("currentPassword")}
      />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={t`8 to 128 characters. Every other device will be signed out.`}
        required
        {...form.field("newPassword")}
      />
      <Button type="submit" disabled={change.isPending}>
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}

export function DeleteAccount() {
  const { t } = useLingui();
  const deletedName = sayShared(accountMessages.deletedAccountName);
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { form, onSubmit } = useAccountForm(
    { password: "" },
    DeleteAccountSchema,
    (_, values) => remove.mutateAsync(values),
    {
      saved: () => sayShared(accountMessages.accountDeleted),
      afterwards: () => {
        // NOTE: as a sign-out does: nothing of the deleted account stays in this browser (issue 25).
        forgetSignedInUser(client);
        navigate("/login", { replace: true });
      },
    },
  );
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-stone-700">
        <Trans>
          Your products leave the shop, your sessions end and your personal data is removed. Orders you placed
          or received stay for the other party under the name "{deletedName}". This cannot be undone.
        </Trans>
      </p>
      <TextField
        label={t`Type your password to delete your account`}
        type="password"
        autoComplete="current-password"
        required
        {...form.field("password")}
      />
      <Button type="submit" variant="danger" disabled={remove.isPending}>
        <Trans>Delete my account</Trans>
      </Button>
    </form>
  );
}
