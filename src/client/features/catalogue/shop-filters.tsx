import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { CATEGORIES, type Category, PRODUCT_SORTS } from "../../../shared/product-basics.ts";
import { HeartIcon, SearchIcon } from "../../components/icons.tsx";
import { categoryName } from "./product-labels.ts";
import { useTypedSearch } from "./use-typed-search.ts";

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ShopFilters {
  category?: Category;
  q?: string;
  sort: ProductSort;
  /** Only the products the shopper likes. */
  liked?: boolean;
}

const sortLabels: Record<ProductSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  "price-asc": msg`Price: low to high`,
  "price-desc": msg`Price: high to low`,
};

const fieldClass =
  "block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/** `replace`: the change takes the place of the current history entry instead of adding one. */
export type ShopFiltersChange = (next: ShopFilters, options?: { replace?: boolean }) => void;

/** One of the bar's selects, labelled, its choice marked for the boot script (`data-shop-filter`). */
function FilterSelect({
  id,
  label,
  filter,
  value,
  onChange,
  children,
}: {
  id: string;
  label: ReactNode;
  filter: "category" | "sort";
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        data-shop-filter={filter}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldClass} mt-1`}
      >
        {children}
      </select>
    </div>
  );
}

/** Only the liked products, or all again. */
function LikedToggle({ liked, onToggle }: { liked: boolean; onToggle: () => void }) {
  return (
    <div className="flex items-end">
      <button
        type="button"
        aria-pressed={liked}
        onClick={onToggle}
        className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg px-4 font-semibold shadow-sm ring-1 sm:w-auto ${
          liked
            ? "bg-rose-600 text-white ring-rose-600 hover:bg-rose-700"
            : "bg-white text-stone-800 ring-stone-300 hover:bg-stone-50"
        }`}
      >
        <HeartIcon filled={liked} className="h-5 w-5" />
        <Trans>Liked</Trans>
      </button>
    </div>
  );
}

/**
 * Search by name, category and sort; the shop keeps them in the address (?q=&category=&sort=&liked=). Each
 * choice is a history entry, so Back undoes it; a search being typed is one entry, updated as it changes.
 */
export function ShopFiltersBar({ filters, onChange }: { filters: ShopFilters; onChange: ShopFiltersChange }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { search, setSearch, choose, submit } = useTypedSearch(filters, onChange);

  return (
    <search>
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-stone-700">
            <Trans>Search products</Trans>
          </label>
          <div className="relative mt-1">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" />
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              value={search}
              maxLength={100}
              placeholder={t`Tomatoes, mangoes, paneer...`}
              onChange={(event) => setSearch(event.target.value)}
              className={`${fieldClass} pl-10`}
            />
          </div>
        </div>
        <FilterSelect
          id={`${id}-category`}
          label={<Trans>Category</Trans>}
          filter="category"
          value={filters.category ?? ""}
          onChange={(value) => choose({ ...filters, category: (value || undefined) as Category | undefined })}
        >
          <option value="">{t`All categories`}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryName(category)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-sort`}
          label={<Trans>Sort by</Trans>}
          filter="sort"
          value={filters.sort}
          onChange={(value) => choose({ ...filters, sort: value as ProductSort })}
        >
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(sortLabels[sort])}
            </option>
          ))}
        </FilterSelect>
        <LikedToggle
          liked={Boolean(filters.liked)}
          onToggle={() => choose({ ...filters, liked: !filters.liked || undefined })}
        />
      </form>
    </search>
  );
}
