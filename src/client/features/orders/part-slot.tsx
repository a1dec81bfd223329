import { Trans } from "@lingui/react/macro";
import type { PartSlot } from "../../../shared/schemas/slot-basics.ts";
import { formatSlot, slotText } from "./format.ts";

/** When and where a part of an order is delivered: its slot, or "Delivery within 24 hours" without one. */
export function PartSlotLine({ slot, className = "" }: { slot?: PartSlot; className?: string }) {
  if (!slot) return <p className={`text-sm text-stone-700 ${className}`}>{slotText.withinDay()}</p>;
  const when = formatSlot(slot);
  const point = slot.pickupPoint;
  return (
    <div className={`text-sm text-stone-800 ${className}`}>
      <p>
        <span className="font-semibold">
          {slot.kind === "pickup" ? <Trans>Pickup:</Trans> : <Trans>Delivery:</Trans>}
        </span>{" "}
        {point ? (
          <Trans>
            {when} at {point.name}, {point.address}
          </Trans>
        ) : (
          when
        )}
        {point?.mapUrl ? (
          <>
            {" "}
            (
            <a href={point.mapUrl} className="text-brand-700 underline" target="_blank" rel="noreferrer">
              <Trans>map</Trans>
            </a>
            )
          </>
        ) : null}
      </p>
      {slot.closed ? <p className="font-semibold text-amber-900">{slotText.closedByFarmer()}</p> : null}
    </div>
  );
}
