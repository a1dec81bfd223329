import { APP_TITLE } from "../../shared/constants.ts";
import { formatPricePerUnit } from "../../shared/schemas/products.ts";
import type { Context } from "../context.ts";
import { AppError, type PageHead } from "../http/index.ts";
import { getProduct } from "./products.service.ts";

/** A product id in a path: what the shop's ids look like (UUIDs), and never long. */
const PRODUCT_PATH = /^\/products\/([A-Za-z0-9-]{1,64})\/?$/;

/**
 * The product a page stands for when its link is shared: `/products/:id` itself, or the sign-in page a
 * signed-out visitor of it is sent to, `/login?next=/products/:id` (issue 40 item 22). Any other `next` is no
 * product: only the exact product path counts, so nothing else a link carries reaches the page.
 */
export function sharedProductId(url: string): string | undefined {
  const [path = "", search = ""] = (url.split("#")[0] ?? "").split("?");
  const own = PRODUCT_PATH.exec(path);
  if (own) return own[1];
  if (path !== "/login") return undefined;
  const next = new URLSearchParams(search).get("next");
  return next ? PRODUCT_PATH.exec(next.split("?")[0] ?? "")?.[1] : undefined;
}

/**
 * A visible product's link preview: its name, its price per unit and farmer, its picture at the shop's default
 * width, all as absolute addresses on `publicUrl`. Undefined for a hidden, deleted or unknown product, whose
 * page then keeps the shop's own head.
 */
export async function productPreview(
  ctx: Context,
  id: string,
  publicUrl: string,
): Promise<PageHead | undefined> {
  const product = await getProduct(ctx, id).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  });
  if (!product) return undefined;
  const price = formatPricePerUnit(product.price, product.unit);
  // NOTE: the shop's own products (the deal) have no farmer: the shop sells them.
  const description = `${price} · ${product.farmerName || APP_TITLE}`;
  return {
    title: `${product.name} · ${APP_TITLE}`,
    meta: [
      ["og:type", "product"],
      ["og:site_name", APP_TITLE],
      ["og:title", product.name],
      ["og:description", description],
      ["og:url", `${publicUrl}/products/${product.id}`],
      ...(product.image
        ? ([
            ["og:image", `${publicUrl}${product.image}`],
            ["og:image:alt", product.name],
          ] as [string, string][])
        : []),
      ["twitter:card", product.image ? "summary_large_image" : "summary"],
      ["twitter:title", product.name],
      ["twitter:description", description],
      ...(product.image ? ([["twitter:image", `${publicUrl}${product.image}`]] as [string, string][]) : []),
    ],
  };
}
