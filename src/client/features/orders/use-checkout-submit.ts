import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { CheckoutFormSchema, PlaceOrderInput } from "../../../shared/schemas/orders.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { clearCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { isOnline } from "../../lib/online.ts";
import { savedAddressesQuery } from "../../lib/saved-addresses.ts";
import { toast } from "../../lib/toast.ts";
import { clearDraft } from "./checkout-draft.ts";
import { slotText } from "./format.ts";
import { type placeOrder as postOrder, usePlaceOrder } from "./place-order.api.ts";

import type { CheckoutForm } from "./use-checkout-form.ts";
import type { CheckoutSlots } from "./use-checkout-slots.ts";

export type PaymentMode = "now" | "on_delivery";

type PlacedOrder = Awaited<ReturnType<typeof postOrder>>;

const SLOT_REFUSALS = new Set(["slot_full", "slot_closed", "slot_not_served", "slot_required"]);

/**
 * Splits a server error's fields into form fields ("shipping.city" → city), cart lines ("items.2.x" → 2) and
 * slot choices ("slots.<farmerId>").
 */
export function splitServerFields(fields: Record<string, string>) {
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

/** Every farmer with slots has one chosen; else each such farmer's choice says so, and the form names them. */
function slotsChosen(slots: CheckoutSlots, form: CheckoutForm): boolean {
  const { choices, validChosen } = slots;
  const missing = choices.filter((farmer) => farmer.usesSlots && !validChosen[farmer.farmerId]);
  if (missing.length > 0) {
    slots.setSlotErrors(
      Object.fromEntries(missing.map((farmer) => [farmer.farmerId, slotText.requiredField()])),
    );
    form.setFormError(missing.map((farmer) => slotText.required(farmer.farmerName)).join(". "));
    return false;
  }
  slots.setSlotErrors({});
  return true;
}

/** A placed order: to the gateway (paying now) or the confirmation; the cart and the draft emptied. */
function useOrderPlaced() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (order: PlacedOrder) => {
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
  };
}

/** What showing a refused order touches: the form, the slots, the lines, the attempt's key, the quote. */
interface RefusalTargets {
  form: CheckoutForm;
  slots: CheckoutSlots;
  setOfflineTried: (tried: boolean) => void;
  setLineErrors: (errors: Record<number, string>) => void;
  newAttempt: () => void;
  refetchQuote: () => void;
}

/** Says why the order was not placed, each refusal where it belongs. */
function showRefusal(error: unknown, targets: RefusalTargets) {
  const { form, slots, setOfflineTried, setLineErrors, newAttempt, refetchQuote } = targets;
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
    newAttempt();
    slots.setSlotErrors(splitServerFields(error.fields).slots);
    slots.refetch();
    return;
  }
  toast.error(sayShared(orderMessages.orderFailed));
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    // The server refused this request for good, so nothing was made with its key: the next try is a new one.
    newAttempt();
    const { form: fields, lines, slots: slotFields } = splitServerFields(error.fields);
    form.showErrors(fields);
    setLineErrors(lines);
    slots.setSlotErrors(slotFields);
    form.setFormError(error.message);
    // An out-of-stock refusal: ask again what is left, so the lines show it and the cart stops there.
    if (error.code === "out_of_stock") refetchQuote();
  }
}

/**
 * Place Order: checks the form and the slots, sends the order once per attempt (its Idempotency-Key), and says
 * what came back: to the gateway or the confirmation, or each refusal where it belongs.
 */
export function useCheckoutSubmit({
  form,
  schema,
  setAttempted,
  items,
  orderLines,
  slots,
  payment,
  refetchQuote,
}: {
  form: CheckoutForm;
  /** The form's schema: its e-mail optional for an account without one (issue 37). */
  schema: typeof CheckoutFormSchema;
  setAttempted: (attempted: boolean) => void;
  items: readonly CartItem[];
  orderLines: PlaceOrderInput["items"];
  slots: CheckoutSlots;
  payment: PaymentMode;
  refetchQuote: () => void;
}) {
  const placed = useOrderPlaced();
  const placeOrder = usePlaceOrder();
  const [offlineTried, setOfflineTried] = useState(false);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const submitting = useRef(false);
  // NOTE: made when the page opens and kept while the same order is retried (a double click, a dropped
  // connection), so the server makes one order; a changed cart or form, or a refused request, gets a new key.
  const attempt = useRef<{ key: string; body: string | null }>({ key: crypto.randomUUID(), body: null });
  const newAttempt = () => {
    attempt.current = { key: crypto.randomUUID(), body: null };
  };

  async function send(input: PlaceOrderInput) {
    try {
      placed(await placeOrder.mutateAsync({ input, idempotencyKey: attempt.current.key }));
    } catch (error) {
      showRefusal(error, { form, slots, setOfflineTried, setLineErrors, newAttempt, refetchQuote });
    }
  }

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
    const parsed = form.validate(schema);
    if (!parsed.ok) return;
    setLineErrors({});
    if (!isOnline()) {
      setOfflineTried(true);
      return;
    }
    if (!slotsChosen(slots, form)) return;
    const { validChosen } = slots;
    const { paymentMethod, ...shipping } = parsed.data;
    const input: PlaceOrderInput = {
      items: orderLines,
      shipping,
      paymentMethod,
      ...(Object.keys(validChosen).length > 0 ? { slots: validChosen } : {}),
      ...(payment === "now" ? { payment: "now" as const } : {}),
    };
    const body = JSON.stringify(input);
    if (attempt.current.body !== null && attempt.current.body !== body) newAttempt();
    attempt.current.body = body;
    submitting.current = true;
    try {
      await send(input);
    } finally {
      submitting.current = false;
    }
  }

  return { onSubmit, lineErrors, offlineTried, busy: placeOrder.isPending, placed: placeOrder.isSuccess };
}
