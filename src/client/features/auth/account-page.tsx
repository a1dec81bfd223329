import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { accountMessages } from "../../../shared/messages.ts";
import {
  type Account,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  type Session,
  UpdateAccountSchema,
} from "../../../shared/schemas/account.ts";
import { AddressInputSchema, MAX_SAVED_ADDRESSES } from "../../../shared/schemas/addresses.ts";
import { AddressFields } from "../../components/address-fields.tsx";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { Pending } from "../../components/pending.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { dateTimeText } from "../../lib/date-time.ts";
import { sayShared } from "../../lib/i18n.ts";
import {
  addressLine,
  addressText,
  useDeleteSavedAddress,
  useSaveAddress,
  useSavedAddresses,
} from "../../lib/saved-addresses.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import {
  useAccount,
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useEndOtherSessions,
  useEndSession,
  useRename,
  useSessions,
} from "./account.api.ts";
import { AccountNotificationsSection } from "./account-notifications-section.tsx";
import { AccountPhoneSection } from "./account-phone-section.tsx";
import { forgetSignedInUser } from "./logout.api.ts";

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : t`Something went wrong. Please try again.`;
/** A shared text (src/shared/messages.ts) in the language shown now. */

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function NameForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const form = useFormFields({ name: account.user.name });
  const rename = useRename();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(UpdateAccountSchema.required({ name: true }));
    if (!checked.ok) return;
    try {
      await rename.mutateAsync(checked.data.name);
      toast.success(sayShared(accountMessages.nameSaved));
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }
  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label={t`Name`} autoComplete="name" required {...form.field("name")} />
      <Button type="submit" disabled={rename.isPending}>
        <Trans>Save name</Trans>
      </Button>
    </form>
  );
}

function EmailForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const form = useFormFields({ email: "", password: "" });
  const change = useChangeEmail();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(ChangeEmailSchema);
    if (!checked.ok) return;
    try {
      await change.mutateAsync(form.values);
      form.reset({ email: "", password: "" });
      toast.success(sayShared(accountMessages.emailChangeSent));
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }
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

function PasswordForm() {
  const { t } = useLingui();
  const form = useFormFields({ currentPassword: "", newPassword: "" });
  const change = useChangePassword();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(ChangePasswordSchema);
    if (!checked.ok) return;
    try {
      await change.mutateAsync(form.values);
      form.reset({ currentPassword: "", newPassword: "" });
      toast.success(sayShared(accountMessages.passwordChanged));
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }
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

function SessionRow({ session }: { session: Session }) {
  const { t } = useLingui();
  const end = useEndSession();
  // NOTE: the server keeps "Chrome on Android" (browser and system, both names); the joining word is ours.
  const [, name, system] = /^(.+) on (.+)$/.exec(session.browser ?? "") ?? [];
  const browser = name && system ? t`${name} on ${system}` : (session.browser ?? t`Unknown browser`);
  const lastUsed = dateTimeText(session.lastUsedAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-stone-900">
          {browser}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-stone-600">
          <Trans>
            Last used <time dateTime={session.lastUsedAt}>{lastUsed}</time>
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          aria-label={t`Sign out ${browser}, last used ${lastUsed}`}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(sayShared(accountMessages.sessionEnded)),
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  );
}

function Sessions() {
  const { t } = useLingui();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <Pending label={t`Loading devices...`} />;
  if (sessions.isError) return <p role="alert">{errorText(sessions.error)}</p>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <>
      <ul className="divide-y divide-stone-200">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={others === 0 || endOthers.isPending}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: () => toast.success(sayShared(accountMessages.othersEnded)),
            onError: (error) => toast.error(errorText(error)),
          })
        }
      >
        <Trans>Sign out everywhere else</Trans>
      </Button>
    </>
  );
}

/** The addresses checkout keeps (decision 027): each with Delete; orders add them, checkout picks one. */
function SavedAddresses() {
  const { t } = useLingui();
  const addresses = useSavedAddresses();
  const remove = useDeleteSavedAddress();
  if (addresses.isPending) return <Pending label={t`Loading addresses...`} />;
  if (addresses.isError) return <p role="alert">{errorText(addresses.error)}</p>;
  if (addresses.data.length === 0) {
    return (
      <>
        <p className="text-stone-700">
          <Trans>No saved addresses yet. The address of your next order is kept here.</Trans>
        </p>
        <AddAddressForm />
      </>
    );
  }
  return (
    <>
      <p className="text-stone-700">
        <Trans>Checkout fills in the address you used last. Up to {MAX_SAVED_ADDRESSES} are kept.</Trans>
      </p>
      <ul className="mt-2 divide-y divide-stone-200">
        {addresses.data.map((address) => (
          <li key={address.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{address.fullName}</p>
              <p className="text-sm text-stone-600">
                {addressText(address)} · {address.phone}
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={t`Delete ${addressLine(address)}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(address.id, {
                  onSuccess: () => toast.success(t`Address deleted.`),
                  onError: (error) => toast.error(errorText(error)),
                })
              }
            >
              <Trans>Delete</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <AddAddressForm />
    </>
  );
}

const blankAddress = () => ({
  fullName: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: getShopCountries()[0] ?? "IN",
});

/** A new address for the book (decision 047): checked as checkout checks it; a fourth is refused with why. */
function AddAddressForm() {
  const { t } = useLingui();
  const form = useFormFields(blankAddress);
  const save = useSaveAddress();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.setFormError(null);
    const checked = form.validate(AddressInputSchema);
    if (!checked.ok) return;
    try {
      await save.mutateAsync(checked.data);
      form.reset(blankAddress());
      toast.success(t`Address saved.`);
    } catch (error) {
      if (!form.showServerErrors(error)) form.setFormError(errorText(error));
    }
  }
  return (
    <form
      ref={form.formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-address-heading"
      className="mt-4 border-t border-stone-200 pt-4"
    >
      <h3 id="add-address-heading" className="font-semibold text-stone-900">
        <Trans>Add an address</Trans>
      </h3>
      <div className="mt-3">
        <AddressFields field={form.field} country={form.values.country} />
      </div>
      <FormMessage id={form.formErrorId} message={form.formError} className="mt-4" />
      <Button type="submit" className="mt-4" disabled={save.isPending}>
        <Trans>Save address</Trans>
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const { t } = useLingui();
  const deletedName = sayShared(accountMessages.deletedAccountName);
  const form = useFormFields({ password: "" });
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = form.validate(DeleteAccountSchema);
    if (!checked.ok) return;
    try {
      await remove.mutateAsync(form.values);
      toast.success(sayShared(accountMessages.accountDeleted));
      // NOTE: as a sign-out does: nothing of the deleted account stays in this browser (issue 25).
      forgetSignedInUser(client);
      navigate("/login", { replace: true });
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorText(error));
    }
  }
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

/** `/account`: the signed-in person's name, e-mail, password, devices, kept addresses, and leaving. */
export function AccountPage() {
  const { t } = useLingui();
  const account = useAccount();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">
        <Trans>Your account</Trans>
      </h1>
      {account.isPending ? (
        <Pending label={t`Loading your account...`} />
      ) : account.isError ? (
        <p role="alert">{errorText(account.error)}</p>
      ) : (
        <>
          <Section id="account-name" title={t`Your name`}>
            <NameForm account={account.data} />
          </Section>
          <Section id="account-email" title={t`Email address`}>
            <EmailForm account={account.data} />
          </Section>
          <Section id="account-phone" title={t`Mobile number`}>
            <AccountPhoneSection account={account.data} />
          </Section>
          <Section id="account-notifications" title={t`Order news`}>
            <AccountNotificationsSection />
          </Section>
          <Section id="account-password" title={t`Password`}>
            <PasswordForm />
          </Section>
          <Section id="account-sessions" title={t`Signed-in devices`}>
            <Sessions />
          </Section>
          <Section id="account-addresses" title={t`Saved addresses`}>
            <SavedAddresses />
          </Section>
          <Section id="account-delete" title={t`Delete account`}>
            <DeleteAccount />
          </Section>
        </>
      )}
    </div>
  );
}
