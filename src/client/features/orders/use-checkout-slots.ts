import { useState } from "react";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import { paymentPlaceOf } from "../../../shared/schemas/orders.ts";
import type { SlotKind } from "../../../shared/schemas/slots.ts";
import { useSlotChoices } from "../../lib/slot-choices.ts";
import { readDraftSlots, saveDraftSlots } from "./checkout-draft.ts";
import { cartFarmerKeys, farmersWithoutOpenSlot } from "./slot-choice.tsx";

/**
 * Checkout's delivery and pickup slots (decision 017): asked only of farmers who set some up, for the PIN once
 * it is whole; the choices made, those still available, and where the buyer pays because of them.
 */
export function useCheckoutSlots(items: readonly CartItem[], zipCode: string) {
  const pin = /^\d{6}$/.test(zipCode.trim()) ? zipCode.trim() : undefined;
  const slotChoices = useSlotChoices(cartFarmerKeys(items), pin);
  const choices = slotChoices.data ?? [];
  // NOTE: the draft's choices come back after a reload; one whose slot has filled or closed since is dropped
  // below, as any choice that is no longer available.
  const [chosen, setChosen] = useState<Record<string, string>>(readDraftSlots);
  const [slotErrors, setSlotErrors] = useState<Record<string, string>>({});
  // NOTE: a choice that is no longer available (full, or not delivered to the PIN typed since) is dropped.
  const validChosen: Record<string, string> = Object.fromEntries(
    choices.flatMap((farmer) => {
      const slot = farmer.slots.find((candidate) => candidate.id === chosen[farmer.farmerId]);
      return farmer.usesSlots && slot?.available ? [[farmer.farmerId, slot.id]] : [];
    }),
  );
  // NOTE: when the buyer pays follows their choices: a farmer without slots delivers, one with slots not
  // chosen yet may go either way (issue 40: a pickup is not paid "on delivery").
  const paymentPlace = paymentPlaceOf(
    choices.flatMap((farmer): SlotKind[] => {
      if (!farmer.usesSlots) return ["delivery"];
      const slot = farmer.slots.find((candidate) => candidate.id === validChosen[farmer.farmerId]);
      return slot ? [slot.kind] : ["delivery", "pickup"];
    }),
  );
  const choose = (farmerKey: string, slotId: string) => {
    const next = { ...chosen, [farmerKey]: slotId };
    setChosen(next);
    saveDraftSlots(next);
    setSlotErrors(({ [farmerKey]: _, ...others }) => others);
  };
  return {
    choices,
    usesSlots: choices.some((farmer) => farmer.usesSlots),
    validChosen,
    noSlotOpen: farmersWithoutOpenSlot(choices),
    paymentPlace,
    choose,
    slotErrors,
    setSlotErrors,
    refetch: () => void slotChoices.refetch(),
  };
}

export type CheckoutSlots = ReturnType<typeof useCheckoutSlots>;
