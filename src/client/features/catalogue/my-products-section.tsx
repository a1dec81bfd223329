import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { MinusIcon, PlusIcon, TrashIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { HarvestNote, StockBadge } from "../../components/produce-facts.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import { DeleteProductDialog } from "./delete-product-dialog.tsx";
import { EditProductDialog } from "./edit-product-dialog.tsx";
import { HiddenNotice } from "./hidden-notice.tsx";
import { type ProductChanges, useMyProducts, useUpdateProduct } from "./my-products.api.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productName } from "./product-labels.ts";

const stepButton =
  "flex h-11 w-11 items-center justify-center rounded-full text-brand-800 ring-1 ring-stone-300 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent";

/** Stock at a glance: −1, +1, or a new number (empty: stop counting). */
function StockControls({ product }: { product: Product }) {
  const { t } = useLingui();
  const id = useId();
  const update = useUpdateProduct();
  const [draft, setDraft] = useState("");
  const name = productName(product.name);
  const tracked = typeof product.stock === "number";

  // NOTE: a click while the last change is on its way is ignored rather than the buttons disabled, so
  // keyboard focus stays where it is. −/+ send a change (`stockChange`), which the server adds to the stock
  // as it is then, so a sale made since this list was read is never overwritten; Set sends the number.
  const save = (changes: ProductChanges) =>
    !update.isPending &&
    update.mutate(
      { id: product.id, changes },
      {
        onSuccess: () => {
          if (changes.stock !== undefined) setDraft("");
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError
              ? (error.fields.stockChange ?? error.fields.stock ?? error.message)
              : t`Could not change the stock.`,
          ),
      },
    );

  const onSet = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    const value = text === "" ? null : Number(text);
    if (value !== null && (!Number.isInteger(value) || value < 0)) {
      toast.error(t`Stock must be a whole number, 0 or more.`);
      return;
    }
    save({ stock: value });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {tracked ? (
        <>
          <button
            type="button"
            className={stepButton}
            aria-label={t`One less ${name} in stock`}
            disabled={product.stock === 0}
            onClick={() => save({ stockChange: -1 })}
          >
            <MinusIcon />
          </button>
          <output className="w-12 text-center font-semibold tabular-nums" aria-label={t`Stock of ${name}`}>
            {product.stock}
          </output>
          <button
            type="button"
            className={stepButton}
            aria-label={t`One more ${name} in stock`}
            onClick={() => save({ stockChange: 1 })}
          >
            <PlusIcon />
          </button>
        </>
      ) : (
        // NOTE: −/+ mean nothing without a count; "Set" starts counting.
        <output className="text-sm font-semibold text-stone-700" aria-label={t`Stock of ${name}`}>
          <Trans>Not counted</Trans>
        </output>
      )}
      <form onSubmit={onSet} className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          <Trans>New stock of {name}</Trans>
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder={t`Set`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="h-11 w-24 rounded-lg border border-stone-300 px-2 py-1.5 text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <Button
          type="submit"
          variant="secondary"
          className="px-3 py-1.5 text-sm"
          aria-label={t`Set stock of ${name}`}
        >
          <Trans>Set</Trans>
        </Button>
      </form>
    </div>
  );
}

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
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="h-16 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100">
          <ProductImage product={product} sizes="80px" />
        </div>
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-stone-900">{name}</h3>
          <p className="text-sm text-stone-600">
            {categoryLabel(product.category)} · {formatUnitPrice(product.price, product.unit)}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <StockBadge stock={product.stock} />
            <HarvestNote harvestedOn={product.harvestedOn} />
          </div>
          <HiddenNotice product={product} />
        </div>
      </div>
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
          <Trans>Your products could not be loaded.</Trans>{" "}
          <button
            type="button"
            onClick={() => products.refetch()}
            className="font-semibold text-brand-700 underline"
          >
            <Trans>Try again</Trans>
          </button>
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
