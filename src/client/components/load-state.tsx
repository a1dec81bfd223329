import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Pending } from "./pending.tsx";

interface Loadable {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A list that could not be loaded: why (`children`), and Try again. `className` places and pads the box. */
export function LoadFailed({
  children,
  onRetry,
  className = "p-5",
  buttonClassName = "mt-3",
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <div role="alert" className={`rounded-xl bg-red-50 ${className} text-red-800 ring-1 ring-red-200`}>
      <p>{children}</p>
      <Button className={buttonClassName} onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/**
 * A list's three other states: loading (a spinner), failed (the error and Try again), empty (a sentence).
 * Shows `children` once there is something to show.
 */
export function LoadState({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: Loadable;
  /**
   * "messages", "orders"…: "Loading messages...", "The messages could not be loaded." Pass it translated
   * (t`messages`); each language's sentence places it as its grammar needs.
   */
  what: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (query.isPending) return <Pending label={t`Loading ${what}...`} />;
  if (query.isError) {
    return (
      <LoadFailed onRetry={() => query.refetch()}>
        <Trans>The {what} could not be loaded. Please try again.</Trans>
      </LoadFailed>
    );
  }
  if (isEmpty) {
    return <p className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">{empty}</p>;
  }
  return <>{children}</>;
}
