import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { formatRupees } from "../../../shared/money.ts";
import { type Order, OrderResponseSchema } from "../../../shared/schemas/orders.ts";
import { Button } from "../../components/button.tsx";
import { apiFetch } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";

/** Try again: a new payment page while the hold lasts (decision 052). */
const payAgain = (id: string): Promise<Order> =>
  apiFetch(`/api/orders/${encodeURIComponent(id)}/pay`, OrderResponseSchema, {
    method: "POST",
    json: {},
  }).then((payload) => payload.order);

/** How the buyer paid online, in the reader's language (a gateway's other names are shown as they are). */
function useMethodName() {
  const { t } = useLingui();
  return (method: string | undefined) =>
    method === "card"
      ? t`card`
      : method === "upi"
        ? t`UPI`
        : method === "netbanking"
          ? t`net banking`
          : (method ?? "");
}

/**
 * An order's money paid online (decision 052): "Paid ₹X by card", a refund to how it was paid, "Payment not
 * completed" with Try again while the hold lasts, and what is left to pay at the door.
 */
export function OnlinePayment({ order }: { order: Order }) {
  const { t } = useLingui();
  const methodName = useMethodName();
  const again = useMutation({
    mutationFn: () => payAgain(order.id),
    onSuccess: (next) => {
      if (next.payment.url) window.location.assign(next.payment.url);
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : t`Please try again.`),
  });
  const { payment } = order;
  if (payment.mode !== "now") return null;
  const method = methodName(payment.method);
  return (
    <section className="mt-6 rounded-lg bg-brand-50 px-4 py-3 text-stone-800" aria-label={t`Payment`}>
      {payment.status === "paid" ? (
        <p className="font-semibold">
          <Trans>
            Paid {formatRupees(payment.paid)} by {method}
          </Trans>
        </p>
      ) : null}
      {payment.status === "paid" && payment.refunded > 0 ? (
        <p className="mt-1">
          <Trans>
            {formatRupees(payment.refunded)} refunded to your {method}
          </Trans>
        </p>
      ) : null}
      {payment.status === "awaiting" && payment.url ? (
        <p>
          <Trans>We are waiting for your payment.</Trans>{" "}
          <a className="font-semibold text-brand-800 underline" href={payment.url}>
            <Trans>Pay now</Trans>
          </a>
        </p>
      ) : null}
      {payment.status === "failed" || payment.status === "expired" ? (
        <p className="font-semibold text-red-800">
          <Trans>Payment not completed</Trans>
        </p>
      ) : null}
      {payment.status === "failed" ? (
        <Button className="mt-2" onClick={() => again.mutate()} disabled={again.isPending}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
      {payment.status === "expired" ? (
        <p className="mt-1">
          <Trans>The time to pay ran out, so the order was cancelled and nothing was charged.</Trans>
        </p>
      ) : null}
      {payment.status === "paid" && payment.due > 0 ? (
        <p className="mt-1">
          <Trans>{formatRupees(payment.due)} left to pay at the door, by cash or UPI.</Trans>
        </p>
      ) : null}
    </section>
  );
}
