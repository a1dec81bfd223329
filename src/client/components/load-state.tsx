import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Pending } from "./pending.tsx";

interface Loadable {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
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
      <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
        <p>
          <Trans>The {what} could not be loaded. Please try again.</Trans>
        </p>
        <Button className="mt-3" onClick={() => query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return <p className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">{empty}</p>;
  }
  return <>{children}</>;
}
