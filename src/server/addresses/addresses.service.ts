import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { orderMessages } from "../../shared/messages.ts";
import {
  type AddressInputSchema,
  addressMessages,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
} from "../../shared/schemas/addresses.ts";
import { type Context, inStepsTransaction } from "../context.ts";
import { runSteps, type Steps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import * as repo from "./addresses.repository.ts";

/** What the address fields are once validated (trimmed, the state's code: the shared schema). */
type Address = z.output<typeof AddressInputSchema>;

const toAddress = (row: repo.AddressRow): SavedAddress => ({
  id: row.id,
  fullName: row.full_name,
  phone: row.phone,
  address: row.address,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  country: row.country,
  usedAt: row.used_at,
});

/** The same place: street, city, state and PIN alike but for case and spacing (name and phone may change). */
const placeKey = (a: Pick<Address, "address" | "city" | "state" | "zipCode" | "country">) =>
  [a.address, a.city, a.state, a.zipCode, a.country]
    .map((part) => part.replace(/\s+/g, " ").toLowerCase())
    .join("\n");

/**
 * Refuses an address in a country the shop does not deliver to (`SHOP_COUNTRIES`, decision 047): a 400 on the
 * `country` field (`shipping.country` at checkout: `field`).
 */
export function refuseUnservedCountry(
  ctx: Pick<Context, "settings">,
  address: { country: string },
  field = "country",
): void {
  if (!ctx.settings.shopCountries.includes(address.country)) {
    throw new AppError("validation_failed", orderMessages.countryNotServed, {
      [field]: orderMessages.countryNotServed,
    });
  }
}

export async function listAddresses(ctx: Context, userId: string): Promise<SavedAddress[]> {
  return (await runSteps(ctx.db, repo.listAddresses(ctx.db, userId))).map(toAddress);
}

/**
 * Keeps `input` on the account, marked as used now: the same place as a kept address updates that one;
 * a new place is added, and when the account already keeps the most it may, `full` decides: "refuse" (the
 * Account page: 409, the shopper chooses what goes) or "replace" (placing an order: the address used longest
 * ago makes room, since an order is never refused for its address book).
 */
export function saveAddress(
  ctx: Context,
  userId: string,
  input: Address,
  full: "refuse" | "replace" = "refuse",
): Promise<{ address: SavedAddress; created: boolean }> {
  refuseUnservedCountry(ctx, input);
  return inStepsTransaction(ctx, (trx) => keepAddress(trx, userId, input, full));
}

/** saveAddress's steps, in the caller's transaction. */
function* keepAddress(
  trx: Pick<Context, "db" | "now">,
  userId: string,
  input: Address,
  full: "refuse" | "replace",
): Steps<{ address: SavedAddress; created: boolean }> {
  const kept = yield* repo.listAddresses(trx.db, userId);
  const at = trx.now.toISOString();
  const fields = {
    full_name: input.fullName,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    zip_code: input.zipCode,
    country: input.country,
    used_at: at,
  };
  const same = kept.find((row) => placeKey(toAddress(row)) === placeKey(input));
  if (same) {
    const row = { ...same, ...fields };
    yield* repo.updateAddress(trx.db, row);
    return { address: toAddress(row), created: false };
  }
  if (kept.length >= MAX_SAVED_ADDRESSES) {
    if (full === "refuse") throw new AppError("address_book_full", addressMessages.bookFull);
    for (const old of kept.slice(MAX_SAVED_ADDRESSES - 1)) yield* repo.deleteAddress(trx.db, userId, old.id);
  }
  const row = { id: randomUUID(), user_id: userId, created_at: at, ...fields };
  yield* repo.insertAddress(trx.db, row);
  return { address: toAddress(row), created: true };
}

/** Placing an order keeps the address it went to, in the order's transaction (`ctx.db` builds its statements). */
export function* rememberAddress(
  ctx: Pick<Context, "db" | "now">,
  userId: string,
  shipping: Address,
): Steps<void> {
  yield* keepAddress(ctx, userId, shipping, "replace");
}

export async function deleteAddress(ctx: Context, userId: string, id: string): Promise<void> {
  if (!(await runSteps(ctx.db, repo.deleteAddress(ctx.db, userId, id))))
    throw notFound(addressMessages.notFound);
}
