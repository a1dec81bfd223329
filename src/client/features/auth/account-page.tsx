import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Pending } from "../../components/pending.tsx";
import { phoneSignInOffered } from "../../lib/phone-reach.ts";
import { useAccount } from "./account.api.ts";
import { SavedAddresses } from "./account-addresses.tsx";
import { Sessions } from "./account-devices.tsx";
import { errorText } from "./account-form.ts";
import { DeleteAccount, EmailForm, NameForm, PasswordForm } from "./account-forms.tsx";
import { AccountNotificationsSection } from "./account-notifications-section.tsx";
import { AccountPhoneSection } from "./account-phone-section.tsx";

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
          {/* NOTE: no number can be added where no code can be sent; one kept from before can still go. */}
          {phoneSignInOffered() || account.data.user.phone ? (
            <Section id="account-phone" title={t`Mobile number`}>
              <AccountPhoneSection account={account.data} />
            </Section>
          ) : null}
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
