import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { placesInSlot } from "./dated-slots.repository.ts";

// What a farmer packs for a slot: the parts holding a place in it and their lines.

/** The parts that hold a place in the slot (not cancelled), oldest first, with what the farmer packs for each. */
export function partsOfSlot(db: Kysely<Database>, slotId: string) {
  return (
    placesInSlot(db, slotId)
      .select([
        "f.id as part_id",
        "o.id as order_id",
        "f.status",
        "f.total_paise",
        "o.full_name",
        "o.phone",
        "o.address",
        "o.city",
        "o.state",
        "o.zip_code",
        "o.country",
        "o.created_at",
      ])
      // NOTE: a Pay now order holds its place while its buyer pays, but its farmer packs it only once it is paid
      // (decision 052), as the orders domain shows a farmer their parts.
      .where((eb) => eb.or([eb("o.payment_mode", "=", "on_delivery"), eb("o.released_at", "is not", null)]))
      .orderBy("o.created_at")
      .orderBy("f.id")
      .execute()
  );
}

/** The lines of the parts among `partIds`, in line order. */
export function linesOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_items")
    .select([
      "part_id",
      "product_id",
      "name",
      "unit",
      "quantity",
      "packed_grams",
      "line_total_paise",
      "amount_paise",
    ])
    .where("part_id", "in", [...partIds])
    .orderBy("order_id")
    .orderBy("line_no")
    .execute();
}
