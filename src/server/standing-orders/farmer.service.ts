import type { z } from "zod";
import type {
  Demand,
  DemandQuerySchema,
  FarmerStandingOrderSchema,
} from "../../shared/schemas/standing-orders.ts";
import type { Context } from "../context.ts";
import * as farmerRepo from "./farmer.repository.ts";
import { isPausedOn, occurrenceHorizon } from "./materialiser.service.ts";
import { readDetails } from "./views.service.ts";

type FarmerStandingOrder = z.infer<typeof FarmerStandingOrderSchema>;

/** GET /api/farmer/standing-orders: the farmer's standing customers, who orders what, how often, where. */
export async function listFarmerStandingOrders(
  ctx: Context,
  farmerId: string,
): Promise<FarmerStandingOrder[]> {
  const rows = await farmerRepo.listOfFarmer(ctx.db, farmerId);
  const ids = rows.map((row) => row.id);
  const { itemsOf, patternIdsOf, occurrences, today } = await readDetails(ctx, ids);
  return rows.map((row) => ({
    id: row.id,
    customerName: row.full_name,
    items: itemsOf(row.id).map(({ item }) => item),
    everyWeeks: row.every_weeks,
    slotPatternIds: patternIdsOf(row.id),
    status: isPausedOn(row, today) ? "paused" : "active",
    coming: occurrences.filter(
      (o) => o.standing_order_id === row.id && o.state === "made" && o.order_status !== "cancelled",
    ).length,
  }));
}

/** GET /api/farmer/demand: for each dated slot in the range (the horizon by default), what to harvest. */
export async function farmerDemand(
  ctx: Context,
  farmerId: string,
  range: z.output<typeof DemandQuerySchema>,
): Promise<Demand> {
  const { today, last } = occurrenceHorizon(ctx);
  const rows = await farmerRepo.demandOf(ctx.db, farmerId, range.from ?? today, range.to ?? last);
  const slots: Demand["slots"] = [];
  for (const row of rows) {
    let entry = slots.at(-1);
    if (entry?.slot.id !== row.slot_id) {
      entry = {
        slot: { id: row.slot_id, kind: row.kind, date: row.date, start: row.start_time, end: row.end_time },
        products: [],
      };
      slots.push(entry);
    }
    let product = entry.products.find((p) => p.productId === row.product_id);
    if (!product) {
      product = { productId: row.product_id, name: row.name, unit: row.unit, scheduled: 0, pending: 0 };
      entry.products.push(product);
    }
    if (row.status === "scheduled") product.scheduled += Number(row.quantity);
    else product.pending += Number(row.quantity);
  }
  return { slots };
}
