import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import { canMovePart } from "../../../shared/part-status.ts";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import { Button } from "../../components/button.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { orderNumber, recordMethodLabel } from "./format.ts";
import { TAP } from "./run-action-note.tsx";
import type { ShownStop } from "./run-queue.ts";
import type { StopActions } from "./use-stop-actions.ts";

type Dialog = "attempt" | "undo" | null;

/** What happened at the door: delivered, paid in cash or by UPI, nobody home, a payment undone; and the order. */
export function StopButtons({
  stop,
  actions,
  onDialog,
  onMoveUp,
  onMoveDown,
}: {
  stop: ShownStop;
  actions: StopActions;
  onDialog: (dialog: Dialog) => void;
  onMoveUp: (() => void) | undefined;
  onMoveDown: (() => void) | undefined;
}) {
  const open = stop.status !== "cancelled" && stop.status !== "delivered";
  const payable = stop.status !== "cancelled" && stop.billFinal && stop.due > 0;
  const { undoable } = actions;
  return (
    <div className="mt-3 grid gap-2 print:hidden">
      {/* NOTE: only a part out for delivery can be delivered (the server refuses the rest): a pending or
          confirmed one is sent out from the orders page first, and the card says so instead. */}
      {canMovePart(stop.status, "delivered") ? (
        <Button className={TAP} onClick={() => actions.keep({ kind: "delivered", partId: stop.partId })}>
          <Trans>Delivered</Trans>
        </Button>
      ) : open ? (
        <p className="text-stone-700">
          <Trans>Not out for delivery yet: send it out on the orders page before delivering it.</Trans>
        </p>
      ) : null}
      {payable ? <PaidAtTheDoor actions={actions} /> : null}
      {stop.status === "out_for_delivery" ? (
        <Button variant="secondary" className={TAP} onClick={() => onDialog("attempt")}>
          <Trans>Not at home</Trans>
        </Button>
      ) : null}
      {undoable ? (
        <Button variant="secondary" className={TAP} onClick={() => onDialog("undo")}>
          <Trans>
            Undo {formatRupees(undoable.amount)} {recordMethodLabel(undoable.method)}
          </Trans>
        </Button>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        {onMoveUp ? (
          <Button variant="secondary" className={TAP} onClick={onMoveUp}>
            <Trans>Move up</Trans>
          </Button>
        ) : null}
        {onMoveDown ? (
          <Button variant="secondary" className={TAP} onClick={onMoveDown}>
            <Trans>Move down</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The cash received (the amount due to start with) and the UPI reference, each with its Paid button. */
function PaidAtTheDoor({ actions }: { actions: StopActions }) {
  const { cash, setCash, reference, setReference, pay } = actions;
  return (
    <>
      <div className="flex items-end gap-2">
        <label className="flex flex-col text-sm font-semibold text-stone-800">
          <Trans>Cash received (₹)</Trans>
          <input
            inputMode="decimal"
            value={cash}
            onChange={(event) => setCash(event.target.value)}
            className="mt-1 min-h-12 w-28 rounded-lg border border-stone-400 px-3 text-base"
          />
        </label>
        <Button className={`${TAP} flex-1`} onClick={() => pay("cash")}>
          <Trans>Paid cash {formatRupees(Number(cash) || 0)}</Trans>
        </Button>
      </div>
      <div className="flex items-end gap-2">
        <label className="flex flex-col text-sm font-semibold text-stone-800">
          <Trans>UPI reference (optional)</Trans>
          <input
            value={reference}
            maxLength={35}
            onChange={(event) => setReference(event.target.value)}
            className="mt-1 min-h-12 w-40 rounded-lg border border-stone-400 px-3 text-base"
          />
        </label>
        <Button className={`${TAP} flex-1`} onClick={() => pay("upi")}>
          <Trans>Paid by UPI</Trans>
        </Button>
      </div>
    </>
  );
}

/** The reason asked before recording "not at home" or undoing a payment at the door. */
export function StopDialogs({
  stop,
  actions,
  dialog,
  onClose,
}: {
  stop: ShownStop;
  actions: StopActions;
  dialog: Dialog;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const number = orderNumber(stop.orderId);
  const { undoable, confirm } = actions;
  if (dialog === "attempt") {
    return (
      <ReasonDialog
        title={t`Nobody at home: order ${number}`}
        intro={<Trans>The order stays out for delivery; the buyer is told you came.</Trans>}
        confirmLabel={t`Record not at home`}
        maxLength={REASON_MAX_LENGTH}
        busy={false}
        onClose={onClose}
        onConfirm={(reason) => confirm({ kind: "attempt", partId: stop.partId, reason: reason.trim() })}
      />
    );
  }
  if (dialog === "undo" && undoable) {
    return (
      <ReasonDialog
        title={t`Undo a payment: order ${number}`}
        intro={<Trans>The record stays, marked undone, with your reason.</Trans>}
        confirmLabel={t`Undo the payment`}
        maxLength={REASON_MAX_LENGTH}
        busy={false}
        onClose={onClose}
        onConfirm={(reason) =>
          confirm({ kind: "undo", partId: stop.partId, paymentId: undoable.id, reason: reason.trim() })
        }
      />
    );
  }
  return null;
}
