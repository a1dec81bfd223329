export { forgetUser } from "./addresses.repository.ts";
export { addressesRoutes } from "./addresses.routes.ts";
export { refuseUnservedCountry, rememberAddress } from "./addresses.service.ts";
