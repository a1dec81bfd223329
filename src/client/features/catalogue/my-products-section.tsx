import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { TrashIcon } from "../../components/icons.tsx";
import { Pending, RetryButton } from "../../components/pending.tsx";
import { HarvestNote, StockBadge } from "../../components/produce-facts.tsx";
import { DeleteProductDialog } from "./delete-product-dialog.tsx";
import { EditProductDialog } from "./edit-product-dialog.tsx";
import { HiddenNotice } from "./hidden-notice.tsx";
import { useMyProducts } from "./my-products.api.ts";
import { productName } from "./product-labels.ts";
import { ProductSummary } from "./product-summary.tsx";
import { StockControls } from "./stock-controls.tsx";

function MyProductRow({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  const { t } = useLingui();
  const name = productName(product.name);
  return (
    <li className="flex flex-col gap-4 py-4 sm:flex-row sm:items-center">
      <ProductSummary product={product}>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <StockBadge stock={product.stock} />
          <HarvestNote harvestedOn={product.harvestedOn} />
        </div>
        <HiddenNotice product={product} />
      </ProductSummary>
      <StockControls product={product} />
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          onClick={() => onEdit(product)}
          aria-label={t`Edit ${name}`}
        >
          <Trans>Edit</Trans>
        </Button>
        <Button
          variant="danger"
          className="px-3 py-1.5 text-sm"
          onClick={() => onDelete(product)}
          aria-label={t`Delete ${name}`}
        >
          <TrashIcon className="h-4 w-4" />
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}

/** The farmer's workspace: every product I own, with its stock, quick stock changes, edit and delete. */
export function MyProductsSection() {
  const { t } = useLingui();
  const products = useMyProducts();
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  return (
    <section
      aria-labelledby="my-products-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-products-heading" className="text-xl font-bold text-stone-900">
          <Trans>My products</Trans>
        </h2>
        <Link
          to="/addProduct"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          <Trans>Add a product</Trans>
        </Link>
      </div>
      {products.isPending ? (
        <Pending label={t`Loading your products...`} />
      ) : products.isError ? (
        <div role="alert" className="mt-4 text-stone-700">
          <Trans>Your products could not be loaded.</Trans> <RetryButton onRetry={products.refetch} />
        </div>
      ) : products.data.items.length === 0 ? (
        <p className="mt-4 text-stone-700">
          <Trans>You have not listed any products yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`My products`} className="mt-2 divide-y divide-stone-200">
          {products.data.items.map((product) => (
            <MyProductRow key={product.id} product={product} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {editing ? <EditProductDialog product={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} onDeleted={() => {}} />
      ) : null}
    </section>
  );
}
