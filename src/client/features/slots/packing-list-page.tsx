import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { orderNumber } from "../../../shared/schemas/orders.ts";
import type { PackingList } from "../../../shared/schemas/slots.ts";
import { Button } from "../../components/button.tsx";
import { Pending } from "../../components/pending.tsx";
import { packText } from "../../lib/produce.ts";
import { slotText, statusText } from "./slot-texts.ts";
import { type SlotsBase, usePackingList } from "./slots.api.ts";

/**
 * The packing list of one dated slot: what to harvest and pack in all, then each order with its lines, buyer,
 * phone and address (or pickup point). Printed on A4 with the shop's header, footer and buttons left out
 * (the `print:` styles and index.css's print rules).
 */
export function PackingListPage({
  base,
  backTo,
  runPath,
}: {
  base: SlotsBase;
  backTo: string;
  /** The delivery run of the slot's date (the farmer's, issue 38); none on the shop's own list. */
  runPath?: (date: string) => string;
}) {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const list = usePackingList(base, id);
  if (list.isPending) return <Pending label={t`Loading...`} />;
  if (!list.data) return <SlotNotFound backTo={backTo} />;
  const { slot, totals, orders } = list.data;
  const point = slot.pickupPoint;
  const where = point ? t`Pickup at ${point.name}, ${point.address}` : t`Delivery`;
  const count = orders.length;
  return (
    <section className="packing-list mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <PackingListLinks base={base} backTo={backTo} runPath={runPath} slot={slot} />
      <h1 className="mt-4 text-2xl font-bold text-stone-900 print:mt-0">
        <Trans>Packing list: {slotText(slot)}</Trans>
      </h1>
      <p className="text-stone-700">
        {where} · <Plural value={count} one="# order" other="# orders" /> ·{" "}
        <Trans>
          {slot.taken} of {slot.capacity} places taken
        </Trans>
      </p>

      <PackingTotals totals={totals} />

      <h2 className="mt-6 text-lg font-semibold text-stone-900">
        <Trans>Orders</Trans>
      </h2>
      <ol className="mt-2 space-y-3">
        {orders.map((order) => (
          <PackingOrder key={order.partId} order={order} />
        ))}
      </ol>
    </section>
  );
}

/** The slot is not this farmer's, or no longer there. */
function SlotNotFound({ backTo }: { backTo: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">
        <Trans>Packing list</Trans>
      </h1>
      <p className="mt-4 text-stone-700">
        <Trans>This slot could not be found.</Trans>
      </p>
      <Link to={backTo} className="mt-4 inline-block font-semibold text-brand-700 underline">
        <Trans>Back</Trans>
      </Link>
    </section>
  );
}

/** Back, the slot's delivery run, its CSV and Print: on screen only. */
function PackingListLinks({
  base,
  backTo,
  runPath,
  slot,
}: {
  base: SlotsBase;
  backTo: string;
  runPath: ((date: string) => string) | undefined;
  slot: PackingList["slot"];
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link to={backTo} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        <Trans>Back to delivery and pickup</Trans>
      </Link>
      <div className="flex flex-wrap gap-2">
        {runPath ? (
          <Link
            to={runPath(slot.date)}
            className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
          >
            <Trans>Delivery run</Trans>
          </Link>
        ) : null}
        <a
          href={`${base}/slots/${encodeURIComponent(slot.id)}/packing-list.csv`}
          className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-800 ring-1 ring-brand-700"
          download
        >
          <Trans>Download CSV</Trans>
        </a>
        <Button onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
    </div>
  );
}

/** What to harvest and pack in all, product by product. */
function PackingTotals({ totals }: { totals: PackingList["totals"] }) {
  return (
    <>
      <h2 className="mt-6 text-lg font-semibold text-stone-900">
        <Trans>To harvest and pack</Trans>
      </h2>
      {totals.length === 0 ? (
        <p className="text-stone-700">
          <Trans>No orders in this slot yet.</Trans>
        </p>
      ) : null}
      <table className="mt-2 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-stone-400">
            <th scope="col" className="py-1 pr-2">
              <Trans>Product</Trans>
            </th>
            <th scope="col" className="py-1 text-right">
              <Trans>Quantity</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.productId} className="border-b border-stone-200">
              <td className="py-1 pr-2">{total.name}</td>
              <td className="py-1 text-right font-semibold">{packText(total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** One order to pack: its number, buyer, phone and address, its lines, and its bill as it stands. */
function PackingOrder({ order }: { order: PackingList["orders"][number] }) {
  const { t } = useLingui();
  /** "about ₹105.00": an amount that is still an estimate. */
  const aboutRupees = (rupees: number) => {
    const amount = formatRupees(rupees);
    return t`about ${amount}`;
  };
  return (
    <li className="break-inside-avoid rounded-lg p-3 ring-1 ring-stone-300">
      <p className="font-semibold text-stone-900">
        {orderNumber(order.orderId)} · {order.buyer} ·{" "}
        <span className="whitespace-nowrap">{order.phone}</span>
      </p>
      <p className="text-sm text-stone-700">{order.address}</p>
      <ul className="mt-1 text-sm">
        {order.lines.map((line) => (
          <li key={`${order.partId}-${line.name}`}>
            {line.name}: {packText(line)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-stone-700">
        {/* NOTE: the bill as it stands: "about" the estimate until every weighed line is weighed. */}
        <Trans>
          Total {order.billFinal ? formatRupees(order.total) : aboutRupees(order.total)} ·{" "}
          {statusText(order.status)}
        </Trans>
      </p>
    </li>
  );
}
