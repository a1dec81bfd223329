import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { FarmerPart } from "../../../shared/schemas/farmer.ts";
import { isPaidInFull, PART_TRANSITIONS, type PartStatus } from "../../../shared/schemas/order-parts.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { problemOf } from "../../lib/operator-pages.ts";
import { toast } from "../../lib/toast.ts";
import { useChangePartStatus, useMarkPartPaid } from "./farmer-orders.api.ts";
import { orderNumber, statusLabel } from "./format.ts";

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

/** A button for each forward move a part may make ("Confirm", "Send out for delivery", …), labelled for whose. */
export function ForwardMoves({
  moves,
  busy,
  onMove,
  labelOf,
}: {
  moves: readonly PartStatus[];
  busy: boolean;
  onMove: (status: PartStatus) => void;
  /** The button's accessible name, from what it says. */
  labelOf: (label: string) => string;
}) {
  const { i18n } = useLingui();
  return moves
    .filter((status) => status !== "cancelled")
    .map((status) => {
      const label = moveLabel(status, i18n);
      return (
        <Button key={status} disabled={busy} onClick={() => onMove(status)} aria-label={labelOf(label)}>
          {label}
        </Button>
      );
    });
}

/** The farmer's moves of a part: forward, "Mark paid" once the bill is final, and Cancel (with a reason). */
export function FarmerPartMoves({ fulfilment }: { fulfilment: FarmerPart }) {
  const { t, i18n } = useLingui();
  const change = useChangePartStatus();
  const markPaid = useMarkPartPaid();
  const [cancelling, setCancelling] = useState(false);
  const number = orderNumber(fulfilment.orderId);
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
    <>
      {moves.length > 0 || canMarkPaid ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-3">
          <ForwardMoves
            moves={moves}
            busy={busy}
            onMove={move}
            labelOf={(label) => t`${label}: order ${number}`}
          />
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
      {cancelling ? <CancelDialog fulfilment={fulfilment} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}
