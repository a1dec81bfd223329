import { Trans } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { LaterPart, laterPart } from "../../lib/later-part.tsx";
import { BootTextsScript } from "./boot-texts-script.tsx";
import { useLikes } from "./likes.api.ts";
import { ShopFiltersBar } from "./shop-filters.tsx";
import { ShopResults } from "./shop-results.tsx";
import { useShopList } from "./use-shop-list.ts";

// NOTE: opened by a tap; its code comes once the page runs, not before it is drawn (decision 073).
const deleteDialog = laterPart(() =>
  import("./delete-product-dialog.tsx").then((m) => m.DeleteProductDialog),
);

/** The shop (product rules §2): every product, a page at a time, with search, category filter and sort. */
export function ShopPage({ currentUserId }: { currentUserId: string | null }) {
  const shop = useShopList();
  const likes = useLikes(currentUserId);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
            <Trans>Our Products</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <Trans>Straight from the farmers who grow them.</Trans>
          </p>
        </div>
        <Link
          to="/contact"
          className="inline-flex min-h-11 items-center rounded-xl bg-white px-4 py-2 font-semibold text-brand-800 shadow-sm ring-1 ring-brand-700 hover:bg-brand-50"
        >
          <Trans>Connect with Farmers</Trans>
        </Link>
      </div>

      <div className="mt-6">
        <ShopFiltersBar filters={shop.filters} onChange={shop.setFilters} />
      </div>

      <div className="mt-8" aria-busy={shop.pages.isFetching}>
        <ShopResults shop={shop} currentUserId={currentUserId} likes={likes} onDelete={setDeleting} />
      </div>

      {deleting ? (
        <LaterPart
          part={deleteDialog}
          product={deleting}
          onClose={() => setDeleting(null)}
          // NOTE: the Delete button that opened the dialog is gone; focus goes to the page title, not to <body>.
          onDeleted={() => window.setTimeout(() => headingRef.current?.focus())}
        />
      ) : null}
      <BootTextsScript />
    </div>
  );
}
