import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { TextField } from "../../components/text-field.tsx";

/** The e-mail address an account signs in with (sign-in, sign-up, forgotten password). */
export function EmailField({ field }: { field: Omit<ComponentProps<typeof TextField>, "label"> }) {
  const { t } = useLingui();
  return <TextField label={t`Email address`} type="email" autoComplete="email" required {...field} />;
}

/**
 * A password, required: the account's own, or a new one (`isNew`), as password managers tell them apart by
 * `autocomplete`.
 */
export function PasswordField({
  isNew = false,
  ...field
}: Omit<ComponentProps<typeof TextField>, "type" | "autoComplete" | "required"> & { isNew?: boolean }) {
  return (
    <TextField
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      required
      {...field}
    />
  );
}

/** Under the sign-in and sign-up cards: "Don't have an account? Sign up", and the other way round. */
export function AuthSwitchLine({ to, children }: { to: "/login" | "/signup"; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm text-stone-600">
      {children}{" "}
      <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {to === "/login" ? <Trans>Sign in</Trans> : <Trans>Sign up</Trans>}
      </Link>
    </p>
  );
}
