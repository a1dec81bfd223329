import { formatRupees, paiseToRupees } from "../../shared/money.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { WeighPart } from "../../shared/schemas/payments.ts";
import { isWeighedUnit, maxPackedGrams, unitGrams, weighedAmountPaise } from "../../shared/weighing.ts";
import * as auth from "../auth/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import { type OrderItemsTable, runSteps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import { billMail } from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import { returnStock } from "../products/index.ts";
import { slotsOfParts } from "../slots/index.ts";
import { billOf, receivedPaise, toApiLine, upiOf } from "./bills.service.ts";
import { getFarmerPart, partForPayee } from "./farmer-views.service.ts";
import { findOnlineShares } from "./online-payments.repository.ts";
import * as repo from "./parts.repository.ts";
import { findPaymentsOfParts, findUpiIds, lockPart, SHOP_PAYEE } from "./payments.repository.ts";
import { farmerNameOf } from "./views.service.ts";

/** A part's weights change only while it is still being packed (decision 020). */
export const WEIGHABLE: readonly PartStatus[] = ["pending", "confirmed"];

/**
 * The farmer records the packed weight of some weighed lines of their part (an operator, of the shop's part):
 * at most 110 % of the ordered weight (400 otherwise, naming the line), 0 g drops the line from the bill and
 * gives its stock back. Only while the part is pending or confirmed (409). When this makes the bill final,
 * the buyer's bill mail is queued in the same transaction.
 */
export async function weighPart(ctx: Context, partId: string, input: WeighPart): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const part = await partForPayee(trx.db, ctx.actor, partId);
    if (!(await lockPart(trx.db, part.id, ctx.now.toISOString(), WEIGHABLE))) {
      const now = (await repo.findPart(trx.db, part.id)) ?? part;
      throw new AppError("weights_final", partMessages.notWeighable(now.status));
    }
    const items = await repo.findItemsOfParts(trx.db, [part.id]);
    const before = billOf(items);
    const lineOf = (lineId: number) => items.find((item) => item.line_no === lineId);
    const fields = Object.fromEntries(
      input.lines.flatMap((line, index) => {
        const problem = weightProblem(lineOf(line.lineId), line, index, input.lines);
        return problem ? [problem] : [];
      }),
    );
    const [first] = Object.values(fields);
    if (first) throw new AppError("validation_failed", first, fields);
    for (const { lineId, packedGrams } of input.lines) {
      const item = lineOf(lineId);
      const grams = item && unitGrams(item.unit);
      if (!item || grams === undefined) continue;
      const amount_paise = weighedAmountPaise(item.unit_price_paise, packedGrams, grams);
      if (packedGrams === 0 && item.stock_taken > 0) {
        // NOTE: none packed: the line leaves the bill and its stock goes back on the shelf, once.
        await returnStock(trx.db, item.product_id, item.stock_taken);
        await catalogueChanged(trx);
        await repo.setLineWeight(trx.db, item, { packed_grams: 0, amount_paise, stock_taken: 0 });
      } else {
        await repo.setLineWeight(trx.db, item, { packed_grams: packedGrams, amount_paise });
      }
    }
    await refuseBillBelowReceived(trx, part.id);
    // NOTE: a pending part's bill is not mailed (the farmer may still refuse it); a confirmed part's bill is
    // mailed once final, and again, marked as corrected, when a weight changes it after that (issue 40).
    if (part.status === "confirmed") {
      await mailIfBillFinal(trx, part.id, before.final ? { replacesPaise: before.totalPaise } : {});
    }
  });
  return getFarmerPart(ctx.db, partId);
}

/**
 * A weight changed after a payment was recorded must not leave the part paid for more than its bill (409,
 * and the transaction's new weights are rolled back): the farmer undoes the payment first.
 */
async function refuseBillBelowReceived(trx: Context, partId: string): Promise<void> {
  const bill = billOf(await repo.findItemsOfParts(trx.db, [partId]));
  const received = receivedPaise(await runSteps(trx.db, findPaymentsOfParts(trx.db, [partId])));
  if (bill.totalPaise >= received) return;
  const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
  throw new AppError(
    "overpayment",
    partMessages.billBelowReceived(rupees(bill.totalPaise), rupees(received)),
  );
}

/** Why the weight asked for line `index` is refused, as [field, message]; undefined when it is fine. */
function weightProblem(
  item: OrderItemsTable | undefined,
  line: WeighPart["lines"][number],
  index: number,
  lines: WeighPart["lines"],
): [string, string] | undefined {
  const at = `lines.${index}`;
  if (!item) return [`${at}.lineId`, partMessages.unknownLine];
  if (unitGrams(item.unit) === undefined) return [`${at}.lineId`, partMessages.notWeighedLine];
  if (lines.findIndex((other) => other.lineId === line.lineId) !== index)
    return [`${at}.lineId`, partMessages.lineTwice];
  if (item.packed_grams === 0) return [`${at}.packedGrams`, partMessages.lineDropped];
  const most = maxPackedGrams(item.quantity, item.unit);
  if (line.packedGrams > most) return [`${at}.packedGrams`, partMessages.overweight(most)];
  return undefined;
}

/**
 * Moving a part out for delivery makes each line not weighed yet final at its ordered weight (in the move's
 * transaction); when that makes the bill final, the buyer's bill mail is queued with it. Its packed grams stay
 * unset: it was never weighed, so no screen or mail says it was "packed" at a weight (issue 40 #19).
 */
export async function finaliseUnweighed(trx: Context, partId: string): Promise<void> {
  const items = await repo.findItemsOfParts(trx.db, [partId]);
  const open = items.filter((item) => item.amount_paise == null);
  if (open.length === 0) return;
  for (const item of open) {
    await repo.setLineAmount(trx.db, item, item.line_total_paise);
  }
  await mailIfBillFinal(trx, partId);
}

/**
 * A part is confirmed: its buyer is mailed the bill when it is final already and the part has lines sold by
 * weight (a part of counted lines only is billed as checkout said; its status mail says enough).
 */
export async function mailBillOnConfirm(trx: Context, partId: string): Promise<void> {
  const items = await repo.findItemsOfParts(trx.db, [partId]);
  if (items.some((item) => isWeighedUnit(item.unit))) await mailIfBillFinal(trx, partId);
}

/**
 * Queues the buyer's bill mail once the part's bill is final (not to a deleted account). With
 * `replacesPaise` (the bill already mailed) it is a corrected bill, sent only when the total changed.
 */
async function mailIfBillFinal(
  trx: Context,
  partId: string,
  { replacesPaise }: { replacesPaise?: number } = {},
): Promise<void> {
  const items = await repo.findItemsOfParts(trx.db, [partId]);
  const bill = billOf(items);
  if (!bill.final) return;
  if (replacesPaise !== undefined && replacesPaise === bill.totalPaise) return;
  const [part] = await repo.findBuyersOfParts(trx.db, [partId]);
  if (!part || part.buyer_deleted_at) return;
  const farmerName = farmerNameOf(part);
  const upiIds = await runSteps(trx.db, findUpiIds(trx.db, [part.farmer_id ?? SHOP_PAYEE]));
  const slot = (await runSteps(trx.db, slotsOfParts(trx.db, [partId]))).get(partId);
  const paidOnline =
    part.payment_mode === "now"
      ? (await runSteps(trx.db, findOnlineShares(trx.db, [partId]))).get(partId)
      : undefined;
  const mail = billMail(
    // NOTE: to the address typed at checkout, in the language of the buyer's account.
    auth.mailRecipient({ email: part.email, language: part.buyer_language }),
    {
      buyerName: part.full_name,
      orderId: part.order_id,
      farmerName,
      items: items.map(toApiLine),
      total: paiseToRupees(bill.totalPaise),
      byUpi: upiIds.has(part.farmer_id ?? SHOP_PAYEE),
      atPickup: slot?.kind === "pickup",
      ...(replacesPaise !== undefined ? { replaces: paiseToRupees(replacesPaise) } : {}),
      ...(paidOnline !== undefined ? { paidOnline: paiseToRupees(paidOnline) } : {}),
    },
    trx.mail.link(`/orders/${part.order_id}`),
  );
  // NOTE: by WhatsApp or SMS the bill carries its UPI link (what is still owed at the door), which a phone opens
  // in the payer's UPI app (decision 063); a part paid online has none.
  const records = await runSteps(trx.db, findPaymentsOfParts(trx.db, [partId]));
  const upi =
    part.payment_mode === "on_delivery"
      ? upiOf({
          orderId: part.order_id,
          status: part.status,
          payeeName: farmerName,
          upiId: upiIds.get(part.farmer_id ?? SHOP_PAYEE),
          bill,
          received: receivedPaise(records),
        })
      : null;
  const text = [mail.short ?? mail.subject, ...(upi ? [upi.uri] : [])].join("\n");
  await runSteps(
    trx.db,
    notify.tell(trx, [
      { userId: part.buyer_id, kind: "buying", event: "bill", mail, text, orderId: part.order_id, partId },
    ]),
  );
}
