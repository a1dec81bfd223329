import type { PickupPoint, SlotPattern } from "../../../shared/schemas/slots.ts";

/** A farmer's pickup point and weekly pickup slot, for the tests of the set-up. */
export const farmGate: PickupPoint = {
  id: "point-1",
  name: "Farm gate",
  address: "Survey 42, Hadapsar, Pune",
  directions: null,
  mapUrl: null,
  openingNote: null,
  retiredAt: null,
};
export const saturdayPickup: SlotPattern = {
  id: "pattern-1",
  kind: "pickup",
  pickupPointId: farmGate.id,
  weekday: 6,
  start: "08:00",
  end: "10:00",
  capacity: 5,
  cutoffHours: 12,
};
