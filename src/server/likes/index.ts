export { likesRoutes } from "./likes.routes.ts";
