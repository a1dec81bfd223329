import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { formatRupees } from "../../../shared/money.ts";
import { type REFUND_REASONS, UnsettledMoneySchema } from "../../../shared/schemas/online-payments.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { orderNumber } from "./format.ts";

/*
 * Money the operator settles by hand (issue 36): a refund the gateway reported failed, and a payment whose
 * amount or currency differed from its order's, so it was never taken as paid. Both stay listed until the
 * operator settles them at the gateway; nothing here is lost silently.
 */

const reasons = {
  weighed_lower: msg`the weighed bill was lower`,
  cancelled: msg`a paid part was cancelled`,
  mismatch: msg`the payment did not match its order`,
  duplicate: msg`the order was paid twice`,
  late: msg`the payment came after the order was cancelled`,
} satisfies Record<(typeof REFUND_REASONS)[number], unknown>;

export function UnsettledMoney() {
  const { t, i18n } = useLingui();
  const unsettled = useQuery({
    queryKey: ["admin", "payments", "unsettled"],
    queryFn: ({ signal }) => apiFetch("/api/admin/payments/unsettled", UnsettledMoneySchema, { signal }),
    staleTime: 0,
  });
  if (!unsettled.data) return null;
  const { refunds, mismatched } = unsettled.data;
  const when = (at: string) => i18n.date(at, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="unsettled-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="unsettled-heading" className="text-lg font-semibold text-stone-900">
        <Trans>Money to settle by hand</Trans>
      </h3>
      {refunds.length === 0 && mismatched.length === 0 ? (
        <p className="mt-2 text-stone-700">
          <Trans>Nothing to settle by hand.</Trans>
        </p>
      ) : (
        <ul className="mt-2 space-y-2 text-stone-800">
          {refunds.map((refund) => (
            <li key={refund.id}>
              {t`Refund of ${formatRupees(refund.amount)} for order ${orderNumber(refund.orderId)} failed on ${when(refund.failedAt)}: ${i18n._(reasons[refund.reason])}. Payment ${refund.gatewayPaymentId}.`}
            </li>
          ))}
          {mismatched.map((payment) => (
            <li key={payment.id}>
              {t`Payment of ${formatRupees(payment.amount)} (${payment.currency}) for order ${orderNumber(payment.orderId)} on ${when(payment.at)} was not taken as paid: its amount or currency differs from the order's. Payment ${payment.gatewayPaymentId}.`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
