export { forgetUser } from "./likes.repository.ts";
export { likesRoutes } from "./likes.routes.ts";
