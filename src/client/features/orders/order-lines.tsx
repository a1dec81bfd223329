import { formatRupees } from "../../../shared/money.ts";
import type { OrderLine } from "../../../shared/schemas/orders.ts";
import { formatUnitPrice } from "../../lib/produce.ts";

/** Lines as charged: "Tomatoes × 2 (₹40.00 / kg)" and the line total, then the total. */
export function OrderLines({
  items,
  total,
  label,
}: {
  items: readonly OrderLine[];
  total: number;
  label: string;
}) {
  return (
    <div>
      <ul aria-label={label} className="space-y-1 text-stone-800">
        {items.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">
              {line.name} × {line.quantity}{" "}
              <span className="text-sm text-stone-600">({formatUnitPrice(line.unitPrice, line.unit)})</span>
            </span>
            <span className="tabular-nums">{formatRupees(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-4 border-t border-stone-200 pt-2 font-bold text-stone-900">
        <span>Total</span>
        <span className="tabular-nums">{formatRupees(total)}</span>
      </p>
    </div>
  );
}
