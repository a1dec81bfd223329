import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import {
  type Order,
  OrderResponseSchema,
  ShippingSchema,
  STANDING_PAYMENT_METHODS,
} from "../../../shared/schemas/orders.ts";
import { SHOP_SLOT_KEY, type SlotChoice, SlotChoicesSchema } from "../../../shared/schemas/slots.ts";
import {
  EVERY_WEEKS,
  REMINDER_HOURS,
  type StandingOrder,
  standingOrderMessages,
} from "../../../shared/schemas/standing-orders.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { ArrowLeftIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";
import { removeFromCart, useCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { shopToday } from "../../lib/produce.ts";
import { weekdayText, windowText } from "../../lib/slot-words.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { blankShipping, ShippingFields, type ShippingValues } from "./shipping-fields.tsx";
import { createStandingOrder, type StandingOrderCreateInput } from "./standing-orders.api.ts";

/** A line to repeat, with the farmer who sells it ("shop" for the deal of the day, which cannot repeat). */
interface Line {
  productId: string;
  name: string;
  quantity: number;
  farmerId: string;
}

/** What the form starts from: the cart, or a past order (its lines, address, payment and slots). */
interface Source {
  lines: Line[];
  shipping?: Partial<ShippingValues>;
  paymentMethod?: string;
  /** Per farmer, the weekday and start of the slot the order was delivered in (to choose that weekly slot). */
  slotHints?: Record<string, { weekday: number; start: string }>;
  fromCart: boolean;
}

/** A weekly slot of a farmer, as GET /api/slots' dated slots name it (issue 35). */
interface Pattern {
  id: string;
  weekday: number;
  start: string;
  end: string;
  kind: SlotChoice["kind"];
  where?: string;
}

function patternsOf(slots: readonly SlotChoice[]): Pattern[] {
  const seen = new Map<string, Pattern>();
  for (const slot of slots) {
    if (!slot.patternId || slot.weekday === undefined || seen.has(slot.patternId)) continue;
    seen.set(slot.patternId, {
      id: slot.patternId,
      weekday: slot.weekday,
      start: slot.start,
      end: slot.end,
      kind: slot.kind,
      ...(slot.pickupPoint ? { where: slot.pickupPoint.name } : {}),
    });
  }
  return [...seen.values()].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

function fromOrder(order: Order): Source {
  const lines = order.fulfilments.flatMap((part) =>
    part.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      farmerId: part.farmerId ?? SHOP_SLOT_KEY,
    })),
  );
  const slotHints = Object.fromEntries(
    order.fulfilments.flatMap((part) =>
      part.farmerId && part.slot
        ? [[part.farmerId, { weekday: weekdayOf(part.slot.date), start: part.slot.start }]]
        : [],
    ),
  );
  const { shipping } = order;
  return {
    lines,
    shipping: {
      fullName: shipping.fullName,
      email: shipping.email,
      phone: shipping.phone,
      address: shipping.address,
      city: shipping.city,
      state: shipping.state,
      zipCode: shipping.zipCode,
      country: shipping.country ?? "IN",
    },
    paymentMethod: order.paymentMethod,
    slotHints,
    fromCart: false,
  };
}

export interface NewStandingOrderDefaults {
  fullName?: string;
  email?: string;
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

type Reminder = "48" | "24" | "12" | "none";

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const farmerIds = [...new Set(source.lines.map((line) => line.farmerId))].filter(
    (id) => id !== SHOP_SLOT_KEY,
  );
  const hasDeal = source.lines.some((line) => line.farmerId === SHOP_SLOT_KEY);
  const form = useFormFields<ShippingValues>(() =>
    blankShipping({ fullName: defaults.fullName ?? "", email: defaults.email ?? "", ...source.shipping }),
  );
  const pin = /^\d{6}$/.test(form.values.zipCode.trim()) ? form.values.zipCode.trim() : undefined;
  const slots = useQuery({
    queryKey: ["slots", "choices", farmerIds, pin ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ farmerIds: farmerIds.join(",") });
      if (pin) query.set("pin", pin);
      return apiFetch(`/api/slots?${query}`, SlotChoicesSchema).then((reply) => reply.farmers);
    },
    enabled: farmerIds.length > 0,
  });
  const farmers = (slots.data ?? [])
    .filter((farmer) => farmerIds.includes(farmer.farmerId))
    .map((farmer) => ({
      id: farmer.farmerId,
      name: farmer.farmerName || t`The farmer`,
      patterns: patternsOf(farmer.slots),
    }));
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  /** The weekly slots chosen for a farmer: as ticked, else the one the order was delivered in. */
  const chosenFor = (farmer: { id: string; patterns: Pattern[] }) => {
    const own = picked[farmer.id];
    if (own) return own;
    const hint = source.slotHints?.[farmer.id];
    const match = hint
      ? farmer.patterns.find((p) => p.weekday === hint.weekday && p.start === hint.start)
      : undefined;
    return match ? [match.id] : [];
  };
  const [everyWeeks, setEveryWeeks] = useState<number>(1);
  const [startDate, setStartDate] = useState(shopToday);
  const [payment, setPayment] = useState<string>(
    (STANDING_PAYMENT_METHODS as readonly string[]).includes(source.paymentMethod ?? "")
      ? (source.paymentMethod ?? "cash")
      : "cash",
  );
  const [reminder, setReminder] = useState<Reminder>("24");
  const [made, setMade] = useState<Record<string, StandingOrder>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [offline, setOffline] = useState(false);
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  // NOTE: one key per farmer, kept while the same request is retried (a double click, a dropped connection),
  // so the server makes each standing order once; a changed request, or one refused for good, gets a new key.
  const keys = useRef<Record<string, { key: string; body: string }>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    setOffline(false);
    const shipping = form.validate(ShippingSchema);
    const missing = farmers.filter((farmer) => !made[farmer.id] && chosenFor(farmer).length === 0);
    const noSlots = Object.fromEntries(
      missing.map((farmer) => [farmer.id, sayShared(standingOrderMessages.patternsRequired)]),
    );
    setRefusals(noSlots);
    if (!shipping.ok || missing.length > 0) {
      if (shipping.ok) form.setFormError(sayShared(standingOrderMessages.patternsRequired));
      return;
    }
    form.setFormError(null);
    busy.current = true;
    setSending(true);
    const done = { ...made };
    const refused: Record<string, string> = {};
    try {
      for (const farmer of farmers) {
        if (done[farmer.id]) continue;
        const lines = source.lines.filter((line) => line.farmerId === farmer.id);
        const input: StandingOrderCreateInput = {
          items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          slotPatternIds: chosenFor(farmer),
          everyWeeks: everyWeeks as 1 | 2 | 4,
          startDate,
          shipping: form.values,
          paymentMethod: payment as "cash" | "upi",
          reminderHours: reminder === "none" ? null : (Number(reminder) as 48 | 24 | 12),
        };
        const body = JSON.stringify(input);
        const kept = keys.current[farmer.id];
        if (!kept || kept.body !== body) keys.current[farmer.id] = { key: crypto.randomUUID(), body };
        const key = keys.current[farmer.id]?.key ?? "";
        try {
          done[farmer.id] = await createStandingOrder(input, key);
          setMade({ ...done });
          if (source.fromCart) for (const line of lines) removeFromCart(line.productId);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 0) {
            setOffline(true);
            return;
          }
          if (error instanceof ApiRequestError && error.status === 401) return;
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            delete keys.current[farmer.id];
          }
          refused[farmer.id] = refusalText(error, lines);
          const shippingFields = error instanceof ApiRequestError ? shippingErrors(error.fields) : {};
          if (Object.keys(shippingFields).length > 0) form.showErrors(shippingFields);
        }
      }
    } finally {
      busy.current = false;
      setSending(false);
      setRefusals(refused);
    }
    void queryClient.invalidateQueries({ queryKey: ["standing-orders"] });
    void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    if (Object.keys(refused).length === 0 && farmers.every((farmer) => done[farmer.id])) {
      toast.success(t`Standing order made.`);
      navigate("/standing-orders");
    }
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-6 space-y-6">
      {hasDeal ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300">
          {sayShared(standingOrderMessages.noDeal)}
        </p>
      ) : null}
      {slots.isPending && farmerIds.length > 0 ? <Pending label={t`Loading...`} /> : null}
      {farmers.map((farmer) => {
        const lines = source.lines.filter((line) => line.farmerId === farmer.id);
        const groupId = `weekly-${farmer.id}`;
        const chosen = chosenFor(farmer);
        const refusal = refusals[farmer.id];
        const done = made[farmer.id];
        return (
          <fieldset
            key={farmer.id}
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
            aria-describedby={refusal ? `${groupId}-error` : undefined}
          >
            <legend className="text-lg font-semibold text-stone-900">{farmer.name}</legend>
            <ul className="mt-1 text-stone-700">
              {lines.map((line) => (
                <li key={line.productId}>
                  {line.name} × {line.quantity}
                </li>
              ))}
            </ul>
            {done ? (
              <p role="status" className="mt-3 font-semibold text-brand-800">
                <Trans>Standing order made.</Trans>
              </p>
            ) : farmer.patterns.length === 0 ? (
              <p className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
                <Trans>{farmer.name} has no weekly slot.</Trans>
              </p>
            ) : (
              <div className="mt-3">
                <p className="text-sm font-medium text-stone-800">
                  <Trans>Deliver every</Trans>
                </p>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {farmer.patterns.map((pattern) => (
                    <label
                      key={pattern.id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
                    >
                      <input
                        type="checkbox"
                        checked={chosen.includes(pattern.id)}
                        onChange={(event) =>
                          setPicked({
                            ...picked,
                            [farmer.id]: event.target.checked
                              ? [...chosen, pattern.id]
                              : chosen.filter((id) => id !== pattern.id),
                          })
                        }
                        className="h-4 w-4 accent-brand-700"
                      />
                      <span className="text-sm text-stone-900">
                        <span className="font-medium">{weekdayText(pattern.weekday)}</span>{" "}
                        {windowText(pattern.start, pattern.end)}
                        {" · "}
                        {pattern.kind === "pickup" ? (
                          <Trans>Pickup at {pattern.where}</Trans>
                        ) : (
                          <Trans>Delivery</Trans>
                        )}
                      </span>
                    </label>
                  ))}
                </div>
              </div>
            )}
            {refusal ? (
              <p id={`${groupId}-error`} role="alert" className="mt-2 text-sm text-red-700">
                {refusal}
              </p>
            ) : null}
          </fieldset>
        );
      })}

      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <fieldset>
          <legend className="text-lg font-semibold text-stone-900">
            <Trans>How often</Trans>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {EVERY_WEEKS.map((n) => (
              <label
                key={n}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
              >
                <input
                  type="radio"
                  name="everyWeeks"
                  checked={everyWeeks === n}
                  onChange={() => setEveryWeeks(n)}
                  className="h-4 w-4 accent-brand-700"
                />
                {n === 1 ? <Trans>Every week</Trans> : <Trans>Every {n} weeks</Trans>}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`First date`}
            type="date"
            name="startDate"
            min={shopToday()}
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            error={undefined}
            invalidBy={undefined}
          />
          <SelectField
            label={t`Reminder`}
            name="reminder"
            value={reminder}
            onChange={(event) => setReminder(event.target.value as Reminder)}
            options={[
              ...REMINDER_HOURS.map((hours) => ({ value: String(hours), label: t`${hours} hours before` })),
              { value: "none", label: t`No reminder` },
            ]}
            error={undefined}
            invalidBy={undefined}
          />
        </div>
        <fieldset className="mt-4">
          <legend className="font-semibold text-stone-900">
            <Trans>Pay at the door</Trans>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {STANDING_PAYMENT_METHODS.map((method) => (
              <label
                key={method}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  checked={payment === method}
                  onChange={() => setPayment(method)}
                  className="h-4 w-4 accent-brand-700"
                />
                {method === "cash" ? <Trans>Cash</Trans> : "UPI"}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <fieldset className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <legend className="sr-only">{t`Address`}</legend>
        <p aria-hidden="true" className="mb-3 text-lg font-semibold text-stone-900">
          <Trans>Address</Trans>
        </p>
        <ShippingFields form={form} idPrefix="standing" />
      </fieldset>

      <FormMessage id={form.formErrorId} message={form.formError} />
      {offline ? (
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
        disabled={sending || farmers.length === 0}
        aria-busy={sending}
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

/** A refusal in words, naming the product a line's message is about ("Tomatoes: …one-off only…"). */
function refusalText(error: unknown, lines: readonly Line[]): string {
  if (!(error instanceof ApiRequestError)) return String(error);
  for (const [path, message] of Object.entries(error.fields)) {
    const [head, index] = path.split(".");
    const line = head === "items" && index !== undefined ? lines[Number(index)] : undefined;
    if (line) return `${line.name}: ${message}`;
  }
  return error.message;
}

/** The server's messages about the address ("shipping.city" → city). */
function shippingErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([path, message]) =>
      path.startsWith("shipping.") ? [[path.slice("shipping.".length), message]] : [],
    ),
  );
}
