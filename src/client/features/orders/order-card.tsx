import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatOrderDate } from "./format.ts";

/** "Placed on 7 Dec 2026, 10:30", the moment in a `<time>`. */
export function PlacedOn({ at }: { at: string }) {
  return (
    <Trans>
      Placed on <time dateTime={at}>{formatOrderDate(at)}</time>
    </Trans>
  );
}

/**
 * An order's card in a list (the buyer's orders, a farmer's incoming ones): a head with its number as the
 * card's heading (`level`, `id`), when it was placed, and its `badges` at the side; then its body.
 */
export function OrderCard({
  id,
  number,
  placedAt,
  level: Heading,
  align,
  badges,
  children,
}: {
  id: string;
  number: string;
  placedAt: string;
  level: "h2" | "h3";
  align: "items-center" | "items-start";
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      <article aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <header className={`flex flex-wrap ${align} justify-between gap-3 border-b border-stone-200 pb-3`}>
          <div>
            <Heading id={id} className="text-lg font-semibold text-stone-900">
              <Trans>Order {number}</Trans>
            </Heading>
            <p className="text-sm text-stone-600">
              <PlacedOn at={placedAt} />
            </p>
          </div>
          {badges}
        </header>
        {children}
      </article>
    </li>
  );
}
