import { type FormEvent, useEffect, useId, useState } from "react";
import { CATEGORIES, type Category, PRODUCT_SORTS } from "../../../shared/schemas/products.ts";
import { categoryLabels } from "../../components/category-tiles.tsx";
import { SearchIcon } from "../../components/icons.tsx";

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ShopFilters {
  category?: Category;
  q?: string;
  sort: ProductSort;
}

const sortLabels: Record<ProductSort, string> = {
  newest: "Newest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

const SEARCH_DELAY_MS = 300;

const fieldClass =
  "block h-[42px] w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/** Search by name, category and sort; the shop keeps them in the address (?q=&category=&sort=). */
export function ShopFiltersBar({
  filters,
  onChange,
}: {
  filters: ShopFilters;
  onChange: (next: ShopFilters) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filters.q ?? "");

  useEffect(() => setSearch(filters.q ?? ""), [filters.q]);

  useEffect(() => {
    const q = search.trim() || undefined;
    if (q === (filters.q ?? undefined)) return;
    const timer = window.setTimeout(() => onChange({ ...filters, q }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: search.trim() || undefined });
  };

  return (
    <search>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[2fr_1fr_1fr]"
      >
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-stone-700">
            Search products
          </label>
          <div className="relative mt-1">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" />
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={search}
              maxLength={100}
              placeholder="Tomatoes, mangoes, paneer..."
              onChange={(event) => setSearch(event.target.value)}
              className={`${fieldClass} pl-10`}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="block text-sm font-medium text-stone-700">
            Category
          </label>
          <select
            id={`${id}-category`}
            value={filters.category ?? ""}
            onChange={(event) =>
              onChange({ ...filters, category: (event.target.value || undefined) as Category | undefined })
            }
            className={`${fieldClass} mt-1`}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabels[category]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-stone-700">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(event) => onChange({ ...filters, sort: event.target.value as ProductSort })}
            className={`${fieldClass} mt-1`}
          >
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
      </form>
    </search>
  );
}
