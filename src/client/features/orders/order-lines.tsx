import { Trans } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import type { OrderLine, PlacedLine } from "../../../shared/schemas/orders.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { billText } from "./format.ts";

const isPlaced = (line: OrderLine | PlacedLine): line is PlacedLine => "lineId" in line;

/** "ordered 2 kg · packed 2.15 kg" for a weighed line (decision 020); nothing for any other line. */
export const lineWeights = (line: OrderLine | PlacedLine): string | null =>
  isPlaced(line) && line.weighed
    ? [
        billText.ordered(line.quantity, line.unit),
        ...(line.packedGrams !== null ? [billText.packed(line.packedGrams)] : []),
      ].join(" · ")
    : null;

/**
 * Lines as billed: "Tomatoes × 2 (₹40.00 / kg)", a weighed line's ordered and packed weight, its amount, then
 * the total: "about ₹X" until the bill is final (`billFinal` false), then "₹Y".
 */
export function OrderLines({
  items,
  total,
  label,
  billFinal = true,
}: {
  items: readonly (OrderLine | PlacedLine)[];
  total: number;
  label: string;
  billFinal?: boolean;
}) {
  return (
    <div>
      <ul aria-label={label} className="space-y-1 text-stone-800">
        {items.map((line) => {
          const weights = lineWeights(line);
          return (
            <li key={line.productId} className="flex justify-between gap-4">
              <span className="min-w-0 break-words">
                {line.name} × {line.quantity}{" "}
                <span className="text-sm text-stone-600">({formatUnitPrice(line.unitPrice, line.unit)})</span>
                {weights ? <span className="block text-sm text-stone-600">{weights}</span> : null}
              </span>
              <span className="tabular-nums">
                {formatRupees(isPlaced(line) ? line.amount : line.lineTotal)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 flex justify-between gap-4 border-t border-stone-200 pt-2 font-bold text-stone-900">
        <span>
          <Trans>Total</Trans>
        </span>
        <span className="tabular-nums">{billFinal ? formatRupees(total) : billText.about(total)}</span>
      </p>
    </div>
  );
}
