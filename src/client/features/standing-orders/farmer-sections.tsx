import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { SlotPatternListSchema } from "../../../shared/schemas/slots.ts";
import type { Demand } from "../../../shared/schemas/standing-orders.ts";
import { RowTable } from "../../components/row-table.tsx";
import { apiFetch } from "../../lib/api-client.ts";
import { unitName } from "../../lib/produce.ts";
import { weekdayText, windowText } from "../../lib/slot-words.ts";
import { dayLabel } from "./day-label.ts";
import { useDemand, useFarmerStandingOrders } from "./standing-orders.api.ts";

type Product = Demand["slots"][number]["products"][number];

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200";

/** The farmer's weekly slots by id, to name the slot each standing customer orders in. */
const useWeeklySlots = () =>
  useQuery({
    queryKey: ["slots", "/api/farmer", "patterns"],
    queryFn: () => apiFetch("/api/farmer/slot-patterns", SlotPatternListSchema).then((r) => r.items),
  });

/** A section's list that could not be loaded, or has nothing in it yet. */
function NoneYet({ failed }: { failed: boolean }) {
  return failed ? (
    <p role="alert" className="text-red-800">
      <Trans>Could not load your standing orders. Please try again.</Trans>
    </p>
  ) : (
    <p className="text-stone-600">
      <Trans>None yet.</Trans>
    </p>
  );
}

/** "Standing customers" on /farmer (issue 35): who orders what, how often, in which slot, how many coming. */
export function StandingCustomersSection() {
  const { t } = useLingui();
  const list = useFarmerStandingOrders();
  const patterns = useWeeklySlots().data ?? [];
  const slotName = (id: string) => {
    const pattern = patterns.find((each) => each.id === id);
    return pattern ? `${weekdayText(pattern.weekday)} ${windowText(pattern.start, pattern.end)}` : "";
  };
  return (
    <section aria-labelledby="standing-customers-heading" className="space-y-3">
      <h2 id="standing-customers-heading" className="text-xl font-bold text-stone-900">
        <Trans>Standing customers</Trans>
      </h2>
      {list.isError || list.data?.length === 0 ? (
        <NoneYet failed={list.isError} />
      ) : (
        <ul aria-label={t`Standing customers`} className={`divide-y divide-stone-200 ${card}`}>
          {(list.data ?? []).map(({ everyWeeks: every, coming, ...order }) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{order.customerName}</span>
                <span className="block text-sm text-stone-700">
                  {order.items.map((line) => `${line.name} × ${line.quantity}`).join(", ")}
                </span>
              </span>
              <span className="text-right text-sm text-stone-700">
                <span className="block">
                  {plural(every, { one: "Every week", other: "Every # weeks" })}
                  {" · "}
                  {order.slotPatternIds.map(slotName).filter(Boolean).join(", ")}
                </span>
                <span className="block">
                  {order.status === "paused" ? (
                    <Trans>Paused</Trans>
                  ) : order.status === "ended" ? (
                    <Trans>Ended</Trans>
                  ) : (
                    plural(coming, { one: "# delivery coming", other: "# deliveries coming" })
                  )}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * "Demand ahead" on /farmer (issue 35): for each slot of the next 14 days, per product, what is pending (to
 * fulfil) and what is scheduled (not final: it may be skipped or changed until the cut-off).
 */
export function DemandAheadSection() {
  const demand = useDemand();
  const slots = (demand.data ?? []).filter((each) => each.products.length > 0);
  return (
    <section aria-labelledby="demand-ahead-heading" className="space-y-3">
      <h2 id="demand-ahead-heading" className="text-xl font-bold text-stone-900">
        <Trans>Demand ahead</Trans>
      </h2>
      {demand.isError || (demand.data && slots.length === 0) ? (
        <NoneYet failed={demand.isError} />
      ) : (
        <ul className="space-y-3">
          {slots.map(({ slot, products }) => {
            const when = `${dayLabel(slot.date)} ${windowText(slot.start, slot.end)}`;
            return (
              <li key={slot.id} className={card}>
                <RowTable
                  caption={
                    slot.kind === "pickup" ? <Trans>Pickup, {when}</Trans> : <Trans>Delivery, {when}</Trans>
                  }
                  captionClassName="text-left text-base font-semibold text-stone-900"
                  headClassName="text-stone-600"
                  headWeight="font-medium"
                  pad="py-1"
                  nameHeader={<Trans>Product</Trans>}
                  columns={[
                    {
                      key: "pending",
                      header: <Trans>Pending</Trans>,
                      cell: (product: Product) => `${product.pending} ${unitName(product.unit)}`,
                      figures: true,
                    },
                    {
                      key: "scheduled",
                      header: <Trans>Scheduled (not final)</Trans>,
                      cell: (product: Product) => `${product.scheduled} ${unitName(product.unit)}`,
                      figures: true,
                    },
                  ]}
                  rows={products}
                  rowKey={(product) => product.productId}
                  rowName={(product) => product.name}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
