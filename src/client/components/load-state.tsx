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
  /** "messages", "orders"…: "Loading messages...", "The messages could not be loaded." */
  what: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <Pending label={`Loading ${what}...`} />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
        <p>The {what} could not be loaded. Please try again.</p>
        <Button className="mt-3" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return <p className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">{empty}</p>;
  }
  return <>{children}</>;
}
