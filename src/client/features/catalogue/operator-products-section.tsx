import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { SearchAndFilter } from "../../components/search-and-filter.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { problemOf } from "../../lib/operator-pages.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { HiddenNotice, hiddenByOperator } from "./hidden-notice.tsx";
import { type ProductVisibility, useOperatorProducts, useSetProductHidden } from "./operator-products.api.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productName } from "./product-labels.ts";

const visibilityOptions = [
  { value: "all", label: "All products" },
  { value: "visible", label: "In the shop" },
  { value: "hidden", label: "Hidden" },
] as const satisfies readonly { value: ProductVisibility; label: string }[];

function HideDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const setHidden = useSetProductHidden();
  const hide = !hiddenByOperator(product);
  const name = productName(product.name);
  return (
    <ReasonDialog
      title={hide ? `Hide ${name}?` : `Show ${name} again?`}
      intro={
        hide
          ? "It leaves the shop and search at once and can no longer be ordered. Its farmer sees it hidden, with your reason."
          : "It returns to the shop and can be ordered again. The reason goes to the audit log."
      }
      confirmLabel={hide ? "Hide product" : "Show in the shop"}
      danger={hide}
      maxLength={REASON_MAX_LENGTH}
      busy={setHidden.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        try {
          await setHidden.mutateAsync({ id: product.id, hide, reason });
          toast.success(hide ? `${name} is hidden from the shop.` : `${name} is back in the shop.`);
          return undefined;
        } catch (error) {
          return problemOf(error, "reason", "Could not change this product. Please try again.");
        }
      }}
    />
  );
}

/** The operator's products at /admin/products: search every product, hide one with a reason, unhide. */
export function OperatorProductsSection() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<ProductVisibility>("all");
  const [changing, setChanging] = useState<Product | null>(null);
  const products = useOperatorProducts(q, status);
  const list = products.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="operator-products-heading" className="space-y-4">
      <h2 id="operator-products-heading" className="text-xl font-bold text-stone-900">
        Products
      </h2>
      <SearchAndFilter
        searchLabel="Search products by name"
        filterLabel="Show"
        filter={status}
        options={visibilityOptions}
        onSearch={setQ}
        onFilter={setStatus}
      />
      <LoadState
        query={products}
        what="products"
        isEmpty={list.length === 0}
        empty={q ? `No product matches "${q}".` : "No products."}
      >
        <ul
          aria-label="Products"
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
        >
          {list.map((product) => {
            const name = productName(product.name);
            const takenDown = hiddenByOperator(product);
            return (
              <li key={product.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-4">
                  <div className="h-14 w-16 shrink-0 overflow-hidden rounded-lg bg-stone-100">
                    <ProductImage product={product} sizes="64px" />
                  </div>
                  <div className="min-w-0">
                    <h3 className="break-words font-semibold text-stone-900">{name}</h3>
                    <p className="text-sm text-stone-600">
                      {categoryLabel(product.category)} · {formatUnitPrice(product.price, product.unit)} · by{" "}
                      {product.farmerName ?? "a farmer"}
                    </p>
                    <HiddenNotice product={product} />
                    {product.farmerSuspended ? (
                      <p className="mt-1 text-sm text-stone-700">
                        Reinstating the farmer (under Accounts) brings it back
                        {takenDown ? ", once it is unhidden too" : ""}.
                      </p>
                    ) : null}
                  </div>
                </div>
                {/* NOTE: a product off the shop only because its farmer is suspended has nothing to unhide
                    (the server would answer 409); it can still be hidden, so it stays off after a reinstatement. */}
                <Button
                  variant={takenDown ? "secondary" : "danger"}
                  className="self-start sm:self-center"
                  onClick={() => setChanging(product)}
                  aria-label={`${takenDown ? "Unhide" : "Hide"} ${name}`}
                >
                  {takenDown ? "Unhide" : "Hide"}
                </Button>
              </li>
            );
          })}
        </ul>
        <ShowMoreButton pages={products} label="Show more products" />
      </LoadState>
      {changing ? <HideDialog product={changing} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}
