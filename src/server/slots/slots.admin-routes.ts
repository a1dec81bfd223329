import { requireOperator } from "../auth/index.ts";
import { slotSetupRoutes } from "./slots.routes.ts";

/**
 * The shop's own slots and pickup points (for the deal of the day's part), under /api/admin/shop-slots; every
 * change is in the audit log with the operator who made it.
 */
export const shopSlotsAdminRoutes = slotSetupRoutes((request) => ({
  owner: null,
  actor: requireOperator(request),
}));
