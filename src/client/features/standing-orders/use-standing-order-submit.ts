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
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<Record<string, StandingOrder>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [offline, setOffline] = useState(false);
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  // NOTE: one key per farmer, kept while the same request is retried (a double click, a dropped connection),
  // so the server makes each standing order once; a changed request, or one refused for good, gets a new key.
  const keys = useRef<Record<string, { key: string; body: string }>>({});

  const inputFor = (farmer: Farmer, lines: readonly Line[]): StandingOrderCreateInput => ({
    items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    slotPatternIds: chosenFor(farmer),
    everyWeeks: schedule.everyWeeks as 1 | 2 | 4,
    startDate: schedule.startDate,
    shipping: form.values,
    paymentMethod: schedule.payment as "cash" | "upi",
    reminderHours: schedule.reminder === "none" ? null : (Number(schedule.reminder) as 48 | 24 | 12),
  });

  /** Sends each farmer's standing order not made yet; false when the connection dropped (the rest wait). */
  async function sendAll(done: Record<string, StandingOrder>, refused: Record<string, string>) {
    for (const farmer of farmers) {
      if (done[farmer.id]) continue;
      const lines = source.lines.filter((line) => line.farmerId === farmer.id);
      const input = inputFor(farmer, lines);
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
          return false;
        }
        if (error instanceof ApiRequestError && error.status === 401) return false;
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
          delete keys.current[farmer.id];
        }
        refused[farmer.id] = refusalText(error, lines);
        const shippingFields = error instanceof ApiRequestError ? shippingErrors(error.fields) : {};
        if (Object.keys(shippingFields).length > 0) form.showErrors(shippingFields);
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
    let finished = false;
    try {
      finished = await sendAll(done, refused);
    } finally {
      busy.current = false;
      setSending(false);
      setRefusals(refused);
    }
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: ["standing-orders"] });
    void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    if (Object.keys(refused).length === 0 && farmers.every((farmer) => done[farmer.id])) {
      toast.success(t`Standing order made.`);
      navigate("/standing-orders");
    }
  }

  return { onSubmit, made, refusals, offline, sending };
}
