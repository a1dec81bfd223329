import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ShippingSchema, ShippingWithEmailSchema } from "../../../shared/schemas/orders.ts";
import { type StandingOrder, standingOrderMessages } from "../../../shared/schemas/standing-orders.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { removeFromCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast.ts";
import type { useFormFields } from "../../lib/use-form-fields.ts";
import type { Schedule } from "./schedule-fields.tsx";
import type { ShippingValues } from "./shipping-fields.tsx";
import type { Line, Pattern, Source } from "./standing-order-source.ts";
import { createStandingOrder, type StandingOrderCreateInput } from "./standing-orders.api.ts";

type Farmer = { id: string; name: string; patterns: Pattern[] };

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

/** "Choose at least one weekly slot", in the language shown now. */
const patternsRequired = () => sayShared(standingOrderMessages.patternsRequired);

type Keys = Record<string, { key: string; body: string }>;

/** The farmer's Idempotency-Key for `body`: the one kept while the same request is retried, else a new one. */
function keyFor(keys: Keys, farmerId: string, body: string): string {
  const kept = keys[farmerId];
  if (!kept || kept.body !== body) keys[farmerId] = { key: crypto.randomUUID(), body };
  return keys[farmerId]?.key ?? "";
}

/** The server's messages about the address, beside its fields. */
function showShippingErrors(error: unknown, form: ReturnType<typeof useFormFields<ShippingValues>>) {
  const shippingFields = error instanceof ApiRequestError ? shippingErrors(error.fields) : {};
  if (Object.keys(shippingFields).length > 0) form.showErrors(shippingFields);
}

/** A farmer's standing order as the API takes it: their lines, the slots chosen, the schedule, the address. */
const standingInput = (
  lines: readonly Line[],
  slotPatternIds: string[],
  schedule: Schedule,
  shipping: ShippingValues,
): StandingOrderCreateInput => ({
  items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
  slotPatternIds,
  everyWeeks: schedule.everyWeeks as 1 | 2 | 4,
  startDate: schedule.startDate,
  shipping,
  paymentMethod: schedule.payment as "cash" | "upi",
  reminderHours: schedule.reminder === "none" ? null : (Number(schedule.reminder) as 48 | 24 | 12),
});

/**
 * Once every request was answered: the lists asked for again; when all were made, "made" said and the list
 * of standing orders opened.
 */
function useAllSent() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (allMade: boolean) => {
    void queryClient.invalidateQueries({ queryKey: ["standing-orders"] });
    void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    if (allMade) {
      toast.success(t`Standing order made.`);
      navigate("/standing-orders");
    }
  };
}

/**
 * "Make the standing order": one request per farmer not yet made, each under its own Idempotency-Key; what was
 * made stays made when another farmer's is refused, and each refusal is said at its farmer.
 */
export function useStandingOrderSubmit({
  form,
  source,
  farmers,
  chosenFor,
  schedule,
  emailOptional,
}: {
  form: ReturnType<typeof useFormFields<ShippingValues>>;
  source: Source;
  farmers: readonly Farmer[];
  chosenFor: (farmer: Farmer) => string[];
  schedule: Schedule;
  /** The account has no e-mail: the address may leave it out (issue 37). */
  emailOptional: boolean;
}) {
  const allSent = useAllSent();
  const [made, setMade] = useState<Record<string, StandingOrder>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [offline, setOffline] = useState(false);
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  // NOTE: one key per farmer, kept while the same request is retried (a double click, a dropped connection),
  // so the server makes each standing order once; a changed request, or one refused for good, gets a new key.
  const keys = useRef<Keys>({});

  /** Sends each farmer's standing order not made yet; false when the connection dropped (the rest wait). */
  async function sendAll(done: Record<string, StandingOrder>, refused: Record<string, string>) {
    for (const farmer of farmers) {
      if (done[farmer.id]) continue;
      const lines = source.lines.filter((line) => line.farmerId === farmer.id);
      const input = standingInput(lines, chosenFor(farmer), schedule, form.values);
      const body = JSON.stringify(input);
      try {
        done[farmer.id] = await createStandingOrder(input, keyFor(keys.current, farmer.id, body));
        setMade({ ...done });
        if (source.fromCart) for (const line of lines) removeFromCart(line.productId);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 0) {
          setOffline(true);
          return false;
        }
        if (error instanceof ApiRequestError && error.status === 401) return false;
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          delete keys.current[farmer.id];
        }
        refused[farmer.id] = refusalText(error, lines);
        showShippingErrors(error, form);
      }
    }
    return true;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    setOffline(false);
    const shipping = form.validate(emailOptional ? ShippingSchema : ShippingWithEmailSchema);
    const missing = farmers.filter((farmer) => !made[farmer.id] && chosenFor(farmer).length === 0);
    setRefusals(Object.fromEntries(missing.map((farmer) => [farmer.id, patternsRequired()])));
    if (!shipping.ok || missing.length > 0) {
      if (shipping.ok) form.setFormError(patternsRequired());
      return;
    }
    form.setFormError(null);
    busy.current = true;
    setSending(true);
    const done = { ...made };
    const refused: Record<string, string> = {};
    let finished = false;
    try {
      finished = await sendAll(done, refused);
    } finally {
      busy.current = false;
      setSending(false);
      setRefusals(refused);
    }
    if (finished) allSent(Object.keys(refused).length === 0 && farmers.every((farmer) => done[farmer.id]));
  }

  return { onSubmit, made, refusals, offline, sending };
}
