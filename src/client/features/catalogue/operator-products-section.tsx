import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { REASON_MAX_LENGTH } from "../../../shared/schemas/common.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { LoadState } from "../../components/load-state.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { SearchAndFilter } from "../../components/search-and-filter.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { problemOf } from "../../lib/operator-pages.ts";
import { toast } from "../../lib/toast.ts";
import { HiddenNotice, hiddenByOperator } from "./hidden-notice.tsx";
import { type ProductVisibility, useOperatorProducts, useSetProductHidden } from "./operator-products.api.ts";
import { productName } from "./product-labels.ts";
import { ProductSummary } from "./product-summary.tsx";

const visibilityOptions = [
  { value: "all", label: msg`All products` },
  { value: "visible", label: msg`In the shop` },
  { value: "hidden", label: msg`Hidden` },
] as const satisfies readonly { value: ProductVisibility; label: MessageDescriptor }[];

function HideDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useLingui();
  const setHidden = useSetProductHidden();
  const hide = !hiddenByOperator(product);
  const name = productName(product.name);
  return (
    <ReasonDialog
      title={hide ? t`Hide ${name}?` : t`Show ${name} again?`}
      intro={
        hide
          ? t`It leaves the shop and search at once and can no longer be ordered. Its farmer sees it hidden, with your reason.`
          : t`It returns to the shop and can be ordered again. The reason goes to the audit log.`
      }
      confirmLabel={hide ? t`Hide product` : t`Show in the shop`}
      danger={hide}
      maxLength={REASON_MAX_LENGTH}
      busy={setHidden.isPending}
      onClose={onClose}
      onConfirm={async (reason) => {
        try {
          await setHidden.mutateAsync({ id: product.id, hide, reason });
          toast.success(hide ? t`${name} is hidden from the shop.` : t`${name} is back in the shop.`);
          return undefined;
        } catch (error) {
          return problemOf(error, "reason", t`Could not change this product. Please try again.`);
        }
      }}
    />
  );
}

/** One product on the operator's list: what it is, whose, whether it is off the shop and why; Hide or Unhide. */
function OperatorProductRow({
  product,
  onChange,
}: {
  product: Product;
  onChange: (product: Product) => void;
}) {
  const { t } = useLingui();
  const name = productName(product.name);
  const takenDown = hiddenByOperator(product);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <ProductSummary
        product={product}
        small
        byline={
          <>
            {" · "}
            {product.farmerName ? <Trans>by {product.farmerName}</Trans> : <Trans>by a farmer</Trans>}
          </>
        }
      >
        <HiddenNotice product={product} />
        {product.farmerSuspended ? (
          <p className="mt-1 text-sm text-stone-700">
            {takenDown ? (
              <Trans>Reinstating the farmer (under Accounts) brings it back, once it is unhidden too.</Trans>
            ) : (
              <Trans>Reinstating the farmer (under Accounts) brings it back.</Trans>
            )}
          </p>
        ) : null}
      </ProductSummary>
      {/* NOTE: a product off the shop only because its farmer is suspended has nothing to unhide
          (the server would answer 409); it can still be hidden, so it stays off after a reinstatement. */}
      <Button
        variant={takenDown ? "secondary" : "danger"}
        className="self-start sm:self-center"
        onClick={() => onChange(product)}
        aria-label={takenDown ? t`Unhide ${name}` : t`Hide ${name}`}
      >
        {takenDown ? t`Unhide` : t`Hide`}
      </Button>
    </li>
  );
}

/** The operator's products at /admin/products: search every product, hide one with a reason, unhide. */
export function OperatorProductsSection() {
  const { t, i18n } = useLingui();
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<ProductVisibility>("all");
  const [changing, setChanging] = useState<Product | null>(null);
  const products = useOperatorProducts(q, status);
  const list = products.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="operator-products-heading" className="space-y-4">
      <h2 id="operator-products-heading" className="text-xl font-bold text-stone-900">
        <Trans>Products</Trans>
      </h2>
      <SearchAndFilter
        searchLabel={t`Search products by name`}
        filterLabel={t`Show`}
        filter={status}
        options={visibilityOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
        onSearch={setQ}
        onFilter={setStatus}
      />
      <LoadState
        query={products}
        what={t`products`}
        isEmpty={list.length === 0}
        empty={q ? t`No product matches "${q}".` : t`No products.`}
      >
        <ul
          aria-label={t`Products`}
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200"
        >
          {list.map((product) => (
            <OperatorProductRow key={product.id} product={product} onChange={setChanging} />
          ))}
        </ul>
        <ShowMoreButton pages={products} label={t`Show more products`} />
      </LoadState>
      {changing ? <HideDialog product={changing} onClose={() => setChanging(null)} /> : null}
    </section>
  );
}
