import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import type { StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { Pending } from "../../components/pending.tsx";
import { DetailsForm, PauseForm } from "./standing-order-forms.tsx";
import { Next } from "./standing-order-next.tsx";
import { useEnd, useStandingOrders } from "./standing-orders.api.ts";

/** The server's refusal said in words (409 cutoff_passed says the cut-off passed, in the shopper's language). */
const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function StandingOrderCard({ order, emailOptional }: { order: StandingOrder; emailOptional: boolean }) {
  const end = useEnd();
  const [problem, setProblem] = useState<string | null>(null);
  const onProblem = (error: unknown) => setProblem(error ? problemOf(error) : null);
  const [details, setDetails] = useState(false);
  const every = order.everyWeeks;
  const headingId = `standing-${order.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 pb-3">
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            {plural(every, { one: "Every week", other: "Every # weeks" })}
          </h2>
          <span className="text-sm font-semibold text-stone-700">
            {order.status === "ended" ? (
              <Trans>Ended</Trans>
            ) : order.status === "paused" ? (
              <Trans>Paused</Trans>
            ) : (
              <Trans>Active</Trans>
            )}
          </span>
        </header>
        <ul className="mt-3 text-stone-700">
          {order.items.map((line) => (
            <li key={line.productId}>
              {line.name} × {line.quantity}
            </li>
          ))}
        </ul>
        <Next order={order} onProblem={onProblem} />
        {problem ? (
          <p
            role="alert"
            className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
          >
            {problem}
          </p>
        ) : null}
        {order.status !== "ended" ? (
          <footer className="mt-3 space-y-3 border-t border-stone-200 pt-3">
            <PauseForm order={order} onProblem={onProblem} />
            {details ? (
              <DetailsForm
                order={order}
                emailOptional={emailOptional}
                onProblem={onProblem}
                onClose={() => setDetails(false)}
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              {details ? null : (
                <Button variant="secondary" onClick={() => setDetails(true)}>
                  <Trans>Change the address or reminder</Trans>
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={end.isPending}
                onClick={() => end.mutate({ id: order.id }, { onError: onProblem })}
              >
                <Trans>End this standing order</Trans>
              </Button>
            </div>
          </footer>
        ) : null}
      </article>
    </li>
  );
}

/**
 * `/standing-orders` (issue 35): each standing order with its next deliveries, to skip or end. `emailOptional`
 * for an account without an e-mail (issue 37).
 */
export function StandingOrdersPage({ emailOptional = false }: { emailOptional?: boolean }) {
  const { t } = useLingui();
  const list = useStandingOrders();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">
        <Trans>Standing orders</Trans>
      </h1>
      {list.isPending ? (
        <Pending label={t`Loading standing orders...`} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => list.refetch()} className="mt-6 p-6">
          <Trans>Could not load your standing orders. Please try again.</Trans>
        </LoadFailed>
      ) : list.data.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-xl font-semibold text-stone-900">
            <Trans>You have no standing orders yet.</Trans>
          </p>
          <Link to="/shop" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
            <Trans>Start Shopping</Trans>
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {list.data.map((order) => (
            <StandingOrderCard key={order.id} order={order} emailOptional={emailOptional} />
          ))}
        </ul>
      )}
    </section>
  );
}
