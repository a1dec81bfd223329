import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Order } from "../../../shared/schemas/orders.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { useCancelOrder } from "./cancel-order.api.ts";

/** The buyer cancels every pending part at once, after saying yes. */
export function CancelPendingParts({ order }: { order: Order }) {
  const { t } = useLingui();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const pending = order.fulfilments.filter((part) => part.status === "pending");
  if (pending.length === 0) return null;
  const all = pending.length === order.fulfilments.length;
  const farmers = pending.map((part) => part.farmerName).join(", ");

  const confirm = () =>
    cancel.mutate(
      { id: order.id },
      {
        onSuccess: () => {
          toast.success(t`Your order has been cancelled`);
          setAsking(false);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError ? error.message : t`Could not cancel. Please try again.`,
          ),
      },
    );

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {all ? t`Cancel order` : t`Cancel pending parts`}
      </Button>
      {asking ? (
        <ModalDialog
          title={all ? t`Cancel this order?` : t`Cancel the pending parts?`}
          onClose={() => setAsking(false)}
        >
          <p className="text-stone-700">
            {all
              ? t`Nothing has been confirmed yet, so the whole order is cancelled.`
              : pending.length === 1
                ? t`${farmers} has not confirmed yet: that part is cancelled. The rest of the order goes on.`
                : t`${farmers} have not confirmed yet: those parts are cancelled. The rest of the order goes on.`}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
              <Trans>Keep it</Trans>
            </Button>
            <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? t`Cancelling...` : all ? t`Cancel order` : t`Cancel pending parts`}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
