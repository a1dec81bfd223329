export { farmerProductsRoutes } from "./farmer-products.routes.ts";
export { productPreview, sharedProductId } from "./preview.ts";
export { productsAdminRoutes } from "./products.admin-routes.ts";
export {
  findStocks,
  findUnorderable,
  forgetUser,
  giveProducts,
  insertProducts,
  namesOfProducts,
  returnStock,
  takeStock,
} from "./products.repository.ts";
export { productsRoutes } from "./products.routes.ts";
export {
  countProducts,
  countProductsSince,
  getProduct,
  insertProductRow,
  listOwnProducts,
  type ProductViewer,
  visibleProductIds,
} from "./products.service.ts";
