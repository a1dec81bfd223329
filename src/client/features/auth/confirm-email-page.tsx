import { t } from "@lingui/core/macro";
import { useLingui as useLanguage } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { storageKeys } from "../../../shared/constants.ts";
import { accountMessages } from "../../../shared/messages.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { confirmEmailChange, confirmOperatorClaim, signInWithLink, tokenFromHash } from "./account.api.ts";
import { AuthCard } from "./auth-card.tsx";

/** A page a mailed link opens: sends the link's token, signed in or not, and says what became of it. */
function ConfirmLinkPage({ title, confirm }: { title: string; confirm: (token: string) => Promise<string> }) {
  useLanguage(); // says the result again when the language changes
  const location = useLocation();
  const client = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm(tokenFromHash(location.hash)).then(
      (text) => {
        setResult({ ok: true, text });
        void client.invalidateQueries();
      },
      (error) =>
        setResult({
          ok: false,
          text: error instanceof ApiRequestError ? error.message : accountMessages.linkInvalid,
        }),
    );
  }, [location.hash, client, confirm]);

  return (
    <AuthCard title={title} subtitle="Veggie Cart">
      <p role="status" className="text-center text-stone-800">
        {result ? sayShared(result.text) : <Trans>Confirming…</Trans>}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to="/account" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          <Trans>Go to your account</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}

const confirmEmail = (token: string) =>
  confirmEmailChange(token).then((done) => {
    const changed = sayShared(done.message);
    const { email } = done;
    return t`${changed} It is now ${email}.`;
  });
const confirmOperator = (token: string) => confirmOperatorClaim(token).then((done) => done.message);

/** The page an e-mail change link opens: confirms the new address, signed in or not. */
export function ConfirmEmailPage() {
  const { t } = useLingui();
  return <ConfirmLinkPage title={t`Confirm your e-mail address`} confirm={confirmEmail} />;
}

/** The page an operator's claim link opens (decision 021). */
export function ConfirmOperatorPage() {
  const { t } = useLingui();
  return <ConfirmLinkPage title={t`Confirm your operator rights`} confirm={confirmOperator} />;
}

const signIn = (token: string) =>
  signInWithLink(token).then(({ user }) => {
    // NOTE: as the sign-in screen does (product rules §3), so other tabs follow the sign-in.
    window.localStorage.setItem(storageKeys.token, user.id);
    window.localStorage.setItem(storageKeys.loggedInUser, user.email);
    return accountMessages.signedInByLink;
  });

/** The page a one-time sign-in link opens (mailed when a right password met a throttled account). */
export function SignInLinkPage() {
  const { t } = useLingui();
  return <ConfirmLinkPage title={t`Sign in to Veggie Cart`} confirm={signIn} />;
}
