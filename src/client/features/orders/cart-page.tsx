import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { orderMessages } from "../../../shared/messages.ts";
import { formatRupees } from "../../../shared/money.ts";
import { type CartItem, MIN_LINE_QUANTITY } from "../../../shared/schemas/cart.ts";
import { ArrowLeftIcon, CartIcon, MinusIcon, PlusIcon, TrashIcon } from "../../components/icons.tsx";
import { StockBadge } from "../../components/produce-facts.tsx";
import { maxQuantityOf, removeFromCart, setCartQuantity, useCart } from "../../lib/cart-store.ts";
import { sayShared } from "../../lib/i18n.ts";
import { formatPackPrice, packText } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import { cartItemCount, cartTotalRupees, lineTotalRupees } from "./format.ts";
import { backLink, primaryLink, secondaryLink } from "./link-styles.ts";
import { ProductThumbnail } from "./product-thumbnail.tsx";
import { SummaryCard, SummaryRow } from "./summary-row.tsx";

const stepButton =
  "flex h-11 w-11 items-center justify-center rounded-full text-brand-800 ring-1 ring-stone-300 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent";

function CartLine({ item }: { item: CartItem }) {
  const { t } = useLingui();
  const remove = () => {
    removeFromCart(item.id);
    toast.success(sayShared(orderMessages.itemRemoved));
  };
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 py-5 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]">
      <ProductThumbnail src={item.image} />
      <div className="min-w-0">
        <h2 className="break-words text-lg font-semibold text-stone-900">{item.name}</h2>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-stone-600">
          {formatPackPrice(item.price, item.unit)}
          <StockBadge stock={item.stock} />
          {item.startTime ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Trans>Deal of the Day</Trans>
            </span>
          ) : null}
        </p>
      </div>
      <div className="order-last col-span-3 flex items-center justify-between gap-4 sm:order-none sm:col-span-1 sm:justify-end">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepButton}
            aria-label={t`Decrease quantity of ${item.name}`}
            disabled={item.quantity <= MIN_LINE_QUANTITY}
            onClick={() => setCartQuantity(item.id, item.quantity - 1)}
          >
            <MinusIcon className="h-4 w-4" />
          </button>
          {/* NOTE: what the number counts, as the packing list says it: "2 × 500 g", "3 kg" (issue 40). */}
          <output
            className="min-w-8 whitespace-nowrap text-center font-semibold tabular-nums"
            aria-label={t`Quantity of ${item.name}`}
          >
            {item.unit
              ? packText({ quantity: item.quantity, unit: item.unit, grams: null, packed: false })
              : item.quantity}
          </output>
          <button
            type="button"
            className={stepButton}
            aria-label={t`Increase quantity of ${item.name}`}
            disabled={item.quantity >= maxQuantityOf(item)}
            onClick={() => setCartQuantity(item.id, item.quantity + 1)}
          >
            <PlusIcon className="h-4 w-4" />
          </button>
        </div>
        <p className="w-24 text-right font-semibold tabular-nums text-stone-900">
          {formatRupees(lineTotalRupees(item))}
        </p>
      </div>
      <button
        type="button"
        onClick={remove}
        aria-label={t`Remove ${item.name} from cart`}
        className="flex h-11 w-11 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-red-50 hover:text-red-700"
      >
        <TrashIcon />
      </button>
    </li>
  );
}

export function CartPage() {
  const { t } = useLingui();
  const items = useCart();
  const total = cartTotalRupees(items);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/dashboard" className={backLink}>
        <ArrowLeftIcon className="h-4 w-4" /> <Trans>Back to Home</Trans>
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">
        <Trans>Your Cart</Trans>
      </h1>

      {items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-stone-200">
          <CartIcon className="h-14 w-14 text-brand-700" />
          <h2 className="mt-4 text-xl font-semibold text-stone-900">
            <Trans>Your cart is empty</Trans>
          </h2>
          <p className="mt-2 text-stone-600">
            <Trans>Fresh fruits, vegetables, dairy and grains are waiting for you.</Trans>
          </p>
          <Link to="/shop" className={`mt-6 ${primaryLink}`}>
            <Trans>Continue Shopping</Trans>
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-8 pb-20 sm:pb-0 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <ul
            aria-label={t`Cart items`}
            className="divide-y divide-stone-200 rounded-2xl bg-white px-4 sm:px-5 shadow-sm ring-1 ring-stone-200"
          >
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <SummaryCard as="aside" headingId="cart-summary-heading" title={<Trans>Cart summary</Trans>}>
            <dl className="mt-4 space-y-2 text-stone-700">
              <SummaryRow label={<Trans>Items</Trans>}>{cartItemCount(items)}</SummaryRow>
              <SummaryRow label={<Trans>Total</Trans>} total testId="cart-total">
                {formatRupees(total)}
              </SummaryRow>
            </dl>
            <Link to="/checkout" className={`mt-6 w-full ${primaryLink}`}>
              <Trans>Proceed to Checkout</Trans>
            </Link>
            <Link to="/standing-orders/new" className={`mt-2 w-full ${secondaryLink}`}>
              <Trans>Repeat this order</Trans>
            </Link>
            <Link
              to="/shop"
              className="mt-1 flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 hover:underline"
            >
              <Trans>Continue Shopping</Trans>
            </Link>
          </SummaryCard>
          {/* NOTE: on a phone the way on is always under the thumb, whatever the scroll position. */}
          <div className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:hidden">
            <Link to="/checkout" className={`w-full ${primaryLink}`}>
              <Trans>Checkout · {formatRupees(total)}</Trans>
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
