import { type PartSlot, slotLabel, slotMessages } from "../../../shared/schemas/slots.ts";

/** When and where a part of an order is delivered: its slot, or "Delivery within 24 hours" without one. */
export function PartSlotLine({ slot, className = "" }: { slot?: PartSlot; className?: string }) {
  if (!slot) return <p className={`text-sm text-stone-700 ${className}`}>{slotMessages.withinDay}</p>;
  return (
    <div className={`text-sm text-stone-800 ${className}`}>
      <p>
        <span className="font-semibold">{slot.kind === "pickup" ? "Pickup" : "Delivery"}:</span>{" "}
        {slotLabel(slot)}
        {slot.pickupPoint ? (
          <>
            {" "}
            at {slot.pickupPoint.name}, {slot.pickupPoint.address}
            {slot.pickupPoint.mapUrl ? (
              <>
                {" "}
                (
                <a
                  href={slot.pickupPoint.mapUrl}
                  className="text-brand-700 underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  map
                </a>
                )
              </>
            ) : null}
          </>
        ) : null}
      </p>
      {slot.closed ? <p className="font-semibold text-amber-900">{slotMessages.slotClosedByFarmer}</p> : null}
    </div>
  );
}
