import { requireOperator } from "../auth/index.ts";
import { slotSetupRoutes } from "./slots.routes.ts";

/** The shop's own slots and pickup points (for the deal of the day's part), under /api/admin/shop-slots. */
export const shopSlotsAdminRoutes = slotSetupRoutes((request) => {
  requireOperator(request);
  return null;
});
