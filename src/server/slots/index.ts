/**
 * What other domains may call of the slots domain (decision 017): taking and giving back a place in a slot in
 * the order's transaction, the slot of each part, and each farmer's next open slot for product cards.
 */

export { shopSlotsAdminRoutes } from "./slots.admin-routes.ts";
export { forgetUser } from "./slots.repository.ts";
export { farmerSlotRoutes, slotsRoutes } from "./slots.routes.ts";
export {
  bookSlots,
  createPickupPoint,
  createSlotPattern,
  ensureSlots,
  listOwnSlots,
  nextSlotsOf,
  type PartToBook,
  releaseSlotOf,
  type SlotsContext,
  setDeliveryArea,
  slotsOfParts,
} from "./slots.service.ts";
