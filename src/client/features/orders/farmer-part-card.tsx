import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../shared/money.ts";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { FarmerPart } from "../../../shared/schemas/farmer.ts";
import type { BuyerReached } from "../../../shared/schemas/notifications.ts";
import {
  isPaidInFull,
  PART_TRANSITIONS,
  type PartStatus,
  paidOnlinePaise,
} from "../../../shared/schemas/order-parts.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { problemOf } from "../../lib/operator-pages.ts";
import { addressText } from "../../lib/saved-addresses.ts";
import { toast } from "../../lib/toast.ts";
import { useChangePartStatus, useMarkPartPaid } from "./farmer-orders.api.ts";
import { billText, formatOrderDate, orderNumber, paymentLabel, statusLabel } from "./format.ts";
import { OrderLines } from "./order-lines.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";
import { PartPayments, WeighLines } from "./part-billing.tsx";
import { PartHistory } from "./part-history.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { PartPayment } from "./upi-payment.tsx";

/** The button that makes each forward move. */
const moveLabels: Partial<Record<PartStatus, MessageDescriptor>> = {
  confirmed: msg`Confirm`,
  out_for_delivery: msg`Send out for delivery`,
  delivered: msg`Mark delivered`,
};

/** What the button making a move says, in the language active ("Confirm"; a status's name otherwise). */
export function moveLabel(
  status: PartStatus,
  i18n: { _: (descriptor: MessageDescriptor) => string },
): string {
  const descriptor = moveLabels[status];
  return descriptor ? i18n._(descriptor) : statusLabel(status);
}

export const updateFailed = msg`Could not update this order. Please try again.`;

function CancelDialog({ fulfilment, onClose }: { fulfilment: FarmerPart; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const change = useChangePartStatus();
  const number = orderNumber(fulfilment.orderId);
  const buyer = fulfilment.buyer.name;
  return (
    <ReasonDialog
      title={t`Cancel order ${number}?`}
      intro={
        <p>
          <Trans>{buyer} sees the reason. The quantities go back into your stock.</Trans>
        </p>
      }
      confirmLabel={t`Cancel the order`}
      busyLabel={t`Cancelling...`}
      backLabel={t`Keep the order`}
      requiredMessage={t`Please give a reason for cancelling`}
      danger
      maxLength={REASON_MAX_LENGTH}
      busy={change.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        try {
          await change.mutateAsync({ id: fulfilment.id, change: { status: "cancelled", reason } });
          toast.success(t`Order ${number} cancelled.`);
          return undefined;
        } catch (error) {
          return problemOf(error, "reason", i18n._(updateFailed));
        }
      }}
    />
  );
}

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
  const { t, i18n } = useLingui();
  const change = useChangePartStatus();
  const markPaid = useMarkPartPaid();
  const [cancelling, setCancelling] = useState(false);
  const number = orderNumber(fulfilment.orderId);
  const headingId = `fulfilment-${fulfilment.id}`;
  const { shipping } = fulfilment;
  const moves = PART_TRANSITIONS[fulfilment.status];
  const busy = change.isPending || markPaid.isPending;
  // NOTE: "Mark paid" records whatever is still owed, in cash, once the bill is final (decision 020).
  const canMarkPaid =
    fulfilment.status !== "cancelled" && fulfilment.billFinal && !isPaidInFull(fulfilment.payment.state);

  const failed = (error: unknown) =>
    toast.error(error instanceof ApiRequestError ? error.message : i18n._(updateFailed));
  const move = (status: PartStatus) =>
    change.mutate(
      { id: fulfilment.id, change: { status } },
      {
        onSuccess: ({ fulfilment: next }) => {
          const status = statusLabel(next.status).toLowerCase();
          toast.success(t`Order ${number} is now ${status}.`);
        },
        onError: failed,
      },
    );

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-3">
          <div>
            <h3 id={headingId} className="text-lg font-semibold text-stone-900">
              <Trans>Order {number}</Trans>
            </h3>
            <p className="text-sm text-stone-600">
              <Trans>
                Placed on <time dateTime={fulfilment.createdAt}>{formatOrderDate(fulfilment.createdAt)}</time>
              </Trans>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={fulfilment.status} />
            <PaymentBadge state={fulfilment.payment.state} />
          </div>
        </header>

        <div className="mt-3 grid gap-4 sm:grid-cols-2">
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

        {moves.length > 0 || canMarkPaid ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-3">
            {moves
              .filter((status) => status !== "cancelled")
              .map((status) => {
                const label = moveLabel(status, i18n);
                return (
                  <Button
                    key={status}
                    disabled={busy}
                    onClick={() => move(status)}
                    aria-label={t`${label}: order ${number}`}
                  >
                    {label}
                  </Button>
                );
              })}
            {canMarkPaid ? (
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={t`Mark paid: order ${number}`}
                onClick={() =>
                  markPaid.mutate(fulfilment.id, {
                    onSuccess: () => toast.success(t`Order ${number} marked as paid.`),
                    onError: failed,
                  })
                }
              >
                <Trans>Mark paid</Trans>
              </Button>
            ) : null}
            {moves.includes("cancelled") ? (
              <Button
                variant="danger"
                disabled={busy}
                onClick={() => setCancelling(true)}
                className="sm:ml-auto"
                aria-label={t`Cancel order ${number}`}
              >
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
      {cancelling ? <CancelDialog fulfilment={fulfilment} onClose={() => setCancelling(false)} /> : null}
    </li>
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
