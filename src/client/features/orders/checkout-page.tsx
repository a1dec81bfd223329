import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { ArrowLeftIcon, CartIcon } from "../../components/icons.tsx";
import { useCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { useOnline } from "../../lib/online.ts";
import { toast } from "../../lib/toast.ts";
import { SavedAddressPicker } from "../../parts/saved-address-picker.tsx";
import { ShippingAddressFields } from "../../parts/shipping-address-fields.tsx";
import { saveDraft } from "./checkout-draft.ts";
import { backLink, primaryLink } from "./link-styles.ts";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentMethodFieldset } from "./payment-method-fieldset.tsx";
import { SlotChoice } from "./slot-choice.tsx";
import { type CheckoutDefaults, useCheckoutForm } from "./use-checkout-form.ts";
import { toOrderLines, useCheckoutQuote } from "./use-checkout-quote.ts";
import { useCheckoutSlots } from "./use-checkout-slots.ts";
import { type PaymentMode, useCheckoutSubmit } from "./use-checkout-submit.ts";

export type { CheckoutDefaults } from "./use-checkout-form.ts";

function EmptyCheckout() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">
        <Trans>Checkout</Trans>
      </h1>
      <div className="mt-8 flex flex-col items-center rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-stone-200">
        <CartIcon className="h-14 w-14 text-brand-700" />
        <p className="mt-4 text-xl font-semibold text-stone-900">{sayShared(orderMessages.cartEmpty)}</p>
        <Link to="/shop" className={`mt-6 ${primaryLink}`}>
          <Trans>Continue Shopping</Trans>
        </Link>
      </div>
    </section>
  );
}

/** The product's toast (product rules §8), once, when checkout is opened with nothing in the cart. */
function useEmptyCartToast(empty: boolean) {
  const emptyOnArrival = useRef(empty);
  useEffect(() => {
    if (emptyOnArrival.current)
      toast.error(sayShared(orderMessages.cartEmpty), { toastId: "checkout-cart-empty" });
  }, []);
}

export function CheckoutPage({ defaults = {} }: { defaults?: CheckoutDefaults }) {
  const items = useCart();
  const online = useOnline();
  const { form, setAttempted, schema } = useCheckoutForm(defaults);
  useEmptyCartToast(items.length === 0);
  const orderLines = toOrderLines(items);
  const quote = useCheckoutQuote(orderLines);
  // NOTE: with a gateway on, Pay now is preselected (decision 052); the shopper may choose on delivery.
  const [paymentChoice, setPaymentChoice] = useState<PaymentMode | undefined>(undefined);
  const payment = quote.payNowOffered ? (paymentChoice ?? "now") : "on_delivery";
  const slots = useCheckoutSlots(items, form.values.zipCode);
  const submit = useCheckoutSubmit({
    form,
    schema,
    setAttempted,
    items,
    orderLines,
    slots,
    payment,
    refetchQuote: quote.refetch,
  });

  if (items.length === 0 && !submit.placed) return <EmptyCheckout />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <CheckoutTitle />
      {/* NOTE: the summary comes first, so on a phone the total is read before Place Order; from lg it is
          the right-hand column. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="lg:col-start-2 lg:row-start-1">
          <OrderSummary
            items={items}
            quote={quote.data}
            lineErrors={{ ...quote.lineErrors, ...submit.lineErrors }}
          />
        </div>
        <form
          ref={form.formRef}
          onSubmit={submit.onSubmit}
          noValidate
          aria-labelledby="shipping-heading"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 lg:col-start-1 lg:row-start-1"
        >
          <ShippingInformation form={form} emailOptional={defaults.emailOptional} />

          <PaymentMethodFieldset
            form={form}
            payNowOffered={quote.payNowOffered}
            payment={payment}
            onChoosePayment={setPaymentChoice}
            paymentPlace={slots.paymentPlace}
          />

          {slots.usesSlots ? (
            <SlotChoice
              items={items}
              choices={slots.choices}
              value={slots.validChosen}
              errors={slots.slotErrors}
              onChange={slots.choose}
            />
          ) : null}

          <CheckoutProblems form={form} quote={quote} online={online} offlineTried={submit.offlineTried} />

          <Button
            type="submit"
            className="mt-6 w-full py-3 text-lg"
            disabled={submit.busy || quote.stockProblem || slots.noSlotOpen.length > 0}
            aria-busy={submit.busy}
            aria-describedby={quote.stockProblem ? "stock-problem" : undefined}
          >
            {submit.busy ? <Trans>Placing Order...</Trans> : <Trans>Place Order</Trans>}
          </Button>
        </form>
      </div>
    </section>
  );
}

function CheckoutTitle() {
  return (
    <>
      <Link to="/cart" className={backLink}>
        <ArrowLeftIcon className="h-4 w-4" /> <Trans>Back to Cart</Trans>
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">
        <Trans>Checkout</Trans>
      </h1>
    </>
  );
}

/** Where the order goes: a kept address offered (from the second), then the address with its e-mail. */
function ShippingInformation({
  form,
  emailOptional,
}: {
  form: ReturnType<typeof useCheckoutForm>["form"];
  emailOptional?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <h2 id="shipping-heading" className="text-lg font-semibold text-stone-900">
        <Trans>Shipping Information</Trans>
      </h2>
      <SavedAddressPicker form={form} id="saved-address" onFill={saveDraft} offerFrom={2} className="mt-4" />
      <div className="mt-4">
        <ShippingAddressFields
          field={form.field}
          country={form.values.country}
          // NOTE: not "within 24 hours": a farmer's slot may be days away (issue 40, item 19).
          phoneHint={t`The farmer calls you on it about your order.`}
          emailOptional={emailOptional}
        />
      </div>
    </>
  );
}

/**
 * Why the order cannot be placed yet: the form's or the quote's message, items no longer in stock (the cart
 * changes them), no connection (said aloud once Place Order was tried).
 */
function CheckoutProblems({
  form,
  quote,
  online,
  offlineTried,
}: {
  form: ReturnType<typeof useCheckoutForm>["form"];
  quote: ReturnType<typeof useCheckoutQuote>;
  online: boolean;
  offlineTried: boolean;
}) {
  return (
    <>
      <FormMessage
        id={form.formErrorId}
        message={form.formError ?? quote.error?.message ?? null}
        className="mt-6"
      />
      {quote.stockProblem && !form.formError ? (
        <p
          id="stock-problem"
          role="alert"
          className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <Trans>
            Some items are no longer available in the quantity you chose. Change them in your{" "}
            <Link to="/cart" className="font-semibold underline">
              cart
            </Link>{" "}
            to place the order.
          </Trans>
        </p>
      ) : null}

      {online ? null : (
        <p
          role={offlineTried ? "alert" : undefined}
          className="mt-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          {sayShared(orderMessages.needsConnection)}
        </p>
      )}
    </>
  );
}
