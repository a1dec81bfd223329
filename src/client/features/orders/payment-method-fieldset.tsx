import { Trans } from "@lingui/react/macro";
import type { PaymentPlace } from "../../../shared/schemas/orders.ts";
import { CHECKOUT_PAYMENT_METHODS } from "../../../shared/schemas/orders.ts";
import { RadioCard } from "../../components/radio-card.tsx";
import { paymentLabel, paymentNote, paymentWhenNote } from "./format.ts";
import type { CheckoutForm } from "./use-checkout-form.ts";
import type { PaymentMode } from "./use-checkout-submit.ts";

/**
 * How the shopper pays: Pay now or on delivery when a gateway is on (decision 052), then the method, with what
 * paying that way means said honestly beneath.
 */
export function PaymentMethodFieldset({
  form,
  payNowOffered,
  payment,
  onChoosePayment,
  paymentPlace,
}: {
  form: CheckoutForm;
  payNowOffered: boolean;
  payment: PaymentMode;
  onChoosePayment: (mode: PaymentMode) => void;
  paymentPlace: PaymentPlace;
}) {
  return (
    <>
      {payNowOffered ? <PayNowOrOnDelivery payment={payment} onChoosePayment={onChoosePayment} /> : null}

      <fieldset className="mt-6">
        <legend className="text-lg font-semibold text-stone-900">
          <Trans>Payment Method</Trans>
        </legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {CHECKOUT_PAYMENT_METHODS.map((method) => (
            <RadioCard
              key={method}
              name="paymentMethod"
              value={method}
              checked={form.values.paymentMethod === method}
              onChoose={() => form.set("paymentMethod", method)}
            >
              <span className="font-medium text-stone-800">{paymentLabel(method)}</span>
            </RadioCard>
          ))}
        </div>
        {form.errors.paymentMethod ? (
          <p className="mt-1 text-sm text-red-700">{form.errors.paymentMethod}</p>
        ) : null}
        <div className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-stone-800" aria-live="polite">
          {payment === "now" ? (
            <p className="font-semibold">
              <Trans>
                You pay now on the payment page. If a weighed item comes in lighter, the difference is
                refunded to how you paid; if heavier, the rest is paid at the door.
              </Trans>
            </p>
          ) : (
            <>
              <p className="font-semibold">{paymentWhenNote(paymentPlace)}</p>
              <p className="mt-1">{paymentNote(form.values.paymentMethod)}</p>
            </>
          )}
        </div>
      </fieldset>
    </>
  );
}

/** Pay now (card, UPI or net banking on the gateway's page) or on delivery (cash or UPI at the door). */
function PayNowOrOnDelivery({
  payment,
  onChoosePayment,
}: {
  payment: PaymentMode;
  onChoosePayment: (mode: PaymentMode) => void;
}) {
  return (
    <fieldset className="mt-6">
      <legend className="text-lg font-semibold text-stone-900">
        <Trans>How to pay</Trans>
      </legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <RadioCard
          name="payment"
          value="now"
          checked={payment === "now"}
          onChoose={() => onChoosePayment("now")}
          note={<Trans>Card, UPI or net banking, on a secure payment page</Trans>}
        >
          <Trans>Pay now</Trans>
        </RadioCard>
        <RadioCard
          name="payment"
          value="on_delivery"
          checked={payment === "on_delivery"}
          onChoose={() => onChoosePayment("on_delivery")}
          note={<Trans>Cash or UPI at the door</Trans>}
        >
          <Trans>Pay on delivery</Trans>
        </RadioCard>
      </div>
    </fieldset>
  );
}
