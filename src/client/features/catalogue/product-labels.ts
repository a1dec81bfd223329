import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { CATEGORIES, type Category } from "../../../shared/schemas/products.ts";

/** The categories' names in the reader's language, as the badges, filters and forms of the catalogue show them. */
const categoryNames: Record<Category, MessageDescriptor> = {
  vegetables: msg`Vegetables`,
  fruits: msg`Fruits`,
  dairy: msg`Dairy`,
  grains: msg`Grains`,
};

export const categoryName = (category: Category) => i18n._(categoryNames[category]);

/** The badge text: the category's name, or "Uncategorized" (product rules §2). */
export function categoryLabel(category: string): string {
  if (!category) return t`Uncategorized`;
  const known = CATEGORIES.find((c) => c === category.toLowerCase());
  return known ? categoryName(known) : category;
}

export const productName = (name: string) => name || t`Unnamed Product`;
export const productDescription = (description: string) => description || t`No description available`;
