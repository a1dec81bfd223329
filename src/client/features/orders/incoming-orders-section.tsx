import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { PART_STATUSES, type PartStatus } from "../../../shared/schemas/order-parts.ts";
import { LoadFailed } from "../../components/load-state.tsx";
import { Pending } from "../../components/pending.tsx";
import { useFarmerOrders } from "./farmer-orders.api.ts";
import { FarmerPartCard } from "./farmer-part-card.tsx";
import { statusLabel } from "./format.ts";
import { OlderOrdersButton } from "./older-orders-button.tsx";

const isStatus = (value: string | null): value is PartStatus =>
  (PART_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The farmer's incoming orders: my part of each, newest first, a page at a time, filtered by status (kept in
 * the URL as `?status=`, so a reload or a shared link shows the same list).
 */
export function IncomingOrdersSection() {
  const { t } = useLingui();
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = isStatus(raw) ? raw : undefined;
  const orders = useFarmerOrders(status);
  const shownStatus = status ? statusLabel(status).toLowerCase() : undefined;
  const list = orders.data?.pages.flatMap((page) => page.fulfilments) ?? [];

  const setStatus = (next: string) => {
    const search = new URLSearchParams(params);
    if (next) search.set("status", next);
    else search.delete("status");
    setParams(search, { replace: true });
  };

  return (
    <section aria-labelledby="incoming-orders-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="incoming-orders-heading" className="text-xl font-bold text-stone-900">
          <Trans>Incoming orders</Trans>
        </h2>
        <div>
          <label htmlFor={filterId} className="block text-sm font-medium text-stone-700">
            <Trans>Show</Trans>
          </label>
          <select
            id={filterId}
            value={status ?? ""}
            onChange={(event) => setStatus(event.target.value)}
            className="mt-1 min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          >
            <option value="">{t`All orders`}</option>
            {PART_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {orders.isPending ? (
        <Pending label={t`Loading orders...`} />
      ) : orders.isError ? (
        <LoadFailed onRetry={() => orders.refetch()}>
          <Trans>Your orders could not be loaded. Please try again.</Trans>
        </LoadFailed>
      ) : list.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">
          {shownStatus ? t`No ${shownStatus} orders.` : t`No orders for your products yet.`}
        </p>
      ) : (
        <>
          <ul aria-label={t`Incoming orders`} className="space-y-4">
            {list.map((fulfilment) => (
              <FarmerPartCard key={fulfilment.id} fulfilment={fulfilment} />
            ))}
          </ul>
          <OlderOrdersButton pages={orders} />
        </>
      )}
    </section>
  );
}
