import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { MinusIcon, PlusIcon } from "../../components/icons.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { type ProductChanges, useUpdateProduct } from "./my-products.api.ts";
import { productName } from "./product-labels.ts";

const stepButton =
  "flex h-11 w-11 items-center justify-center rounded-full text-brand-800 ring-1 ring-stone-300 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent";

/** A stock change sent from the list, and the typed new stock, cleared once a set one is saved. */
function useStockChange(product: Product) {
  const { t } = useLingui();
  const update = useUpdateProduct();
  const [draft, setDraft] = useState("");

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
  return { draft, setDraft, save, onSet };
}

/** −1, the stock, +1; or, for a stock not counted, that it is not. */
function StockStepper({ product, save }: { product: Product; save: (changes: ProductChanges) => void }) {
  const { t } = useLingui();
  const name = productName(product.name);
  if (typeof product.stock !== "number") {
    // NOTE: −/+ mean nothing without a count; "Set" starts counting.
    return (
      <output className="text-sm font-semibold text-stone-700" aria-label={t`Stock of ${name}`}>
        <Trans>Not counted</Trans>
      </output>
    );
  }
  return (
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
  );
}

/** Stock at a glance: −1, +1, or a new number (empty: stop counting). */
export function StockControls({ product }: { product: Product }) {
  const { t } = useLingui();
  const id = useId();
  const { draft, setDraft, save, onSet } = useStockChange(product);
  const name = productName(product.name);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StockStepper product={product} save={save} />
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
