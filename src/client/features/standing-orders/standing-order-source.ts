import type { Order } from "../../../shared/schemas/orders.ts";
import { SHOP_SLOT_KEY, type SlotChoice } from "../../../shared/schemas/slots.ts";
import type { ShippingValues } from "./shipping-fields.tsx";

/** A line to repeat, with the farmer who sells it ("shop" for the deal of the day, which cannot repeat). */
export interface Line {
  productId: string;
  name: string;
  quantity: number;
  farmerId: string;
}

/** What the form starts from: the cart, or a past order (its lines, address, payment and slots). */
export interface Source {
  lines: Line[];
  shipping?: Partial<ShippingValues>;
  paymentMethod?: string;
  /** Per farmer, the weekday and start of the slot the order was delivered in (to choose that weekly slot). */
  slotHints?: Record<string, { weekday: number; start: string }>;
  fromCart: boolean;
}

/** A weekly slot of a farmer, as GET /api/slots' dated slots name it (issue 35). */
export interface Pattern {
  id: string;
  weekday: number;
  start: string;
  end: string;
  kind: SlotChoice["kind"];
  where?: string;
}

export function patternsOf(slots: readonly SlotChoice[]): Pattern[] {
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

export function fromOrder(order: Order): Source {
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
