/**
 * What other domains may call of the standing-orders domain (issue 35, decision 050): its routes, and the
 * timer's pass that makes occurrences and turns scheduled parts pending at their cut-off, and the operator's
 * figures of them.
 */
export { materialiseOne } from "./materialiser.service.ts";
export { runStandingOrders } from "./pass.service.ts";
export {
  farmerStandingOrdersRoutes,
  occurrencePriceRoutes,
  standingOrdersRoutes,
} from "./standing-orders.routes.ts";
export { standingOrderStats } from "./stats.service.ts";
