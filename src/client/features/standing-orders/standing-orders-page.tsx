import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { windowLabel } from "../../../shared/schemas/slot-basics.ts";
import type { Occurrence, StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { Pending } from "../../components/pending.tsx";
import { intlLocale } from "../../lib/i18n.ts";
import { useEnd, useSkip, useStandingOrders } from "./standing-orders.api.ts";

/** "Sat 21 Mar" in the language shown (a date of the shop's calendar). */
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

function OccurrenceStatus({ occurrence }: { occurrence: Occurrence }) {
  if (occurrence.held) return <Trans>Price rose: accept or skip</Trans>;
  switch (occurrence.status) {
    case "scheduled":
      return <Trans>Scheduled</Trans>;
    case "skipped":
      return <Trans>Skipped</Trans>;
    case "missed":
      return <Trans>Not made</Trans>;
    default:
      return <Trans>Ordered</Trans>;
  }
}

function Next({ order }: { order: StandingOrder }) {
  const { t } = useLingui();
  const skip = useSkip();
  if (order.next.length === 0) {
    return (
      <p className="mt-3 text-stone-600">
        <Trans>No delivery in the next 14 days.</Trans>
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-stone-200">
      {order.next.map((occurrence) => {
        const day = dayLabel(occurrence.date);
        const window = windowLabel(occurrence.slot.start, occurrence.slot.end);
        const total = occurrence.total === null ? null : formatRupees(occurrence.total);
        return (
          <li key={occurrence.slot.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold">{day}</span> {window}
              {total ? (
                <span className="ml-2 tabular-nums text-stone-700">
                  <Trans>about {total}</Trans>
                </span>
              ) : null}
            </span>
            <span className="flex items-center gap-3">
              <span className="text-sm text-stone-700">
                <OccurrenceStatus occurrence={occurrence} />
              </span>
              {occurrence.status === "scheduled" ? (
                <Button
                  variant="secondary"
                  disabled={skip.isPending}
                  aria-label={t`Skip the delivery of ${day}`}
                  onClick={() => skip.mutate({ id: order.id, date: occurrence.date })}
                >
                  <Trans>Skip</Trans>
                </Button>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function StandingOrderCard({ order }: { order: StandingOrder }) {
  const end = useEnd();
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
        <Next order={order} />
        {order.status !== "ended" ? (
          <footer className="mt-3 border-t border-stone-200 pt-3">
            <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate({ id: order.id })}>
              <Trans>End this standing order</Trans>
            </Button>
          </footer>
        ) : null}
      </article>
    </li>
  );
}

/** `/standing-orders` (issue 35): each standing order with its next deliveries, to skip or end. */
export function StandingOrdersPage() {
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
        <div role="alert" className="mt-6 rounded-xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
          <p>
            <Trans>Could not load your standing orders. Please try again.</Trans>
          </p>
          <Button className="mt-3" onClick={() => list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
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
            <StandingOrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
