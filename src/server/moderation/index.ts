export { accountsAdminRoutes } from "./moderation.admin-routes.ts";
export { accountsPerBucket, countAccountsSince } from "./moderation.service.ts";
