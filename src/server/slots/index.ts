/**
 * What other domains may call of the slots domain (decision 017): taking and giving back a place in a slot in
 * the order's transaction, the slot of each part, and each farmer's next open slot for product cards.
 */

export { bookSlots, type PartToBook, releaseSlotOf, retakeSlotOf, slotsOfParts } from "./booking.service.ts";
export { nextSlotsOf } from "./buyers.service.ts";
export { ensureSlots } from "./calendar.service.ts";
export { listOwnSlots } from "./dated-slots.service.ts";
export { createPickupPoint, createSlotPattern, setDeliveryArea } from "./setup.service.ts";
export { shopSlotsAdminRoutes } from "./slots.admin-routes.ts";
export { forgetUser } from "./slots.repository.ts";
export { farmerSlotRoutes, slotsRoutes } from "./slots.routes.ts";
export type { SlotsContext } from "./slots-context.ts";
