import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { formatRupees } from "../../../shared/money.ts";
import type { CartProduct } from "../../../shared/schemas/cart.ts";
import type { Deal } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { CartIcon, ClockIcon } from "../../components/icons.tsx";
import { toast } from "../../lib/toast.ts";
import { addToCartWithToast, bootCartProps } from "./add-to-cart.ts";
import { formatCountdown } from "./countdown.ts";
import { dealQuery, useDeal } from "./deal.api.ts";
import { productToasts } from "./product-texts.ts";

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** When a deal runs out: say so once, and fetch the next one (again every few seconds until it arrives). */
function useNextDealOnExpiry(deal: Deal | undefined, expired: boolean) {
  const queryClient = useQueryClient();
  const announcedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!deal || !expired) return;
    if (announcedFor.current !== deal.endTime) {
      announcedFor.current = deal.endTime;
      toast.info(productToasts.newDeal());
    }
    queryClient.invalidateQueries({ queryKey: dealQuery.queryKey });
    const retry = window.setInterval(
      () => queryClient.invalidateQueries({ queryKey: dealQuery.queryKey }),
      5000,
    );
    return () => window.clearInterval(retry);
  }, [deal, expired, queryClient]);
}

/** The deal as a cart line: the product's fields the cart keeps. */
const cartLineOf = (deal: Deal): CartProduct => ({
  id: deal.id,
  name: deal.name,
  price: deal.price,
  image: deal.image,
  description: deal.description,
  category: deal.category,
  userId: deal.userId,
  startTime: deal.startTime,
});

/** The deal's picture, with how much is off. */
function DealPicture({ deal }: { deal: Deal }) {
  const saving = Math.round((1 - deal.price / deal.originalPrice) * 100);
  return (
    <div className="relative aspect-[4/3] bg-amber-100 md:aspect-auto">
      <img
        src={deal.image}
        alt={deal.name}
        width={640}
        height={480}
        // NOTE: under the hero on every screen size: not fetched beside the app's code (decision 041).
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
      />
      {saving > 0 ? (
        <span className="absolute left-4 top-4 rounded-full bg-red-700 px-3 py-1 text-sm font-bold text-white">
          <Trans>{saving}% off</Trans>
        </span>
      ) : null}
    </div>
  );
}

/** How long the deal still runs. */
function Countdown({ remaining }: { remaining: number }) {
  return (
    <p className="flex items-center gap-2 text-stone-800">
      <ClockIcon className="h-5 w-5 text-amber-700" />
      <span>
        <Trans>Ends in</Trans>
      </span>
      <span
        className="rounded-lg bg-stone-900 px-3 py-1 font-mono text-lg font-semibold tabular-nums text-white"
        data-testid="deal-countdown"
        // NOTE: the server's second is not the browser's; the next tick corrects it (decision 037).
        suppressHydrationWarning
      >
        {formatCountdown(remaining)}
      </span>
    </p>
  );
}

/** The deal of the day (product rules §2–§4): a countdown to its end, price against the original, Add to Cart. */
export function DealOfTheDay() {
  const { t } = useLingui();
  const deal = useDeal();
  const now = useNow(1000);
  const remaining = deal.data ? Date.parse(deal.data.endTime) - now : 0;
  useNextDealOnExpiry(deal.data, deal.data !== undefined && remaining <= 0);

  if (!deal.data) {
    return deal.isError ? null : (
      <section aria-label={t`Deal of the Day`} className="h-56 animate-pulse rounded-3xl bg-amber-50" />
    );
  }
  const current = deal.data;
  const dealLine = cartLineOf(current);
  return (
    <section
      aria-labelledby="deal-heading"
      className="grid overflow-hidden rounded-3xl bg-gradient-to-br from-amber-50 via-orange-50 to-white shadow-sm ring-1 ring-amber-200 md:grid-cols-[2fr_3fr]"
    >
      <DealPicture deal={current} />
      <div className="flex flex-col justify-center p-6 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-amber-800">
          <Trans>Today only</Trans>
        </p>
        <h2 id="deal-heading" className="mt-1 text-3xl font-extrabold text-stone-900">
          <Trans>Deal of the Day</Trans>
        </h2>
        <p className="mt-3 text-xl font-semibold text-stone-900">{current.name}</p>
        <p className="mt-1 text-stone-700">{current.description}</p>
        <p className="mt-4 flex items-baseline gap-3">
          <span className="text-3xl font-bold text-brand-800">{formatRupees(current.price)}</span>
          <span className="text-lg text-stone-600 line-through">
            <span className="sr-only">
              <Trans>was</Trans>{" "}
            </span>
            {formatRupees(current.originalPrice)}
          </span>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Countdown remaining={remaining} />
          <Button {...bootCartProps(dealLine)} onClick={() => addToCartWithToast(dealLine)}>
            <CartIcon />
            <Trans>
              Add to Cart<span className="sr-only">: {current.name}, deal of the day</span>
            </Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
