import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useEffect, useState } from "react";
import { ACCEPTED_IMAGE_TYPES } from "../../../shared/schemas/product-form.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { TextField } from "../../components/text-field.tsx";
import { type FieldState, useFormFields } from "../../lib/use-form-fields.ts";
import { ProduceFields, useChosenPhoto } from "./produce-fields.tsx";
import { ProductFields } from "./product-fields.tsx";
import { ProductImage } from "./product-image.tsx";
import { productName } from "./product-labels.ts";
import { useEditProductSubmit, valuesOf } from "./use-edit-product-submit.ts";

/** The product's photo (the new one once chosen, as shoppers will see it) and the file input for a new one. */
function EditPhotoField({
  product,
  name,
  image,
  state,
  onChoose,
}: {
  product: Product;
  /** The name as typed, for the new photo's text. */
  name: string;
  image: File | null;
  state: FieldState;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return (
    <div>
      <div className="h-32 w-44 overflow-hidden rounded-xl bg-stone-100 md:aspect-[4/3] md:h-auto md:w-full">
        {preview ? (
          <img
            src={preview}
            alt={t`${productName(name)} as shoppers will see it`}
            className="h-full w-full object-cover"
          />
        ) : (
          <ProductImage product={product} sizes="320px" eager />
        )}
      </div>
      <TextField
        label={t`New photo`}
        name="image"
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        hint={t`Leave empty to keep the current photo.`}
        {...state}
        onChange={onChoose}
        className="mt-3"
      />
    </div>
  );
}

/** Whether the product is kept out of standing orders. */
function OneOffOnlyField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-brand-700"
      />
      <Trans>One-off only (not in standing orders)</Trans>
    </label>
  );
}

/**
 * The owner edits a product: the product's fields (product rules §3, with the add form's checks and messages), unit, stock,
 * harvest date and the photo. The server's per-field refusals show beside the fields.
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useLingui();
  const form = useFormFields(() => valuesOf(product));
  const [oneOffOnly, setOneOffOnly] = useState(product.oneOffOnly ?? false);
  const { image, chooseImage } = useChosenPhoto(form.setFieldError);
  const { onSubmit, busy } = useEditProductSubmit({ product, form, image, oneOffOnly, onClose });

  return (
    <ModalDialog title={t`Edit ${productName(product.name)}`} onClose={onClose} className="max-w-3xl">
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="grid gap-5 md:grid-cols-2">
        <div className="space-y-4">
          <ProductFields field={form.field} />
        </div>
        <div className="flex flex-col gap-4">
          <EditPhotoField
            product={product}
            name={form.values.name}
            image={image}
            state={form.fieldState("image")}
            onChoose={chooseImage}
          />
          <ProduceFields field={form.field} />
          <OneOffOnlyField checked={oneOffOnly} onChange={setOneOffOnly} />
        </div>
        <div className="flex justify-end gap-3 md:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? t`Saving...` : t`Save changes`}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
