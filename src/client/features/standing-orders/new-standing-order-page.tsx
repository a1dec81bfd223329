import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import { OrderResponseSchema, STANDING_PAYMENT_METHODS } from "../../../shared/schemas/orders.ts";
import { SHOP_SLOT_KEY } from "../../../shared/schemas/slots.ts";
import { standingOrderMessages } from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { ArrowLeftIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { apiFetch } from "../../lib/api-client.ts";
import { useCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { shopToday } from "../../lib/produce.ts";
import { useSlotChoices } from "../../lib/slot-choices.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { type Schedule, ScheduleFields } from "./schedule-fields.tsx";
import { blankShipping, ShippingFields, type ShippingValues } from "./shipping-fields.tsx";
import { fromOrder, type Pattern, patternsOf, type Source } from "./standing-order-source.ts";
import { useStandingOrderSubmit } from "./use-standing-order-submit.ts";
import { WeeklySlotsFieldset } from "./weekly-slots-fieldset.tsx";

export interface NewStandingOrderDefaults {
  fullName?: string;
  email?: string;
  /** The account has no e-mail (made with a mobile number): the address may leave it out (issue 37). */
  emailOptional?: boolean;
}

/**
 * `/standing-orders/new`: "Repeat this order" from the cart, or "Order this again every…" from a past order
 * (`?order=<id>`): one standing order per farmer, made in one step.
 */
export function NewStandingOrderPage({ defaults = {} }: { defaults?: NewStandingOrderDefaults }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const orderId = params.get("order");
  const cart = useCart();
  const order = useQuery({
    queryKey: ["orders", "one", orderId],
    queryFn: () =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId ?? "")}`, OrderResponseSchema).then((p) => p.order),
    enabled: orderId !== null,
  });
  let source: Source | null;
  if (orderId === null) {
    source = {
      lines: cart.map((item) => ({
        productId: item.id,
        name: item.name,
        quantity: item.quantity,
        farmerId: item.startTime || !item.userId ? SHOP_SLOT_KEY : item.userId,
      })),
      fromCart: true,
    };
  } else source = order.data ? fromOrder(order.data) : null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to={orderId ? `/orders/${encodeURIComponent(orderId)}` : "/cart"}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="h-4 w-4" />{" "}
        {orderId ? <Trans>Back to the order</Trans> : <Trans>Back to Cart</Trans>}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">
        {orderId ? <Trans>Order this again every…</Trans> : <Trans>Repeat this order</Trans>}
      </h1>
      {source === null ? (
        order.isError ? (
          <p role="alert" className="mt-6 text-red-800">
            {order.error.message}
          </p>
        ) : (
          <Pending label={t`Loading...`} />
        )
      ) : source.lines.length === 0 ? (
        <p className="mt-6 text-stone-700">{sayShared(orderMessages.cartEmpty)}</p>
      ) : (
        <StandingOrderForm key={orderId ?? "cart"} source={source} defaults={defaults} />
      )}
    </section>
  );
}

/** The farmers of the lines (the deal of the day has none) with the weekly slots each offers at the PIN typed. */
function useStandingFarmers(source: Source, zipCode: string) {
  const { t } = useLingui();
  const farmerIds = [...new Set(source.lines.map((line) => line.farmerId))].filter(
    (id) => id !== SHOP_SLOT_KEY,
  );
  const pin = /^\d{6}$/.test(zipCode.trim()) ? zipCode.trim() : undefined;
  const slots = useSlotChoices(farmerIds, pin);
  const farmers = (slots.data ?? [])
    .filter((farmer) => farmerIds.includes(farmer.farmerId))
    .map((farmer) => ({
      id: farmer.farmerId,
      name: farmer.farmerName || t`The farmer`,
      patterns: patternsOf(farmer.slots),
    }));
  return { farmers, loading: slots.isPending && farmerIds.length > 0 };
}

/** The weekly slots chosen per farmer: as ticked, else the one the order was delivered in. */
function useChosenSlots(source: Source) {
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const chosenFor = (farmer: { id: string; patterns: Pattern[] }) => {
    const own = picked[farmer.id];
    if (own) return own;
    const hint = source.slotHints?.[farmer.id];
    const match = hint
      ? farmer.patterns.find((p) => p.weekday === hint.weekday && p.start === hint.start)
      : undefined;
    return match ? [match.id] : [];
  };
  const choose = (farmerId: string, ids: string[]) => setPicked({ ...picked, [farmerId]: ids });
  return { chosenFor, choose };
}

/** Every week from today, reminded a day before, paid as the order was (when a standing order may be). */
const firstSchedule = (source: Source): Schedule => ({
  everyWeeks: 1,
  startDate: shopToday(),
  reminder: "24",
  payment: (STANDING_PAYMENT_METHODS as readonly string[]).includes(source.paymentMethod ?? "")
    ? (source.paymentMethod ?? "cash")
    : "cash",
});

function StandingOrderForm({
  source: given,
  defaults,
}: {
  source: Source;
  defaults: NewStandingOrderDefaults;
}) {
  const { t } = useLingui();
  // NOTE: the lines as the form opened: those made into a standing order leave the cart, not this form.
  const [source] = useState(given);
  const hasDeal = source.lines.some((line) => line.farmerId === SHOP_SLOT_KEY);
  const form = useFormFields<ShippingValues>(() =>
    blankShipping({ fullName: defaults.fullName ?? "", email: defaults.email ?? "", ...source.shipping }),
  );
  const { farmers, loading } = useStandingFarmers(source, form.values.zipCode);
  const { chosenFor, choose } = useChosenSlots(source);
  const [schedule, setSchedule] = useState<Schedule>(() => firstSchedule(source));
  const emailOptional = defaults.emailOptional ?? false;
  const submit = useStandingOrderSubmit({ form, source, farmers, chosenFor, schedule, emailOptional });

  return (
    <form ref={form.formRef} onSubmit={submit.onSubmit} noValidate className="mt-6 space-y-6">
      {hasDeal ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300">
          {sayShared(standingOrderMessages.noDeal)}
        </p>
      ) : null}
      {loading ? <Pending label={t`Loading...`} /> : null}
      {farmers.map((farmer) => (
        <WeeklySlotsFieldset
          key={farmer.id}
          farmer={farmer}
          lines={source.lines.filter((line) => line.farmerId === farmer.id)}
          chosen={chosenFor(farmer)}
          onChoose={(ids) => choose(farmer.id, ids)}
          refusal={submit.refusals[farmer.id]}
          made={submit.made[farmer.id]}
        />
      ))}

      <ScheduleFields schedule={schedule} onChange={(next) => setSchedule({ ...schedule, ...next })} />

      <fieldset className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <legend className="sr-only">{t`Address`}</legend>
        <p aria-hidden="true" className="mb-3 text-lg font-semibold text-stone-900">
          <Trans>Address</Trans>
        </p>
        <ShippingFields form={form} idPrefix="standing" emailOptional={emailOptional} />
      </fieldset>

      <FormMessage id={form.formErrorId} message={form.formError} />
      {submit.offline ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          {sayShared(orderMessages.needsConnection)}
        </p>
      ) : null}
      <Button
        type="submit"
        className="w-full py-3 text-lg"
        disabled={submit.sending || farmers.length === 0}
        aria-busy={submit.sending}
      >
        {farmers.length > 1 ? (
          <Trans>Make {farmers.length} standing orders</Trans>
        ) : (
          <Trans>Make the standing order</Trans>
        )}
      </Button>
    </form>
  );
}
