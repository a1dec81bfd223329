import { z } from "zod";
import { pageQueryFields, searchText } from "./common.ts";

/** The catalogue as the operator moderates it (/api/admin/products). */

export const OperatorProductListQuerySchema = z.strictObject({
  q: searchText,
  status: z.enum(["all", "visible", "hidden"], "Status must be all, visible or hidden").default("all"),
  ...pageQueryFields,
});
