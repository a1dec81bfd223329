import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useMe } from "../features/auth/me.api.ts";
import { MyProductsSection } from "../features/catalogue/my-products-section.tsx";
import { FarmerSummary } from "../features/orders/farmer-summary.tsx";
import { IncomingOrdersSection } from "../features/orders/incoming-orders-section.tsx";
import { FarmerPaymentsSection } from "../features/orders/payments-section.tsx";
import { RunPage } from "../features/orders/run-page.tsx";
import { DeliveryPickupSection } from "../features/slots/delivery-pickup-section.tsx";
import { PackingListPage } from "../features/slots/packing-list-page.tsx";
import {
  DemandAheadSection,
  StandingCustomersSection,
} from "../features/standing-orders/farmer-sections.tsx";
import { shopToday } from "../lib/produce.ts";

const jumpLink = "inline-flex min-h-11 items-center text-brand-700 hover:underline";

/**
 * The farmer's workspace at /farmer: the summary, the orders to fulfil and my products with their stock.
 * Composed here because it spans two features (orders and catalogue), which never import each other.
 */
export function FarmerPage() {
  const { t } = useLingui();
  /** The page's own sections, by their headings' ids. */
  const sections = [
    ["#incoming-orders-heading", t`Incoming orders`],
    ["#demand-ahead-heading", t`Demand ahead`],
    ["#payments-heading", t`Payments`],
    ["#my-products-heading", t`My products`],
    ["#delivery-pickup-heading", t`Delivery and pickup`],
  ] as const;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
            <Trans>Farmer Portal</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <Trans>Your orders to fulfil, your sales, your stock and when you deliver.</Trans>
          </p>
        </div>
        <nav aria-label={t`Farmer Portal sections`} className="flex flex-wrap gap-x-4 text-sm font-semibold">
          {sections.map(([href, label]) => (
            <a key={href} href={href} className={jumpLink}>
              {label}
            </a>
          ))}
          <Link to={runPath(shopToday())} className={jumpLink}>
            <Trans>Delivery run</Trans>
          </Link>
          <Link to="/addProduct" className={jumpLink}>
            <Trans>Add a product</Trans>
          </Link>
        </nav>
      </div>
      <FarmerSummary />
      <IncomingOrdersSection />
      <DemandAheadSection />
      <StandingCustomersSection />
      <FarmerPaymentsSection />
      <MyProductsSection />
      <DeliveryPickupSection
        base="/api/farmer"
        packingListPath={(id) => `/farmer/slots/${encodeURIComponent(id)}/packing-list`}
      />
    </div>
  );
}

/** /farmer/slots/:id/packing-list: a dated slot's packing list, printable. */
export function FarmerPackingListPage() {
  return <PackingListPage base="/api/farmer" backTo="/farmer#delivery-pickup-heading" runPath={runPath} />;
}

/** /farmer/run/:date: the day's delivery run (issue 38). */
export function FarmerRunPage() {
  // NOTE: the run is kept on the phone per farmer (decision 046): the store's name holds the user id.
  const userId = useMe().data?.id;
  return <RunPage userId={userId} />;
}

const runPath = (date: string) => `/farmer/run/${date}`;
