import { randomUUID } from "node:crypto";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { doorRecords, partMessages } from "../../shared/schemas/order-parts.ts";
import { formatAddress, joinShippingAddress } from "../../shared/schemas/orders.ts";
import type { Run, RunOrder, RunStop } from "../../shared/schemas/run.ts";
import { shopTime } from "../../shared/shop-calendar.ts";
import { mailRecipient } from "../auth/index.ts";
import { type Context, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { enqueue, notHomeMail } from "../mail/index.ts";
import { getFarmerPart, toFarmerParts } from "./farmer-views.service.ts";
import * as partsRepo from "./parts.repository.ts";
import * as repo from "./run.repository.ts";
import { farmerNameOf, groupBy, shippingOf } from "./views.service.ts";

/** A maps search of an address's text, opened by the phone's maps app: no map service is asked anything. */
const mapUrlOf = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The key an address is remembered by in the farmer's run: its text, folded, as the order joined it. */
const addressKey = (row: partsRepo.RunPartRow) => joinShippingAddress(shippingOf(row)).trim().toLowerCase();

const sumPaise = (records: FarmerPart["payment"]["records"], method: "cash" | "upi") =>
  doorRecords(records)
    .filter((record) => record.method === method && !record.undone)
    .reduce((sum, record) => sum + rupeesToPaise(record.amount), 0);

/**
 * The farmer's delivery run of `date` (decision 046): the delivery stops by PIN code, then where the farmer
 * last put the address (move up / move down), then by address; the pickups after them, by pickup point and
 * slot. What is due is the bill less everything received; cash and UPI are what the weekly reckoning counts.
 */
export async function getRun(
  ctx: Context,
  farmerId: string,
  date: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Run> {
  const { db } = ctx;
  const rows = await partsRepo.findRunParts(db, farmerId, date);
  const [parts, attemptRows, positions] = await Promise.all([
    toFarmerParts(db, rows),
    runSteps(
      db,
      repo.findAttemptsOfParts(
        db,
        rows.map((row) => row.id),
      ),
    ),
    repo.findPositions(db, farmerId, [...new Set(rows.map((row) => row.zip_code))]),
  ]);
  const placeOf = new Map(positions.map((p) => [`${p.zip_code}\n${p.address}`, p.position]));
  const attempts = groupBy(attemptRows, (row) => row.part_id);
  const byId = new Map(parts.map((part) => [part.id, part]));
  const ordered = inRunOrder(rows, (id) => byId.get(id), placeOf);

  const stops: RunStop[] = [];
  const totals = { cash: 0, upi: 0, due: 0, done: 0 };
  for (const row of ordered) {
    const part = byId.get(row.id);
    if (!part?.slot) continue;
    const records = part.payment.records;
    const cash = sumPaise(records, "cash");
    const upi = sumPaise(records, "upi");
    // NOTE: what was paid online (less its refunds) is received too: the door asks only for the rest (decision 052).
    const due = Math.max(0, rupeesToPaise(part.total) - rupeesToPaise(part.payment.received));
    totals.cash += cash;
    totals.upi += upi;
    totals.due += due;
    if (part.status === "delivered") totals.done += 1;
    stops.push(
      toStop(part, {
        row,
        slot: part.slot,
        position: stops.length + 1,
        due,
        upi,
        language,
        attempts: attempts.get(part.id) ?? [],
      }),
    );
  }
  return {
    date,
    stops,
    totals: {
      stops: stops.length,
      done: totals.done,
      cash: paiseToRupees(totals.cash),
      upi: paiseToRupees(totals.upi),
      due: paiseToRupees(totals.due),
    },
  };
}

/**
 * The run's stops in the order they are driven: the deliveries by PIN code, the farmer's order, then address;
 * the pickups after them, by point, slot and buyer.
 */
function inRunOrder(
  rows: readonly partsRepo.RunPartRow[],
  partOf: (id: string) => FarmerPart | undefined,
  placeOf: ReadonlyMap<string, number>,
): partsRepo.RunPartRow[] {
  const place = (row: partsRepo.RunPartRow) =>
    placeOf.get(`${row.zip_code}\n${addressKey(row)}`) ?? Number.MAX_SAFE_INTEGER;
  const deliveries = rows
    .filter((row) => row.slot_kind === "delivery")
    .sort(
      (a, b) =>
        a.zip_code.localeCompare(b.zip_code) ||
        place(a) - place(b) ||
        addressKey(a).localeCompare(addressKey(b)) ||
        a.id.localeCompare(b.id),
    );
  const pickups = rows
    .filter((row) => row.slot_kind !== "delivery")
    .sort((a, b) => {
      const pointA = partOf(a.id)?.slot?.pickupPoint?.name ?? "";
      const pointB = partOf(b.id)?.slot?.pickupPoint?.name ?? "";
      return (
        pointA.localeCompare(pointB) ||
        a.slot_start.localeCompare(b.slot_start) ||
        a.full_name.localeCompare(b.full_name) ||
        a.id.localeCompare(b.id)
      );
    });
  return [...deliveries, ...pickups];
}

/** A part as a stop of the run, with what is due at its door. */
function toStop(
  part: FarmerPart,
  {
    row,
    slot,
    position,
    due,
    upi,
    language,
    attempts,
  }: {
    row: partsRepo.RunPartRow;
    slot: NonNullable<FarmerPart["slot"]>;
    position: number;
    due: number;
    upi: number;
    language: Language;
    attempts: readonly { at: string; reason: string }[];
  },
): RunStop {
  const point = slot.pickupPoint;
  const delivery = row.slot_kind === "delivery";
  // NOTE: the state by its name in the farmer's language; the map is asked in English (decision 047).
  const address = formatAddress(part.shipping, language);
  return {
    partId: part.id,
    orderId: part.orderId,
    position,
    buyer: { name: part.shipping.fullName, phone: part.shipping.phone },
    kind: delivery ? "delivery" : "pickup",
    ...(delivery ? { address } : {}),
    ...(!delivery && point ? { pickupPoint: { name: point.name, address: point.address } } : {}),
    mapUrl: delivery
      ? mapUrlOf(joinShippingAddress(part.shipping))
      : (point?.mapUrl ?? mapUrlOf(point?.address ?? "")),
    slot,
    lines: part.items,
    total: part.total,
    billFinal: part.billFinal,
    due: paiseToRupees(due),
    paidOnline: paiseToRupees(upi),
    upi: part.upi,
    status: part.status,
    payment: part.payment,
    attempts: attempts.map(({ at, reason }) => ({ at, reason })),
  };
}

/**
 * Remembers the farmer's order of the date's delivery stops: each address's place among its PIN code's, for
 * this run and the next ones to the same doors. Any id that is not one of the farmer's delivery stops of the
 * date is a 404, and nothing is remembered.
 */
export async function saveRunOrder(
  ctx: Context,
  farmerId: string,
  input: RunOrder,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Run> {
  await inTransaction(ctx, async (trx) => {
    const rows = await partsRepo.findRunParts(trx.db, farmerId, input.date);
    const deliveries = new Map(
      rows.filter((row) => row.slot_kind === "delivery").map((row) => [row.id, row]),
    );
    const places = new Map<string, number>();
    const positions = input.partIds.map((id) => {
      const row = deliveries.get(id);
      if (!row) throw notFound(partMessages.notFound);
      const position = places.get(row.zip_code) ?? 0;
      places.set(row.zip_code, position + 1);
      return {
        farmer_id: farmerId,
        zip_code: row.zip_code,
        address: addressKey(row),
        position,
        updated_at: ctx.now.toISOString(),
      };
    });
    await repo.savePositions(trx.db, positions);
  });
  return getRun(ctx, farmerId, input.date, language);
}

/**
 * A "not at home" (issue 38): the farmer came and nobody was there. The part stays as it is (out for
 * delivery), the visit is kept, and the buyer is told by mail, queued with it. Another farmer's part: 404.
 */
export async function recordAttempt(
  ctx: Context,
  farmer: Pick<User, "id">,
  partId: string,
  reason: string,
): Promise<FarmerPart> {
  return inTransaction(ctx, async (trx) => {
    const part = await partsRepo.findPart(trx.db, partId);
    if (!part || part.farmer_id !== farmer.id) throw notFound(partMessages.notFound);
    if (part.status !== "confirmed" && part.status !== "out_for_delivery") {
      throw new AppError("invalid_transition", partMessages.notOutForAttempt(part.status));
    }
    const at = ctx.now.toISOString();
    await repo.insertAttempt(trx.db, {
      id: randomUUID(),
      part_id: partId,
      at,
      by_user_id: farmer.id,
      reason,
    });
    const [buyer] = await partsRepo.findBuyersOfParts(trx.db, [partId]);
    if (buyer && !buyer.buyer_deleted_at) {
      await enqueue(
        trx,
        notHomeMail(
          // NOTE: to the address typed at checkout, in the language of the buyer's account, as a move's mail.
          mailRecipient({ email: buyer.email, language: buyer.buyer_language }),
          {
            buyerName: buyer.full_name,
            orderId: buyer.order_id,
            farmerName: farmerNameOf(buyer),
            time: shopTime(ctx.now, ctx.settings.shopTimeZone),
            reason,
          },
          trx.mail.link(`/orders/${buyer.order_id}`),
        ),
      );
    }
    return getFarmerPart(trx.db, partId);
  });
}
