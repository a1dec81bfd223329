export { farmerProductsRoutes } from "./farmer-products.routes.ts";
export { listOwnProducts } from "./own-products.service.ts";
export { productPreview, sharedProductId } from "./preview.ts";
export { productsAdminRoutes } from "./products.admin-routes.ts";
export { forgetUser, giveProducts, insertProducts, namesOfProducts } from "./products.repository.ts";
export { productsRoutes } from "./products.routes.ts";
export {
  countProducts,
  countProductsSince,
  getProduct,
  insertProductRow,
  type ProductViewer,
  visibleProductIds,
} from "./products.service.ts";
export { findStocks, findUnorderable, returnStock, takeStock } from "./stock.repository.ts";
