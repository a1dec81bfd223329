import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent, ReactNode, RefObject } from "react";
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
import { PasswordField } from "./auth-fields.tsx";
import { forgetSignedInUser } from "./logout.api.ts";

/** One of `/account`'s forms: its fields, then its submit button, off while the form saves. */
function AccountForm({
  state,
  busy,
  danger = false,
  submit,
  children,
}: {
  state: { form: { formRef: RefObject<HTMLFormElement | null> }; onSubmit: (event: FormEvent) => void };
  busy: boolean;
  danger?: boolean;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form ref={state.form.formRef} onSubmit={state.onSubmit} noValidate className="space-y-4">
      {children}
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}

export function NameForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const rename = useRename();
  const state = useAccountForm(
    { name: account.user.name },
    UpdateAccountSchema.required({ name: true }),
    (data) => rename.mutateAsync(data.name),
    { saved: () => sayShared(accountMessages.nameSaved) },
  );
  return (
    <AccountForm state={state} busy={rename.isPending} submit={<Trans>Save name</Trans>}>
      <TextField label={t`Name`} autoComplete="name" required {...state.form.field("name")} />
    </AccountForm>
  );
}

export function EmailForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const change = useChangeEmail();
  const state = useAccountForm(
    { email: "", password: "" },
    ChangeEmailSchema,
    (_, values) => change.mutateAsync(values),
    { saved: () => sayShared(accountMessages.emailChangeSent), clear: true },
  );
  return (
    <AccountForm state={state} busy={change.isPending} submit={<Trans>Change email</Trans>}>
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
        {...state.form.field("email")}
      />
      <PasswordField label={t`Your password`} {...state.form.field("password")} />
    </AccountForm>
  );
}

export function PasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const state = useAccountForm(
    { currentPassword: "", newPassword: "" },
    ChangePasswordSchema,
    (_, values) => change.mutateAsync(values),
    { saved: () => sayShared(accountMessages.passwordChanged), clear: true },
  );
  return (
    <AccountForm state={state} busy={change.isPending} submit={<Trans>Change password</Trans>}>
      <PasswordField label={t`Current password`} {...state.form.field("currentPassword")} />
      <PasswordField
        label={t`New password`}
        isNew
        hint={t`8 to 128 characters. Every other device will be signed out.`}
        {...state.form.field("newPassword")}
      />
    </AccountForm>
  );
}

export function DeleteAccount() {
  const { t } = useLingui();
  const deletedName = sayShared(accountMessages.deletedAccountName);
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const state = useAccountForm(
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
    <AccountForm state={state} busy={remove.isPending} danger submit={<Trans>Delete my account</Trans>}>
      <p className="text-stone-700">
        <Trans>
          Your products leave the shop, your sessions end and your personal data is removed. Orders you placed
          or received stay for the other party under the name "{deletedName}". This cannot be undone.
        </Trans>
      </p>
      <PasswordField label={t`Type your password to delete your account`} {...state.form.field("password")} />
    </AccountForm>
  );
}
