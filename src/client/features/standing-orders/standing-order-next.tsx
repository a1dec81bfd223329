import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import { MAX_LINE_QUANTITY } from "../../../shared/schemas/cart.ts";
import type { Occurrence, StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { windowText } from "../../lib/slot-words.ts";
import { dayLabel } from "./day-label.ts";
import { useAcceptPrice, useChangeOne, usePatch, useSkip } from "./standing-orders.api.ts";

/** Told the server's refusal, or null once a request went through (the card's problem line clears). */
export type OnProblem = (error: unknown) => void;

/** A request's outcome told to `onProblem`: its refusal, or null when it went through. */
export const toldTo = (onProblem: OnProblem) => ({ onError: onProblem, onSuccess: () => onProblem(null) });

type Requests = { skip: ReturnType<typeof useSkip>; accept: ReturnType<typeof useAcceptPrice> };

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

/** The standing order's deliveries of the next 14 days, each to accept a new price, change or skip. */
export function Next({ order, onProblem }: { order: StandingOrder; onProblem: OnProblem }) {
  // NOTE: one skip and one accept for the whole list: while one is sent, every row's button waits.
  const requests = { skip: useSkip(), accept: useAcceptPrice() };
  const [changing, setChanging] = useState<string | null>(null);
  if (order.next.length === 0) {
    return (
      <p className="mt-3 text-stone-600">
        <Trans>No delivery in the next 14 days.</Trans>
      </p>
    );
  }
  return (
    <ul className="mt-3 divide-y divide-stone-200">
      {order.next.map((occurrence) => (
        <NextDelivery
          key={occurrence.slot.id}
          order={order}
          occurrence={occurrence}
          changing={changing === occurrence.slot.id}
          onChanging={(open) => setChanging(open ? occurrence.slot.id : null)}
          onProblem={onProblem}
          requests={requests}
        />
      ))}
    </ul>
  );
}

/** One coming delivery: its day, window, about what it costs and its state, with what may be done to it. */
function NextDelivery({
  order,
  occurrence,
  changing,
  onChanging,
  onProblem,
  requests,
}: {
  order: StandingOrder;
  occurrence: Occurrence;
  changing: boolean;
  onChanging: (open: boolean) => void;
  onProblem: OnProblem;
  requests: Requests;
}) {
  const day = dayLabel(occurrence.date);
  const window = windowText(occurrence.slot.start, occurrence.slot.end);
  const total = occurrence.total === null ? null : formatRupees(occurrence.total);
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-semibold">{day}</span> {window}
          {total ? (
            <span className="ml-2 tabular-nums text-stone-700">
              <Trans>about {total}</Trans>
            </span>
          ) : null}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-stone-700">
            <OccurrenceStatus occurrence={occurrence} />
          </span>
          <DeliveryButtons
            order={order}
            occurrence={occurrence}
            day={day}
            changing={changing}
            onChanging={onChanging}
            onProblem={onProblem}
            requests={requests}
          />
        </span>
      </div>
      {changing && occurrence.orderId ? (
        <QuantitiesForm
          order={order}
          orderId={occurrence.orderId}
          day={day}
          onDone={(error) => {
            onProblem(error);
            if (!error) onChanging(false);
          }}
        />
      ) : null}
    </li>
  );
}

/** Accept the new price (a held delivery), Change, Skip: only while the delivery is still scheduled. */
function DeliveryButtons({
  order,
  occurrence,
  day,
  changing,
  onChanging,
  onProblem,
  requests: { skip, accept },
}: {
  order: StandingOrder;
  occurrence: Occurrence;
  day: string;
  changing: boolean;
  onChanging: (open: boolean) => void;
  onProblem: OnProblem;
  requests: Requests;
}) {
  const { t } = useLingui();
  if (occurrence.status !== "scheduled") return null;
  return (
    <>
      {occurrence.held && occurrence.orderId ? (
        <Button
          disabled={accept.isPending}
          aria-label={t`Accept the new price of ${day}`}
          onClick={() => accept.mutate({ orderId: occurrence.orderId ?? "" }, toldTo(onProblem))}
        >
          <Trans>Accept the new price</Trans>
        </Button>
      ) : null}
      {occurrence.orderId ? (
        <Button
          variant="secondary"
          aria-expanded={changing}
          aria-label={t`Change the delivery of ${day}`}
          onClick={() => onChanging(!changing)}
        >
          <Trans>Change</Trans>
        </Button>
      ) : null}
      <Button
        variant="secondary"
        disabled={skip.isPending}
        aria-label={t`Skip the delivery of ${day}`}
        onClick={() => skip.mutate({ id: order.id, date: occurrence.date }, toldTo(onProblem))}
      >
        <Trans>Skip</Trans>
      </Button>
    </>
  );
}

/** New quantities for one delivery ("just this one", PATCH /api/orders/:id) or from now on (its lines). */
function QuantitiesForm({
  order,
  orderId,
  day,
  onDone,
}: {
  order: StandingOrder;
  orderId: string;
  day: string;
  onDone: OnProblem;
}) {
  const { t } = useLingui();
  const one = useChangeOne();
  const patch = usePatch();
  const [quantities, setQuantities] = useState(() =>
    Object.fromEntries(order.items.map((line) => [line.productId, String(line.quantity)])),
  );
  const items = order.items
    .map((line) => ({ productId: line.productId, quantity: Number(quantities[line.productId]) }))
    .filter((line) => line.quantity > 0);
  const busy = one.isPending || patch.isPending;
  return (
    <form
      className="mt-2 rounded-lg bg-stone-50 p-3"
      aria-label={t`New quantities for ${day}`}
      onSubmit={(event) => {
        event.preventDefault();
        one.mutate({ id: order.id, orderId, items }, toldTo(onDone));
      }}
    >
      <div className="flex flex-wrap gap-3">
        {order.items.map((line) => (
          <label key={line.productId} className="flex items-center gap-2 text-sm">
            {line.name}
            <input
              type="number"
              min={0}
              max={MAX_LINE_QUANTITY}
              value={quantities[line.productId] ?? ""}
              onChange={(event) => setQuantities({ ...quantities, [line.productId]: event.target.value })}
              className="w-20 rounded-lg border-0 px-2 py-2 ring-1 ring-stone-300 focus:ring-2 focus:ring-brand-700"
            />
          </label>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || items.length === 0}>
          <Trans>Just this one</Trans>
        </Button>
        <Button
          variant="secondary"
          disabled={busy || items.length === 0}
          onClick={() => patch.mutate({ id: order.id, patch: { items } }, toldTo(onDone))}
        >
          <Trans>From now on</Trans>
        </Button>
      </div>
    </form>
  );
}
