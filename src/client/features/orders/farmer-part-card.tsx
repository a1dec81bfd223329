import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../shared/money.ts";
import type { FarmerPart } from "../../../shared/schemas/farmer.ts";
import type { BuyerReached } from "../../../shared/schemas/notifications.ts";
import { paidOnlinePaise } from "../../../shared/schemas/order-parts.ts";
import { addressText } from "../../lib/saved-addresses.ts";
import { FarmerPartMoves } from "./farmer-part-moves.tsx";
import { billText, orderNumber, paymentLabel } from "./format.ts";
import { OrderCard } from "./order-card.tsx";
import { OrderLines } from "./order-lines.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";
import { PartPayments, WeighLines } from "./part-billing.tsx";
import { PartHistory } from "./part-history.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { PartPayment } from "./upi-payment.tsx";

/**
 * What the farmer collects for the part (decision 052), so nobody collects twice: "Paid online" with what is
 * still due at the door, if anything; or how the buyer pays at the door and what is due.
 */
function DoorMoney({ part }: { part: FarmerPart }) {
  const online = paidOnlinePaise(part.payment.records);
  const paidOnline = part.payment.records.some((record) => record.kind === "gateway");
  const duePaise = Math.max(0, rupeesToPaise(part.total) - rupeesToPaise(part.payment.received));
  const due = paiseToRupees(duePaise);
  const dueText = part.billFinal ? formatRupees(due) : billText.about(due);
  const open = part.status !== "cancelled";
  if (paidOnline) {
    const amount = formatRupees(paiseToRupees(online));
    return (
      <div className="mt-1 text-sm" data-testid="door-money">
        <p className="font-semibold text-brand-800">
          <Trans>Paid online: {amount}</Trans>
        </p>
        {open ? (
          <p>
            {duePaise > 0 ? (
              <Trans>Collect {dueText} at the door</Trans>
            ) : (
              <Trans>Nothing to collect at the door</Trans>
            )}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mt-1 text-sm" data-testid="door-money">
      <p>
        {part.slot?.kind === "pickup" ? (
          <Trans>Pays by {paymentLabel(part.paymentMethod)} at pickup</Trans>
        ) : (
          <Trans>Pays by {paymentLabel(part.paymentMethod)} on delivery</Trans>
        )}
      </p>
      {open && duePaise > 0 ? (
        <p className="font-semibold">
          <Trans>Due at the door: {dueText}</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** One incoming order as its farmer sees it: the buyer, where it goes, my lines, its history and my moves. */
export function FarmerPartCard({ fulfilment }: { fulfilment: FarmerPart }) {
  const { t } = useLingui();
  const number = orderNumber(fulfilment.orderId);
  const headingId = `fulfilment-${fulfilment.id}`;
  return (
    <OrderCard
      id={headingId}
      number={number}
      placedAt={fulfilment.createdAt}
      level="h3"
      align="items-start"
      badges={
        <div className="flex flex-wrap gap-2">
          <OrderStatusBadge status={fulfilment.status} />
          <PaymentBadge state={fulfilment.payment.state} />
        </div>
      }
    >
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <BuyerDetails fulfilment={fulfilment} />
        <div>
          <OrderLines
            items={fulfilment.items}
            total={fulfilment.total}
            billFinal={fulfilment.billFinal}
            label={t`My lines in order ${number}`}
          />
          <PartPayment part={fulfilment} />
        </div>
      </div>

      <WeighLines part={fulfilment} />
      <PartPayments part={fulfilment} />

      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">
          <Trans>History</Trans>
        </summary>
        <div className="mt-2">
          <PartHistory history={fulfilment.history} label={t`History of order ${number}`} />
        </div>
      </details>

      <FarmerPartMoves fulfilment={fulfilment} />
    </OrderCard>
  );
}

/** Who ordered, how to reach them, where it goes, what to collect at the door and when. */
function BuyerDetails({ fulfilment }: { fulfilment: FarmerPart }) {
  const { t } = useLingui();
  const number = orderNumber(fulfilment.orderId);
  const { shipping } = fulfilment;
  return (
    <section aria-label={t`Buyer of order ${number}`} className="text-stone-700">
      <h4 className="font-semibold text-stone-900">{fulfilment.buyer.name}</h4>
      {/* NOTE: the e-mail given at checkout, where the shop's mails about this order go; the account's
          own may be another (issue 25). */}
      <p>
        <a href={`mailto:${shipping.email}`} className="break-all text-brand-800 underline">
          {shipping.email}
        </a>
      </p>
      <p>
        <a href={`tel:${shipping.phone.replace(/[^\d+]/g, "")}`} className="text-brand-800 underline">
          {shipping.phone}
        </a>
      </p>
      <p className="mt-1">
        {shipping.fullName}, {addressText(shipping)}
      </p>
      <DoorMoney part={fulfilment} />
      {fulfilment.slot ? <PartSlotLine slot={fulfilment.slot} className="mt-1" /> : null}
      {fulfilment.buyerReached ? <BuyerReachedLine reached={fulfilment.buyerReached} /> : null}
    </section>
  );
}

/** Whether the buyer was reached by WhatsApp or SMS about this part, and how far (issue 37, decision 063). */
function BuyerReachedLine({ reached }: { reached: BuyerReached }) {
  const { t } = useLingui();
  const channel = reached.channel === "whatsapp" ? t`WhatsApp` : t`SMS`;
  const status = {
    queued: t`waiting to be sent`,
    sent: t`sent`,
    delivered: t`delivered`,
    read: t`read`,
    failed: t`not delivered`,
  }[reached.status];
  return (
    <p className="mt-1 text-sm">
      <Trans>
        Buyer told by {channel}: {status}
      </Trans>
    </p>
  );
}
