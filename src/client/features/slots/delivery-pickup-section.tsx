import { Trans, useLingui } from "@lingui/react/macro";
import { DatedSlotsPanel } from "./dated-slots-panel.tsx";
import { DeliveryAreaPanel } from "./delivery-area-panel.tsx";

import { PickupPointsPanel } from "./pickup-points-panel.tsx";
import { SlotPatternsPanel } from "./slot-patterns-panel.tsx";
import type { SlotsBase } from "./slots.api.ts";

/**
 * "Delivery and pickup" on /farmer (and the shop's own on /admin): pickup points, the PIN codes delivered to,
 * the weekly slots and the dated slots of the next 14 days with their packing lists (decision 017).
 */
export function DeliveryPickupSection({
  base,
  packingListPath,
}: {
  base: SlotsBase;
  packingListPath: (slotId: string) => string;
}) {
  const { t } = useLingui();
  // NOTE: slotMessages.withinDay, the words checkout shows buyers.
  const withinDay = t`Delivery within 24 hours`;
  return (
    <section aria-labelledby="delivery-pickup-heading" className="space-y-4">
      <div>
        <h2 id="delivery-pickup-heading" className="text-2xl font-bold text-stone-900">
          <Trans>Delivery and pickup</Trans>
        </h2>
        <p className="mt-1 text-stone-600">
          <Trans>
            Without weekly slots, buyers are told "{withinDay}". With them, each buyer picks a slot at
            checkout, and a full slot takes no more orders.
          </Trans>
        </p>
      </div>
      <PickupPointsPanel base={base} />
      <DeliveryAreaPanel base={base} />
      <SlotPatternsPanel base={base} />
      <DatedSlotsPanel base={base} packingListPath={packingListPath} />
    </section>
  );
}
