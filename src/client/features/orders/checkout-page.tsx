import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import type { SavedAddress } from "../../../shared/schemas/addresses.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import {
  CHECKOUT_PAYMENT_METHODS,
  type CheckoutFormInput,
  CheckoutFormSchema,
  DEFAULT_COUNTRY,
  DEFAULT_PAYMENT_METHOD,
  type PlaceOrderInput,
  paymentPlaceOf,
} from "../../../shared/schemas/orders.ts";
import type { SlotKind } from "../../../shared/schemas/slots.ts";
import { AddressFields } from "../../components/address-fields.tsx";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { ArrowLeftIcon, CartIcon } from "../../components/icons.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { clearCart, rememberStock, useCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { isOnline, useOnline } from "../../lib/online.ts";
import { addressLine, savedAddressesQuery, useSavedAddresses } from "../../lib/saved-addresses.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { clearDraft, readDraft, readDraftSlots, saveDraft, saveDraftSlots } from "./checkout-draft.ts";
import { paymentLabel, paymentNote, paymentWhenNote, slotText } from "./format.ts";
import { backLink, primaryLink } from "./link-styles.ts";
import { OrderSummary } from "./order-summary.tsx";
import { usePlaceOrder } from "./place-order.api.ts";
import { useQuote } from "./quote.api.ts";
import { cartFarmerKeys, farmersWithoutOpenSlot, SlotChoice } from "./slot-choice.tsx";
import { useSlotChoices } from "./slot-choices.api.ts";

type FieldName = keyof CheckoutFormInput;
type Values = Record<FieldName, string>;

const toOrderLines = (items: readonly CartItem[]): PlaceOrderInput["items"] =>
  items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    ...(item.startTime ? { dealStartTime: item.startTime } : {}),
  }));

/**
 * Splits a server error's fields into form fields ("shipping.city" → city), cart lines ("items.2.x" → 2) and
 * slot choices ("slots.<farmerId>").
 */
function splitServerFields(fields: Record<string, string>) {
  const form: Record<string, string> = {};
  const lines: Record<number, string> = {};
  const slots: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, second] = path.split(".");
    if (head === "items" && second !== undefined) lines[Number(second)] = message;
    else if (head === "slots" && second) slots[second] = message;
    else if (head === "shipping" && second) form[second] = message;
    else if (head) form[head] = message;
  }
  return { form, lines, slots };
}

/** The fields a kept address fills (decision 027); the e-mail stays the account's or what was typed. */
const ADDRESS_FIELDS = ["fullName", "phone", "address", "city", "state", "zipCode", "country"] as const;

const SLOT_REFUSALS = new Set(["slot_full", "slot_closed", "slot_not_served", "slot_required"]);

export interface CheckoutDefaults {
  fullName?: string;
  email?: string;
}

export function CheckoutPage({ defaults = {} }: { defaults?: CheckoutDefaults }) {
  const { t } = useLingui();
  const items = useCart();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const online = useOnline();
  const [attempted, setAttempted] = useState(false);
  const form = useFormFields<Values>(
    () => {
      const blank: Values = {
        fullName: defaults.fullName ?? "",
        email: defaults.email ?? "",
        phone: "",
        address: "",
        city: "",
        state: "",
        zipCode: "",
        country: getShopCountries().includes(DEFAULT_COUNTRY)
          ? DEFAULT_COUNTRY
          : (getShopCountries()[0] ?? ""),
        paymentMethod: DEFAULT_PAYMENT_METHOD,
      };
      const draft = readDraft();
      for (const name of Object.keys(blank) as FieldName[]) {
        if (draft[name] !== undefined) blank[name] = draft[name];
      }
      return blank;
    },
    {
      // NOTE: every change is kept as the tab's draft; once an order was tried, the messages follow the typing.
      onChange: (next) => {
        saveDraft(next);
        if (attempted) form.validate(CheckoutFormSchema, next, { focus: false });
      },
    },
  );
  // NOTE: the address used last fills the form once, when the list arrives, unless the shopper has already
  // typed part of an address (or this tab's draft holds one): what they typed wins over what was kept.
  const queryClient = useQueryClient();
  const saved = useSavedAddresses();
  const savedAddresses = saved.data ?? [];
  const [pickedId, setPickedId] = useState("");
  const filledFromSaved = useRef(false);
  function fillFrom(address: SavedAddress) {
    const next = { ...form.values };
    for (const name of ADDRESS_FIELDS) next[name] = address[name];
    form.reset(next);
    saveDraft(next);
    setPickedId(address.id);
  }
  useEffect(() => {
    const [last] = saved.data ?? [];
    if (filledFromSaved.current || !last) return;
    filledFromSaved.current = true;
    // NOTE: the name and the country are filled before anything is typed (the account's, the shop's).
    const typed = ADDRESS_FIELDS.some(
      (name) => name !== "fullName" && name !== "country" && form.values[name].trim(),
    );
    if (!typed) fillFrom(last);
  });
  const [offlineTried, setOfflineTried] = useState(false);
  // NOTE: the product's toast (product rules §8), once, when checkout is opened with nothing in the cart.
  const emptyOnArrival = useRef(items.length === 0);
  useEffect(() => {
    if (emptyOnArrival.current)
      toast.error(sayShared(orderMessages.cartEmpty), { toastId: "checkout-cart-empty" });
  }, []);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const submitting = useRef(false);
  // NOTE: made when the page opens and kept while the same order is retried (a double click, a dropped
  // connection), so the server makes one order; a changed cart or form, or a refused request, gets a new key.
  const attempt = useRef<{ key: string; body: string | null }>({ key: crypto.randomUUID(), body: null });
  const orderLines = toOrderLines(items);
  const quote = useQuote(orderLines);
  // NOTE: with a gateway on, Pay now is preselected (decision 052); the shopper may choose on delivery.
  const payNowOffered = quote.data?.payNow === true;
  const [paymentChoice, setPaymentChoice] = useState<PaymentMode | undefined>(undefined);
  const payment = payNowOffered ? (paymentChoice ?? "now") : "on_delivery";
  const quoteError = quote.error instanceof ApiRequestError && quote.error.status >= 400 ? quote.error : null;
  const quoteLineErrors = splitServerFields(
    quoteError ? quoteError.fields : (quote.data?.problems ?? {}),
  ).lines;
  // NOTE: the quote answers for the cart as it was asked; while a newer one loads, the old one's problems
  // still show (keepPreviousData) but do not block, and the server refuses an oversold order anyway.
  const quoteIsCurrent = quote.data !== undefined && !quote.isPlaceholderData;
  const stockProblem = quoteIsCurrent && Object.keys(quote.data.problems).length > 0;

  // NOTE: delivery and pickup slots (decision 017): asked only of farmers who set some up.
  const pin = /^\d{6}$/.test(form.values.zipCode.trim()) ? form.values.zipCode.trim() : undefined;
  const slotChoices = useSlotChoices(cartFarmerKeys(items), pin);
  const choices = slotChoices.data ?? [];
  const usesSlots = choices.some((farmer) => farmer.usesSlots);
  // NOTE: the draft's choices come back after a reload; one whose slot has filled or closed since is dropped
  // below, as any choice that is no longer available.
  const [chosen, setChosen] = useState<Record<string, string>>(readDraftSlots);
  const [slotErrors, setSlotErrors] = useState<Record<string, string>>({});
  // NOTE: a choice that is no longer available (full, or not delivered to the PIN typed since) is dropped.
  const validChosen = Object.fromEntries(
    choices.flatMap((farmer) => {
      const slot = farmer.slots.find((candidate) => candidate.id === chosen[farmer.farmerId]);
      return farmer.usesSlots && slot?.available ? [[farmer.farmerId, slot.id]] : [];
    }),
  );
  const noSlotOpen = farmersWithoutOpenSlot(choices);
  // NOTE: when the buyer pays follows their choices: a farmer without slots delivers, one with slots not
  // chosen yet may go either way (issue 40: a pickup is not paid "on delivery").
  const paymentPlace = paymentPlaceOf(
    choices.flatMap((farmer): SlotKind[] => {
      if (!farmer.usesSlots) return ["delivery"];
      const slot = farmer.slots.find((candidate) => candidate.id === validChosen[farmer.farmerId]);
      return slot ? [slot.kind] : ["delivery", "pickup"];
    }),
  );

  // The cart remembers the stock the quote reported, so its + button stops there.
  useEffect(() => {
    if (quote.data && !quote.isPlaceholderData) {
      rememberStock(new Map(quote.data.items.map((line) => [line.productId, line.stock])));
    }
  }, [quote.data, quote.isPlaceholderData]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    setAttempted(true);
    form.setFormError(null);
    setOfflineTried(false);
    if (items.length === 0) {
      toast.error(sayShared(orderMessages.cartEmpty));
      return;
    }
    const parsed = form.validate(CheckoutFormSchema);
    if (!parsed.ok) return;
    setLineErrors({});
    if (!isOnline()) {
      setOfflineTried(true);
      return;
    }
    const missing = choices.filter((farmer) => farmer.usesSlots && !validChosen[farmer.farmerId]);
    if (missing.length > 0) {
      setSlotErrors(Object.fromEntries(missing.map((farmer) => [farmer.farmerId, slotText.requiredField()])));
      form.setFormError(missing.map((farmer) => slotText.required(farmer.farmerName)).join(". "));
      return;
    }
    setSlotErrors({});
    const { paymentMethod, ...shipping } = parsed.data;
    const input: PlaceOrderInput = {
      items: orderLines,
      shipping,
      paymentMethod,
      ...(Object.keys(validChosen).length > 0 ? { slots: validChosen } : {}),
      ...(payment === "now" ? { payment: "now" as const } : {}),
    };
    const body = JSON.stringify(input);
    if (attempt.current.body !== null && attempt.current.body !== body) {
      attempt.current = { key: crypto.randomUUID(), body: null };
    }
    attempt.current.body = body;

    submitting.current = true;
    try {
      const order = await placeOrder.mutateAsync({ input, idempotencyKey: attempt.current.key });
      if (order.payment.mode === "now") {
        // NOTE: to the gateway's page; the order's page says how it went when the browser comes back.
        clearCart();
        clearDraft();
        if (order.payment.url) window.location.assign(order.payment.url);
        else navigate(`/orders/${order.id}`, { replace: true });
        return;
      }
      navigate("/order-confirmation", {
        replace: true,
        state: { orderId: order.id, total: order.total, paymentMethod: order.paymentMethod },
      });
      clearCart();
      clearDraft();
      // NOTE: the order kept its address on the account; the next checkout reads the list again.
      void queryClient.invalidateQueries(savedAddressesQuery);
      toast.success(sayShared(orderMessages.orderPlaced));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 0) {
        // NOTE: the connection dropped: say so beside the button; the same key is kept for the retry.
        setOfflineTried(true);
        return;
      }
      // NOTE: a session that ended is the app's to say, once (to /login, back here after signing in).
      if (error instanceof ApiRequestError && error.status === 401) return;
      if (error instanceof ApiRequestError && SLOT_REFUSALS.has(error.code)) {
        // NOTE: the farmer's slot filled or closed meanwhile: said once, beside that farmer's other slots,
        // which are asked for again; a toast or the form's message would say it twice more (issue 40 item 11).
        attempt.current = { key: crypto.randomUUID(), body: null };
        const { slots } = splitServerFields(error.fields);
        setSlotErrors(slots);
        void slotChoices.refetch();
        return;
      }
      toast.error(sayShared(orderMessages.orderFailed));
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        // The server refused this request for good, so nothing was made with its key: the next try is a new one.
        attempt.current = { key: crypto.randomUUID(), body: null };
        const { form: fields, lines, slots } = splitServerFields(error.fields);
        form.showErrors(fields);
        setLineErrors(lines);
        setSlotErrors(slots);
        form.setFormError(error.message);
        // An out-of-stock refusal: ask again what is left, so the lines show it and the cart stops there.
        if (error.code === "out_of_stock") void quote.refetch();
      }
    } finally {
      submitting.current = false;
    }
  }

  if (items.length === 0 && !placeOrder.isSuccess) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold text-brand-900">
          <Trans>Checkout</Trans>
        </h1>
        <div className="mt-8 flex flex-col items-center rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-stone-200">
          <CartIcon className="h-14 w-14 text-brand-700" />
          <p className="mt-4 text-xl font-semibold text-stone-900">{sayShared(orderMessages.cartEmpty)}</p>
          <Link to="/shop" className={`mt-6 ${primaryLink}`}>
            <Trans>Continue Shopping</Trans>
          </Link>
        </div>
      </section>
    );
  }

  const busy = placeOrder.isPending;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/cart" className={backLink}>
        <ArrowLeftIcon className="h-4 w-4" /> <Trans>Back to Cart</Trans>
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">
        <Trans>Checkout</Trans>
      </h1>
      {/* NOTE: the summary comes first, so on a phone the total is read before Place Order; from lg it is
          the right-hand column. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="lg:col-start-2 lg:row-start-1">
          <OrderSummary
            items={items}
            quote={quoteError ? undefined : quote.data}
            lineErrors={{ ...quoteLineErrors, ...lineErrors }}
          />
        </div>
        <form
          ref={form.formRef}
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="shipping-heading"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="shipping-heading" className="text-lg font-semibold text-stone-900">
            <Trans>Shipping Information</Trans>
          </h2>
          {savedAddresses.length > 1 ? (
            <div className="mt-4">
              <label htmlFor="saved-address" className="block text-sm font-medium text-stone-800">
                <Trans>Deliver to</Trans>
              </label>
              <select
                id="saved-address"
                value={pickedId}
                onChange={(event) => {
                  const address = savedAddresses.find((candidate) => candidate.id === event.target.value);
                  if (address) fillFrom(address);
                }}
                className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-stone-900 ring-1 ring-stone-300 focus:ring-2 focus:ring-brand-700"
              >
                {pickedId ? null : (
                  <option value="">
                    <Trans>Choose one you used before</Trans>
                  </option>
                )}
                {savedAddresses.map((address) => (
                  <option key={address.id} value={address.id}>
                    {addressLine(address)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="mt-4">
            <AddressFields
              field={form.field}
              country={form.values.country}
              afterName={
                <TextField
                  label={t`Email`}
                  type="email"
                  autoComplete="email"
                  required
                  {...form.field("email")}
                  className="sm:col-span-3"
                />
              }
              // NOTE: not "within 24 hours": a farmer's slot may be days away (issue 40, item 19).
              phoneHint={t`The farmer calls you on it about your order.`}
            />
          </div>

          {payNowOffered ? (
            <fieldset className="mt-6">
              <legend className="text-lg font-semibold text-stone-900">
                <Trans>How to pay</Trans>
              </legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <PaymentChoice
                  value="now"
                  chosen={payment}
                  onChoose={setPaymentChoice}
                  title={<Trans>Pay now</Trans>}
                  note={<Trans>Card, UPI or net banking, on a secure payment page</Trans>}
                />
                <PaymentChoice
                  value="on_delivery"
                  chosen={payment}
                  onChoose={setPaymentChoice}
                  title={<Trans>Pay on delivery</Trans>}
                  note={<Trans>Cash or UPI at the door</Trans>}
                />
              </div>
            </fieldset>
          ) : null}

          <fieldset className="mt-6">
            <legend className="text-lg font-semibold text-stone-900">
              <Trans>Payment Method</Trans>
            </legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {CHECKOUT_PAYMENT_METHODS.map((method) => (
                <label
                  key={method}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-4 py-3 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    checked={form.values.paymentMethod === method}
                    onChange={() => form.set("paymentMethod", method)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="font-medium text-stone-800">{paymentLabel(method)}</span>
                </label>
              ))}
            </div>
            {form.errors.paymentMethod ? (
              <p className="mt-1 text-sm text-red-700">{form.errors.paymentMethod}</p>
            ) : null}
            <div className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-stone-800" aria-live="polite">
              {payment === "now" ? (
                <p className="font-semibold">
                  <Trans>
                    You pay now on the payment page. If a weighed item comes in lighter, the difference is
                    refunded to how you paid; if heavier, the rest is paid at the door.
                  </Trans>
                </p>
              ) : (
                <>
                  <p className="font-semibold">{paymentWhenNote(paymentPlace)}</p>
                  <p className="mt-1">{paymentNote(form.values.paymentMethod)}</p>
                </>
              )}
            </div>
          </fieldset>

          {usesSlots ? (
            <SlotChoice
              items={items}
              choices={choices}
              value={validChosen}
              errors={slotErrors}
              onChange={(farmerKey, slotId) => {
                const next = { ...chosen, [farmerKey]: slotId };
                setChosen(next);
                saveDraftSlots(next);
                setSlotErrors(({ [farmerKey]: _, ...others }) => others);
              }}
            />
          ) : null}

          <FormMessage
            id={form.formErrorId}
            message={form.formError ?? quoteError?.message ?? null}
            className="mt-6"
          />
          {stockProblem && !form.formError ? (
            <p
              id="stock-problem"
              role="alert"
              className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <Trans>
                Some items are no longer available in the quantity you chose. Change them in your{" "}
                <Link to="/cart" className="font-semibold underline">
                  cart
                </Link>{" "}
                to place the order.
              </Trans>
            </p>
          ) : null}

          {online ? null : (
            <p
              role={offlineTried ? "alert" : undefined}
              className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
            >
              {sayShared(orderMessages.needsConnection)}
            </p>
          )}

          <Button
            type="submit"
            className="mt-6 w-full py-3 text-lg"
            disabled={busy || stockProblem || noSlotOpen.length > 0}
            aria-busy={busy}
            aria-describedby={stockProblem ? "stock-problem" : undefined}
          >
            {busy ? <Trans>Placing Order...</Trans> : <Trans>Place Order</Trans>}
          </Button>
        </form>
      </div>
    </section>
  );
}

type PaymentMode = "now" | "on_delivery";

/** One way to pay, as a card the whole of which chooses it (Pay now or Pay on delivery, decision 052). */
function PaymentChoice({
  value,
  chosen,
  onChoose,
  title,
  note,
}: {
  value: PaymentMode;
  chosen: PaymentMode | undefined;
  onChoose: (value: PaymentMode) => void;
  title: ReactNode;
  note: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg px-4 py-3 ring-1 ring-stone-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700">
      <input
        type="radio"
        name="payment"
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span className="block font-medium text-stone-800">{title}</span>
        <span className="block text-sm text-stone-700">{note}</span>
      </span>
    </label>
  );
}
