export { scheduleDealTurnovers, turnDealOver } from "./deal-turnover.ts";
export { dealsAdminRoutes } from "./deals.admin-routes.ts";
export { dealsRoutes } from "./deals.routes.ts";
export { type CurrentDeal, currentDeal, DEAL_ID, DEAL_UNIT, dealAt, dealWindow } from "./deals.service.ts";
