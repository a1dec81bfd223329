import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import { Button } from "../../components/button.tsx";
import type { QueuedAction } from "./run-queue.ts";

/** The run sheet's buttons: 48 px tall for a thumb at the door. */
export const TAP = "min-h-12 px-4 text-base";

/**
 * A refused action: what the farmer did, what the server said, and what to do; Dismiss once read. An action
 * still waiting whose stop left the run says that it waits.
 */
export function ActionNote({
  action,
  dismiss,
}: {
  action: QueuedAction;
  dismiss: (key: string) => Promise<void>;
}) {
  if (!action.refused) {
    return (
      <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-stone-900">
        {action.stop ? `${action.stop}: ` : ""}
        <Trans>Waiting to send: {actionLabel(action)}</Trans>
      </p>
    );
  }
  return (
    <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900 print:hidden">
      <p className="font-semibold">
        {action.stop ? `${action.stop}: ` : ""}
        <Trans>
          Not recorded: {actionLabel(action)}. {action.refused}
        </Trans>
      </p>
      <p className="mt-1 text-sm">
        <Trans>Check this stop with the buyer, then record what happened again if it still applies.</Trans>
      </p>
      <Button variant="secondary" className={`${TAP} mt-2`} onClick={() => void dismiss(action.key)}>
        <Trans>Dismiss</Trans>
      </Button>
    </div>
  );
}

/** What a queued action did, in a few words, for its "waiting to send" or "not recorded" line. */
export function actionLabel(action: QueuedAction): string {
  switch (action.kind) {
    case "delivered":
      return t`Delivered`;
    case "pay":
      return action.payment.method === "cash"
        ? t`Paid cash ${formatRupees(action.payment.amount)}`
        : t`Paid by UPI ${formatRupees(action.payment.amount)}`;
    case "attempt":
      return t`Not at home: ${action.reason}`;
    case "undo":
      return t`Undo a payment`;
    case "weigh":
      return t`Packed weight`;
    case "order":
      return t`New order of the stops`;
  }
}
