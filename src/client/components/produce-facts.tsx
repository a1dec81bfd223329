import type { NextSlot } from "../../shared/schemas/slot-basics.ts";
import { harvestLabel, isSoldOut, stockLabel } from "../lib/produce.ts";
import { nextSlotText } from "../lib/slot-words.ts";

/** "Sold out" / "Only 3 left" as a badge; nothing when stock is plentiful or not tracked. */
export function StockBadge({
  stock,
  className = "",
}: {
  stock: number | null | undefined;
  className?: string;
}) {
  const label = stockLabel(stock);
  if (!label) return null;
  const colours = isSoldOut(stock) ? "bg-stone-800 text-white" : "bg-amber-100 text-amber-900";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours} ${className}`}
    >
      {label}
    </span>
  );
}

/** "Harvested today / yesterday / 3 days ago", or nothing without a harvest date. */
export function HarvestNote({
  harvestedOn,
  className = "",
}: {
  harvestedOn: string | null | undefined;
  className?: string;
}) {
  const label = harvestLabel(harvestedOn);
  return label ? (
    <p className={`text-xs font-medium text-brand-800 ${className}`}>
      <time dateTime={harvestedOn ?? undefined}>{label}</time>
    </p>
  ) : null;
}

/** "Next delivery: Sat 8–10 am", or "Pickup only", from the farmer's next open slot; nothing without one. */
export function NextSlotNote({ nextSlot, className = "" }: { nextSlot?: NextSlot; className?: string }) {
  if (!nextSlot) return null;
  return <p className={`text-xs font-medium text-brand-800 ${className}`}>{nextSlotText(nextSlot)}</p>;
}
