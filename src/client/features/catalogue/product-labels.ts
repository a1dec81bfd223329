import { t } from "@lingui/core/macro";
import { CATEGORIES } from "../../../shared/product-basics.ts";
import { categoryName } from "../../lib/produce.ts";

export { categoryName };

/** The badge text: the category's name, or "Uncategorized" (product rules §2). */
export function categoryLabel(category: string): string {
  if (!category) return t`Uncategorized`;
  const known = CATEGORIES.find((c) => c === category.toLowerCase());
  return known ? categoryName(known) : category;
}

export const productName = (name: string) => name || t`Unnamed Product`;
export const productDescription = (description: string) => description || t`No description available`;
