import { randomUUID } from "node:crypto";
import type { MessageDescriptor } from "@lingui/core";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { PART_STATUSES, type PaymentState, partMessages } from "../../shared/schemas/order-parts.ts";
import { orderNumber } from "../../shared/schemas/orders.ts";
import type {
  FarmerProfile,
  FarmerProfileUpdate,
  FarmerReckoning,
  RecordPayment,
  RecordPayout,
  ShopProfile,
  ShopReckoning,
} from "../../shared/schemas/payments.ts";
import { paymentMessages } from "../../shared/schemas/payments.ts";
import { addDays, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import * as auth from "../auth/index.ts";
import { type Context, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, csvTime, notFound, toCsv } from "../http/index.ts";
import { textsIn } from "../texts/index.ts";
import { billOf, paymentStateOf, receivedPaise } from "./bills.service.ts";
import { findOnlineMoneyOfParts, findOnlineShares } from "./online-payments.repository.ts";
import { findItemsOfParts } from "./parts.repository.ts";
import * as repo from "./payments.repository.ts";
import * as payoutsRepo from "./payouts.repository.ts";
import { farmerNameOf, getFarmerPart, groupBy, partForPayee } from "./views.service.ts";

// NOTE: a standing order's scheduled part is not an order to pay yet (issue 35).
const PAYABLE = PART_STATUSES.filter((status) => status !== "cancelled" && status !== "scheduled");
const UNDO_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the payee's part for a payment and holds its row until the transaction ends (so two payments of one
 * part are checked one after the other), with its bill and what was received: 409 for a cancelled part or a
 * bill that is not final yet.
 */
async function lockedForPayment(trx: Context, partId: string) {
  const part = await partForPayee(trx.db, trx.actor, partId);
  if (!(await repo.lockPart(trx.db, part.id, trx.now.toISOString(), PAYABLE))) {
    throw new AppError("invalid_transition", partMessages.cancelledNotPayable);
  }
  const bill = billOf(await findItemsOfParts(trx.db, [part.id]));
  if (!bill.final) throw new AppError("bill_not_final", partMessages.billNotFinal);
  // NOTE: what was paid online counts too (decision 052), so the door collects only the rest, never twice.
  const online = (await runSteps(trx.db, findOnlineShares(trx.db, [part.id]))).get(part.id) ?? 0;
  const received =
    receivedPaise(await runSteps(trx.db, repo.findPaymentsOfParts(trx.db, [part.id]))) + online;
  return { part, bill, received };
}

async function insertPayment(trx: Context, partId: string, input: RecordPayment, amountPaise: number) {
  if (!trx.actor) throw new Error("a payment is recorded by someone");
  await repo.insertPayment(trx.db, {
    id: randomUUID(),
    part_id: partId,
    method: input.method,
    amount_paise: amountPaise,
    reference: input.method === "upi" && input.reference ? input.reference : null,
    at: trx.now.toISOString(),
    by_user_id: trx.actor.id,
    undone_at: null,
    undone_by_user_id: null,
    undone_reason: null,
  });
}

/**
 * The part's farmer (an operator, for the shop's part) records one payment received at the door, once the
 * bill is final; a payment above what is still owed is refused (409), so two at once never overpay.
 */
export async function recordPayment(ctx: Context, partId: string, input: RecordPayment): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const { part, bill, received } = await lockedForPayment(trx, partId);
    const amount = rupeesToPaise(input.amount);
    const left = bill.totalPaise - received;
    if (amount > left) {
      throw new AppError("overpayment", partMessages.overpaid(formatRupees(paiseToRupees(left))));
    }
    await insertPayment(trx, part.id, input, amount);
  });
  return getFarmerPart(ctx.db, partId);
}

/** The older one-step form (`POST …/payment { state: "paid" }`): whatever is still owed, received in cash. */
export async function payRestInCash(ctx: Context, partId: string): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const { part, bill, received } = await lockedForPayment(trx, partId);
    const left = bill.totalPaise - received;
    if (left <= 0) throw new AppError("already_paid", partMessages.alreadyPaid);
    await insertPayment(trx, part.id, { method: "cash", amount: paiseToRupees(left) }, left);
  });
  return getFarmerPart(ctx.db, partId);
}

/** The payee undoes a payment they recorded, within 24 hours of its record and with a reason; it is kept. */
export async function undoPayment(
  ctx: Context,
  partId: string,
  paymentId: string,
  reason: string,
): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const part = await partForPayee(trx.db, trx.actor, partId);
    const payment = await repo.findPayment(trx.db, part.id, paymentId);
    if (!payment || !trx.actor) throw notFound(partMessages.paymentNotFound);
    if (payment.undone_at) throw new AppError("undo_refused", partMessages.alreadyUndone);
    if (trx.now.getTime() - Date.parse(payment.at) > UNDO_WITHIN_MS) {
      throw new AppError("undo_refused", partMessages.undoTooLate);
    }
    const undo = { at: trx.now.toISOString(), byUserId: trx.actor.id, reason };
    if (!(await repo.undoPayment(trx.db, payment.id, undo))) {
      throw new AppError("undo_refused", partMessages.alreadyUndone);
    }
  });
  return getFarmerPart(ctx.db, partId);
}

// ---- UPI IDs ----

const upiIdOf = async ({ db }: Pick<Context, "db">, owner: string) =>
  (await runSteps(db, repo.findUpiIds(db, [owner]))).get(owner) ?? null;

/** A farmer's UPI ID and contact phone (Farmer Portal). */
export async function getPayeeProfile(ctx: Context, owner: string): Promise<FarmerProfile> {
  return { upiId: await upiIdOf(ctx, owner), phone: (await repo.findPhone(ctx.db, owner)) ?? null };
}

/**
 * A farmer's UPI ID and contact phone (`owner` their id): a field given is saved, null removes it (a UPI ID
 * removed: cash only), a field left out stays.
 */
export async function savePayeeProfile(ctx: Context, owner: string, profile: FarmerProfileUpdate) {
  await inTransaction(ctx, async (trx) => {
    if (profile.upiId !== undefined) {
      await repo.saveUpiId(trx.db, owner, profile.upiId, trx.now.toISOString());
    }
    if (profile.phone !== undefined) await auth.updatePhone(trx.db, owner, profile.phone);
  });
  return getPayeeProfile(ctx, owner);
}

/** The shop's own UPI ID, for its part of orders (the deal of the day). */
export const getShopProfile = async (ctx: Context): Promise<ShopProfile> => ({
  upiId: await upiIdOf(ctx, repo.SHOP_PAYEE),
});
/**
 * The operator sets the shop's UPI ID: where buyers pay the deal of the day, so each change is in the audit
 * log with the ID before and after (issue 40), in the same transaction; saving it unchanged records nothing.
 */
export async function saveShopProfile(
  ctx: Context,
  operator: Actor,
  profile: ShopProfile,
): Promise<ShopProfile> {
  await inTransaction(ctx, async (trx) => {
    const before = (await runSteps(trx.db, repo.findUpiIds(trx.db, [repo.SHOP_PAYEE]))).get(repo.SHOP_PAYEE);
    const after = profile.upiId ?? undefined;
    if (before === after) return;
    await repo.saveUpiId(trx.db, repo.SHOP_PAYEE, profile.upiId, trx.now.toISOString());
    const shown = (upiId: string | undefined) => upiId ?? "none (cash only)";
    await recordAudit(trx, {
      actor: operator,
      action: "shop_profile.update",
      target: { type: "shop", id: repo.SHOP_PAYEE },
      reason: `UPI ID: ${shown(before)} → ${shown(after)}`,
    });
  });
  return getShopProfile(ctx);
}

// ---- the weekly reckonings ----

/** The Monday (shop's calendar) of the week holding `date`, or of today's week. */
export function weekOf(ctx: Context, date: string | undefined): string {
  const day = date ?? shopDate(ctx.now, ctx.settings.shopTimeZone);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

interface Figures {
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

async function reckonWeek(ctx: Context, week: string, farmerId?: string): Promise<ReckonedPart[]> {
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

const FIGURES = [
  "delivered",
  "cash",
  "upi",
  "owed",
  "collectedOnline",
  "refunded",
  "commission",
  "payable",
] as const satisfies readonly (keyof Figures)[];

const sumFigures = (rows: readonly Figures[]): Figures =>
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
async function payoutFigures(ctx: Context, week: string, farmerIds: readonly (string | null)[]) {
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

/** Paise as "86.00", exactly (no floating point on the way). */
const rupeesText = (paise: number) =>
  `${paise < 0 ? "-" : ""}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, "0")}`;

/** The CSVs' columns of the money paid online (decision 052), in rupees; `paid out` is the farmer's week's. */
const ONLINE_COLUMNS = [
  /*i18n*/ { id: "collected online", comment: "A column of a payments CSV: paid online through the gateway" },
  /*i18n*/ { id: "refunded", comment: "A column of a payments CSV: refunded of what was paid online" },
  /*i18n*/ { id: "commission", comment: "A column of a payments CSV: the shop's commission" },
  /*i18n*/ { id: "payable", comment: "A column of a payments CSV: what the shop owes the farmer" },
  /*i18n*/ {
    id: "paid out",
    comment: "A column of a payments CSV: what the shop paid the farmer in the week",
  },
];
/** A reckoning's online figures as CSV cells, in ONLINE_COLUMNS' order but the last (paid out). */
const onlineCells = (figures: Figures) =>
  [figures.collectedOnline, figures.refunded, figures.commission, figures.payable].map(rupeesText);

/**
 * The week's CSV's fixed texts (decision 049). An order is named by its short number, as the screens show it
 * (a farmer has one part of an order, so the part needs no column). English keeps each state as the API
 * names it, as the CSV always had it.
 */
const CSV_HEADER = [
  /*i18n*/ { id: "week", comment: "A column of the farmer's payments CSV: the week" },
  /*i18n*/ { id: "buyer", comment: "A column of the farmer's payments CSV: the buyer's name" },
  /*i18n*/ { id: "order", comment: "A column of the farmer's payments CSV: the order's short number" },
  /*i18n*/ { id: "delivered at", comment: "A column of the farmer's payments CSV: when it was delivered" },
  /*i18n*/ {
    id: "delivered",
    comment: "A column of the farmer's payments CSV: the bill delivered, in rupees",
  },
  /*i18n*/ { id: "cash", comment: "A column of the farmer's payments CSV: cash received, in rupees" },
  /*i18n*/ { id: "upi", comment: "A column of the farmer's payments CSV: UPI received, in rupees" },
  /*i18n*/ { id: "owed", comment: "A column of the farmer's payments CSV: still owed, in rupees" },
  ...ONLINE_COLUMNS,
  /*i18n*/ { id: "state", comment: "A column of the farmer's payments CSV: the payment's state" },
];
const CSV_STATES: Record<PaymentState, MessageDescriptor> = {
  unpaid: /*i18n*/ { id: "unpaid", comment: "A payment state in the farmer's payments CSV" },
  part_paid: /*i18n*/ { id: "part_paid", comment: "A payment state in the farmer's payments CSV" },
  paid: /*i18n*/ { id: "paid", comment: "A payment state in the farmer's payments CSV" },
  refunded: /*i18n*/ { id: "refunded", comment: "A payment state in the farmer's payments CSV" },
  part_refunded: /*i18n*/ { id: "part_refunded", comment: "A payment state in the farmer's payments CSV" },
};
const CSV_TOTAL = /*i18n*/ { id: "Total", comment: "The last row of the farmer's payments CSV" };

/**
 * The farmer's week as CSV: one row per part delivered, then the week's totals; its headers and states in the
 * farmer's language (buyers' names stay as written).
 */
export async function farmerReckoningCsv(
  ctx: Context,
  farmerId: string,
  date: string | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ week: string; csv: string }> {
  const say = textsIn(language);
  const week = weekOf(ctx, date);
  const parts = await reckonWeek(ctx, week, farmerId);
  const total = sumFigures(parts);
  const [payouts] = await payoutFigures(ctx, week, [farmerId]);
  const rows = [
    CSV_HEADER.map((text) => say(text)),
    ...parts.map((part) => [
      week,
      part.buyer_name,
      orderNumber(part.order_id),
      csvTime(part.delivered_at, ctx.settings.shopTimeZone),
      rupeesText(part.delivered),
      rupeesText(part.cash),
      rupeesText(part.upi),
      rupeesText(part.owed),
      ...onlineCells(part),
      "",
      say(CSV_STATES[part.state]),
    ]),
    [
      week,
      say(CSV_TOTAL),
      "",
      "",
      rupeesText(total.delivered),
      rupeesText(total.cash),
      rupeesText(total.upi),
      rupeesText(total.owed),
      ...onlineCells(total),
      rupeesText(rupeesToPaise(payouts?.paidOut ?? 0)),
      "",
    ],
  ];
  return { week, csv: toCsv(rows) };
}

const SHOP_CSV_HEADER = [
  /*i18n*/ { id: "week", comment: "A column of the farmer's payments CSV: the week" },
  /*i18n*/ { id: "farmer", comment: "A column of the operator's payments CSV: the farmer's name" },
  /*i18n*/ {
    id: "delivered",
    comment: "A column of the farmer's payments CSV: the bill delivered, in rupees",
  },
  /*i18n*/ { id: "cash", comment: "A column of the farmer's payments CSV: cash received, in rupees" },
  /*i18n*/ { id: "upi", comment: "A column of the farmer's payments CSV: UPI received, in rupees" },
  /*i18n*/ { id: "owed", comment: "A column of the farmer's payments CSV: still owed, in rupees" },
  ...ONLINE_COLUMNS,
  /*i18n*/ {
    id: "balance",
    comment: "A column of the operator's payments CSV: what the shop owes the farmer in all, after payouts",
  },
];

/**
 * `/admin/payments`' week as CSV (decision 052): one row per farmer (the shop's own part by the shop's name),
 * then the week's totals; its headers in the operator's language.
 */
export async function shopReckoningCsv(
  ctx: Context,
  date: string | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ week: string; csv: string }> {
  const say = textsIn(language);
  const reckoning = await shopReckoning(ctx, date);
  const text = (rupees: number) => rupeesText(rupeesToPaise(rupees));
  const cells = (figures: Figures & { paidOut: number }) =>
    [...FIGURES.map((key) => figures[key]), figures.paidOut].map(text);
  const paidOut = paiseToRupees(
    reckoning.farmers.reduce((sum, farmer) => sum + rupeesToPaise(farmer.paidOut), 0),
  );
  const rows = [
    SHOP_CSV_HEADER.map((header) => say(header)),
    ...reckoning.farmers.map((farmer) => [
      reckoning.week,
      farmer.farmerName,
      ...cells(farmer),
      text(farmer.balance),
    ]),
    [reckoning.week, say(CSV_TOTAL), ...cells({ ...reckoning, paidOut }), ""],
  ];
  return { week: reckoning.week, csv: toCsv(rows) };
}
