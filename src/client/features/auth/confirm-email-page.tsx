import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { accountMessages } from "../../../shared/messages.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { confirmEmailChange, tokenFromHash } from "./account.api.ts";
import { AuthCard } from "./auth-card.tsx";

/** The page an e-mail change link opens: confirms the new address, signed in or not. */
export function ConfirmEmailPage() {
  const location = useLocation();
  const client = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmEmailChange(tokenFromHash(location.hash)).then(
      (done) => {
        setResult({ ok: true, text: `${done.message} It is now ${done.email}.` });
        void client.invalidateQueries();
      },
      (error) =>
        setResult({
          ok: false,
          text: error instanceof ApiRequestError ? error.message : accountMessages.linkInvalid,
        }),
    );
  }, [location.hash, client]);

  return (
    <AuthCard title="Confirm your e-mail address" subtitle="Veggie Cart">
      <p role="status" className="text-center text-stone-800">
        {result ? result.text : "Confirming…"}
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to="/account" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Go to your account
        </Link>
      </p>
    </AuthCard>
  );
}
