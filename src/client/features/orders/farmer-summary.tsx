import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import { useOnline } from "../../lib/online.ts";
import { useFarmerSummary } from "./farmer-orders.api.ts";

const periods = [
  { key: "today", label: msg`Today` },
  { key: "week", label: msg`This week` },
  { key: "all", label: msg`All time` },
] as const;

/** Orders and revenue from my products today, this week and in all (cancelled parts left out). */
export function FarmerSummary() {
  const { i18n } = useLingui();
  const summary = useFarmerSummary();
  const online = useOnline();
  return (
    <section aria-labelledby="farmer-summary-heading">
      <h2 id="farmer-summary-heading" className="sr-only">
        <Trans>Summary</Trans>
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {periods.map(({ key, label }) => {
          const period = summary.data?.[key];
          return (
            <div
              key={key}
              className="min-w-0 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:p-5"
            >
              <dt className="text-xs font-semibold uppercase tracking-wide text-brand-800 sm:text-sm">
                {i18n._(label)}
              </dt>
              <dd className="mt-2">
                {period ? (
                  <>
                    <span className="block break-words text-base font-bold tabular-nums text-stone-900 sm:text-2xl">
                      {formatRupees(period.revenue)}
                    </span>
                    <span className="text-sm text-stone-700 sm:text-base">
                      {plural(period.orders, { one: "# order", other: "# orders" })}
                    </span>
                  </>
                ) : summary.isError ? (
                  <span className="text-stone-700">
                    <Trans>Not available</Trans>
                  </span>
                ) : online ? (
                  <span className="text-stone-600">
                    <Trans>Loading...</Trans>
                  </span>
                ) : (
                  // NOTE: the figures are never kept on the device; they load when the connection returns.
                  <span className="text-stone-700">
                    <Trans>Needs a connection</Trans>
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
