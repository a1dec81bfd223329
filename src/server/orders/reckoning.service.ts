import { randomUUID } from "node:crypto";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { FarmerReckoning, RecordPayout, ShopReckoning } from "../../shared/schemas/payments.ts";
import { paymentMessages } from "../../shared/schemas/payments.ts";
import { addDays, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { billOf, paymentStateOf } from "./bills.service.ts";
import { findOnlineMoneyOfParts } from "./online-payments.repository.ts";
import { findItemsOfParts } from "./parts.repository.ts";
import * as repo from "./payments.repository.ts";
import * as payoutsRepo from "./payouts.repository.ts";
import { farmerNameOf, groupBy } from "./views.service.ts";

// The weekly reckonings of the money: each farmer's and the shop's, and the payouts (decisions 049, 052).

/** The Monday (shop's calendar) of the week holding `date`, or of today's week. */
export function weekOf(ctx: Context, date: string | undefined): string {
  const day = date ?? shopDate(ctx.now, ctx.settings.shopTimeZone);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export interface Figures {
  delivered: number;
  cash: number;
  upi: number;
  owed: number;
  /** Decision 052: paid online for the parts, refunded of it, the shop's commission, and what the shop owes the farmer. */
  collectedOnline: number;
  refunded: number;
  commission: number;
  payable: number;
}

/** The shop's commission on what a part kept of its online payment: exact paise, rounded half up (basis points). */
export const commissionOf = (keptPaise: number, basisPoints: number) =>
  Math.floor((keptPaise * basisPoints + 5000) / 10_000);

/** One delivered part's figures in paise, from the same bill and payments the part's own view reads. */
interface ReckonedPart extends repo.DeliveredPartRow, Figures {
  state: ReturnType<typeof paymentStateOf>;
}

export async function reckonWeek(ctx: Context, week: string, farmerId?: string): Promise<ReckonedPart[]> {
  const zone = ctx.settings.shopTimeZone;
  return reckonBetween(
    ctx,
    startOfShopDay(week, zone).toISOString(),
    startOfShopDay(addDays(week, 7), zone).toISOString(),
    farmerId,
  );
}

/** Every part delivered from `from` (included) to `before`, with its figures. */
async function reckonBetween(
  ctx: Context,
  from: string,
  before: string,
  farmerId?: string,
): Promise<ReckonedPart[]> {
  const parts = await repo.findDeliveredParts(ctx.db, { farmerId, from, before });
  const ids = parts.map((part) => part.id);
  const [items, payments, online] = await Promise.all([
    findItemsOfParts(ctx.db, ids),
    runSteps(ctx.db, repo.findPaymentsOfParts(ctx.db, ids)),
    runSteps(ctx.db, findOnlineMoneyOfParts(ctx.db, ids)),
  ]);
  const itemsByPart = groupBy(items, (item) => item.part_id);
  const paymentsByPart = groupBy(payments, (payment) => payment.part_id);
  return parts.map((part) => {
    const bill = billOf(itemsByPart.get(part.id) ?? []);
    const kept = (paymentsByPart.get(part.id) ?? []).filter((payment) => !payment.undone_at);
    const sum = (method: string) =>
      kept.filter((p) => p.method === method).reduce((total, p) => total + p.amount_paise, 0);
    const cash = sum("cash");
    const upi = sum("upi");
    const { collected, refunded } = online.get(part.id) ?? { collected: 0, refunded: 0 };
    const keptOnline = collected - refunded;
    const commission = commissionOf(keptOnline, ctx.settings.shopCommissionBasisPoints);
    return {
      ...part,
      delivered: bill.totalPaise,
      cash,
      upi,
      // NOTE: what buyers still owe at the door: what was paid online counts as received (decision 052).
      owed: bill.totalPaise - cash - upi - keptOnline,
      collectedOnline: collected,
      refunded,
      commission,
      payable: keptOnline - commission,
      state: paymentStateOf(bill, cash + upi + keptOnline, refunded),
    };
  });
}

export const FIGURES = [
  "delivered",
  "cash",
  "upi",
  "owed",
  "collectedOnline",
  "refunded",
  "commission",
  "payable",
] as const satisfies readonly (keyof Figures)[];

export const sumFigures = (rows: readonly Figures[]): Figures =>
  Object.fromEntries(FIGURES.map((key) => [key, rows.reduce((sum, row) => sum + row[key], 0)])) as Record<
    keyof Figures,
    number
  >;

const inRupees = (figures: Figures): Figures =>
  Object.fromEntries(FIGURES.map((key) => [key, paiseToRupees(figures[key])])) as Record<
    keyof Figures,
    number
  >;

/** A farmer's week (`week`: any day of it): the parts delivered in it, buyer by buyer, and what is owed. */
export async function farmerReckoning(
  ctx: Context,
  farmerId: string,
  date: string | undefined,
): Promise<FarmerReckoning> {
  const week = weekOf(ctx, date);
  const parts = await reckonWeek(ctx, week, farmerId);
  const buyers = [...groupBy(parts, (part) => part.buyer_id)].map(([buyerId, own]) => ({
    buyerId,
    buyerName: own[0]?.buyer_name ?? "",
    ...inRupees(sumFigures(own)),
    parts: own.map((part) => ({
      partId: part.id,
      orderId: part.order_id,
      deliveredAt: part.delivered_at,
      state: part.state,
      ...inRupees(part),
    })),
  }));
  const [payouts] = await payoutFigures(ctx, week, [farmerId]);
  return { week, ...inRupees(sumFigures(parts)), ...(payouts ?? { paidOut: 0, balance: 0 }), buyers };
}

/** The dawn and dusk of all time, as the reckonings' instants compare (ISO text). */
const ALL_TIME = { from: "0000-01-01T00:00:00.000Z", before: "9999-12-31T00:00:00.000Z" };

/**
 * What the shop paid each farmer in the week (payouts dated in it) and what it owes them in all (decision 052):
 * everything payable for their parts ever delivered, less everything paid out. Rupees, in the order given.
 */
export async function payoutFigures(ctx: Context, week: string, farmerIds: readonly (string | null)[]) {
  const ids = farmerIds.flatMap((id) => (id === null ? [] : [id]));
  const [inWeek, ever, parts] = await Promise.all([
    payoutsRepo.sumPayouts(ctx.db, ids, { from: week, to: addDays(week, 6) }),
    payoutsRepo.sumPayouts(ctx.db, ids),
    ids.length === 0 ? Promise.resolve([]) : reckonBetween(ctx, ALL_TIME.from, ALL_TIME.before),
  ]);
  return farmerIds.map((id) => {
    if (id === null) return { paidOut: 0, balance: 0 };
    const payable = parts
      .filter((part) => part.farmer_id === id)
      .reduce((sum, part) => sum + part.payable, 0);
    return {
      paidOut: paiseToRupees(inWeek.get(id) ?? 0),
      balance: paiseToRupees(payable - (ever.get(id) ?? 0)),
    };
  });
}

/**
 * The operator records a payout to a farmer (decision 052): never more than the shop owes them (409), audited
 * with the amount and reference in the same transaction, and kept as it is. Two at once are checked one after
 * the other (the farmer's row is held).
 */
export async function recordPayout(
  ctx: Context,
  operator: Actor & { id: string },
  input: RecordPayout,
): Promise<ShopReckoning> {
  const amount = rupeesToPaise(input.amount);
  await inTransaction(ctx, async (trx) => {
    if (!(await payoutsRepo.lockFarmer(trx.db, input.farmerId)))
      throw notFound(paymentMessages.farmerNotFound);
    const [figures] = await payoutFigures(trx, weekOf(trx, input.paidOn), [input.farmerId]);
    const owed = rupeesToPaise(figures?.balance ?? 0);
    if (amount > owed) {
      throw new AppError(
        "payout_above_owed",
        paymentMessages.payoutAboveOwed(formatRupees(paiseToRupees(owed))),
      );
    }
    await payoutsRepo.insertPayout(trx.db, {
      id: randomUUID(),
      farmer_id: input.farmerId,
      amount_paise: amount,
      reference: input.reference,
      paid_on: input.paidOn,
      at: trx.now.toISOString(),
      by_user_id: operator.id,
    });
    await recordAudit(trx, {
      actor: operator,
      action: "payout.record",
      target: { type: "user", id: input.farmerId },
      reason: `${formatRupees(input.amount)} on ${input.paidOn}, reference ${input.reference}`,
    });
  });
  return shopReckoning(ctx, input.paidOn);
}

/**
 * The operator's week: the same figures per farmer, the shop's own part (`farmerId` null) among them, then the
 * farmers paid out in the week who delivered nothing in it (a payout for an earlier week shows in its own).
 */
export async function shopReckoning(ctx: Context, date: string | undefined): Promise<ShopReckoning> {
  const week = weekOf(ctx, date);
  const [parts, paid] = await Promise.all([
    reckonWeek(ctx, week),
    payoutsRepo.findFarmersPaidBetween(ctx.db, { from: week, to: addDays(week, 6) }),
  ]);
  const groups = [...groupBy(parts, (part) => part.farmer_id)].map(([, own]) => ({
    farmer_id: own[0]?.farmer_id ?? null,
    farmer_name: own[0]?.farmer_name ?? null,
    figures: sumFigures(own),
  }));
  const delivering = new Set(groups.map((group) => group.farmer_id));
  const nothing = sumFigures([]);
  const rows = [
    ...groups,
    ...paid.filter((row) => !delivering.has(row.farmer_id)).map((row) => ({ ...row, figures: nothing })),
  ];
  const payouts = await payoutFigures(
    ctx,
    week,
    rows.map((row) => row.farmer_id),
  );
  const farmers = rows.map((row, index) => ({
    farmerId: row.farmer_id,
    farmerName: farmerNameOf(row),
    ...inRupees(row.figures),
    ...(payouts[index] ?? { paidOut: 0, balance: 0 }),
  }));
  return { week, ...inRupees(sumFigures(parts)), farmers };
}
