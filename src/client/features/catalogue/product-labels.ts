import { CATEGORIES } from "../../../shared/schemas/products.ts";
import { categoryLabels } from "../../components/category-tiles.tsx";

/** The badge text: the category's name, or "Uncategorized" (product rules §2). */
export function categoryLabel(category: string): string {
  if (!category) return "Uncategorized";
  const known = CATEGORIES.find((c) => c === category.toLowerCase());
  return known ? categoryLabels[known] : category;
}

export const productName = (name: string) => name || "Unnamed Product";
export const productDescription = (description: string) => description || "No description available";
