/**
 * The schemas that check what the screens a server draws ask for once they run (their first answers come with
 * the page): `laterSchema` (api-client.ts) imports them with the first request that needs one, so a drawn page
 * hydrates without zod (decision 073). NOTE: one module, imported only dynamically, so they come as one chunk
 * of their own, whose exports the browser hands over as they are (a module also imported statically would need
 * the bundler's runtime to build them, in a file of its own before every page's entry).
 */
export { AccountSchema } from "../../shared/schemas/account.ts";
export { ProductResponseSchema } from "../../shared/schemas/api.ts";
export { NoContentSchema } from "../../shared/schemas/auth.ts";
export { FarmerPendingCountSchema } from "../../shared/schemas/farmer.ts";
export { LikesResponseSchema } from "../../shared/schemas/likes.ts";
export { OperatorMessageListSchema } from "../../shared/schemas/operator-inbox.ts";
export { ProductListSchema } from "../../shared/schemas/products.ts";
