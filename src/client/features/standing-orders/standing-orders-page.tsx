import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { MAX_LINE_QUANTITY } from "../../../shared/schemas/cart.ts";
import { ShippingSchema } from "../../../shared/schemas/orders.ts";
import {
  type Occurrence,
  REMINDER_HOURS,
  type StandingOrder,
} from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { Pending } from "../../components/pending.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { windowText } from "../../lib/slot-words.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { dayLabel } from "./day-label.ts";
import { blankShipping, ShippingFields, type ShippingValues } from "./shipping-fields.tsx";
import {
  useAcceptPrice,
  useChangeOne,
  useEnd,
  usePatch,
  useSkip,
  useStandingOrders,
} from "./standing-orders.api.ts";

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

/** The server's refusal said in words (409 cutoff_passed says the cut-off passed, in the shopper's language). */
const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function Next({ order, onProblem }: { order: StandingOrder; onProblem: (error: unknown) => void }) {
  const { t } = useLingui();
  const skip = useSkip();
  const accept = useAcceptPrice();
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
      {order.next.map((occurrence) => {
        const day = dayLabel(occurrence.date);
        const window = windowText(occurrence.slot.start, occurrence.slot.end);
        const total = occurrence.total === null ? null : formatRupees(occurrence.total);
        const open = occurrence.status === "scheduled";
        return (
          <li key={occurrence.slot.id} className="py-2">
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
                {open && occurrence.held && occurrence.orderId ? (
                  <Button
                    disabled={accept.isPending}
                    aria-label={t`Accept the new price of ${day}`}
                    onClick={() =>
                      accept.mutate(
                        { orderId: occurrence.orderId ?? "" },
                        { onError: onProblem, onSuccess: () => onProblem(null) },
                      )
                    }
                  >
                    <Trans>Accept the new price</Trans>
                  </Button>
                ) : null}
                {open && occurrence.orderId ? (
                  <Button
                    variant="secondary"
                    aria-expanded={changing === occurrence.slot.id}
                    aria-label={t`Change the delivery of ${day}`}
                    onClick={() => setChanging(changing === occurrence.slot.id ? null : occurrence.slot.id)}
                  >
                    <Trans>Change</Trans>
                  </Button>
                ) : null}
                {open ? (
                  <Button
                    variant="secondary"
                    disabled={skip.isPending}
                    aria-label={t`Skip the delivery of ${day}`}
                    onClick={() =>
                      skip.mutate(
                        { id: order.id, date: occurrence.date },
                        { onError: onProblem, onSuccess: () => onProblem(null) },
                      )
                    }
                  >
                    <Trans>Skip</Trans>
                  </Button>
                ) : null}
              </span>
            </div>
            {changing === occurrence.slot.id && occurrence.orderId ? (
              <QuantitiesForm
                order={order}
                orderId={occurrence.orderId}
                day={day}
                onDone={(error) => {
                  onProblem(error);
                  if (!error) setChanging(null);
                }}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
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
  onDone: (error: unknown) => void;
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
  const done = { onError: onDone, onSuccess: () => onDone(null) };
  const busy = one.isPending || patch.isPending;
  return (
    <form
      className="mt-2 rounded-lg bg-stone-50 p-3"
      aria-label={t`New quantities for ${day}`}
      onSubmit={(event) => {
        event.preventDefault();
        one.mutate({ id: order.id, orderId, items }, done);
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
          onClick={() => patch.mutate({ id: order.id, patch: { items } }, done)}
        >
          <Trans>From now on</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Away for a while: every delivery from the first to the last day (both included) is skipped; or resume. */
function PauseForm({ order, onProblem }: { order: StandingOrder; onProblem: (error: unknown) => void }) {
  const { t } = useLingui();
  const patch = usePatch();
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const done = { onError: onProblem, onSuccess: () => onProblem(null) };
  if (order.pausedFrom && order.pausedUntil) {
    const first = dayLabel(order.pausedFrom);
    const last = dayLabel(order.pausedUntil);
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-stone-700">
          <Trans>
            Paused from {first} to {last}
          </Trans>
        </p>
        <Button
          variant="secondary"
          disabled={patch.isPending}
          onClick={() => patch.mutate({ id: order.id, patch: { pausedFrom: null, pausedUntil: null } }, done)}
        >
          <Trans>Resume</Trans>
        </Button>
      </div>
    );
  }
  return (
    <form
      aria-label={t`Pause`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        patch.mutate({ id: order.id, patch: { pausedFrom: from, pausedUntil: until } }, done);
      }}
    >
      <label className="text-sm text-stone-800">
        <Trans>Away from</Trans>
        <input
          type="date"
          required
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className="mt-1 block rounded-lg border-0 px-2 py-2 ring-1 ring-stone-300"
        />
      </label>
      <label className="text-sm text-stone-800">
        <Trans>until</Trans>
        <input
          type="date"
          required
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          className="mt-1 block rounded-lg border-0 px-2 py-2 ring-1 ring-stone-300"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={patch.isPending || !from || !until}>
        <Trans>Pause</Trans>
      </Button>
    </form>
  );
}

/** Where it is delivered and when the reminder comes, changed from now on. */
function DetailsForm({
  order,
  onProblem,
  onClose,
}: {
  order: StandingOrder;
  onProblem: (error: unknown) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const patch = usePatch();
  const { shipping } = order;
  const form = useFormFields<ShippingValues>(() =>
    blankShipping({ ...shipping, country: shipping.country ?? "IN" }),
  );
  const [reminder, setReminder] = useState(
    order.reminderHours === null ? "none" : String(order.reminderHours),
  );
  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label={t`Address and reminder`}
      className="mt-3 rounded-lg bg-stone-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = form.validate(ShippingSchema);
        if (!parsed.ok) return;
        const reminderHours = reminder === "none" ? null : (Number(reminder) as 48 | 24 | 12);
        patch.mutate(
          { id: order.id, patch: { shipping: form.values, reminderHours } },
          {
            onError: (error) => {
              if (!form.showServerErrors(error)) onProblem(error);
            },
            onSuccess: () => {
              onProblem(null);
              onClose();
            },
          },
        );
      }}
    >
      <ShippingFields form={form} idPrefix={`details-${order.id}`} />
      <SelectField
        className="mt-4"
        label={t`Reminder`}
        name="reminder"
        value={reminder}
        onChange={(event) => setReminder(event.target.value)}
        options={[
          ...REMINDER_HOURS.map((hours) => ({ value: String(hours), label: t`${hours} hours before` })),
          { value: "none", label: t`No reminder` },
        ]}
        error={undefined}
        invalidBy={undefined}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" disabled={patch.isPending}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

function StandingOrderCard({ order }: { order: StandingOrder }) {
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
              <DetailsForm order={order} onProblem={onProblem} onClose={() => setDetails(false)} />
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
