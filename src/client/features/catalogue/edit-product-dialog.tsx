import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import {
  ACCEPTED_IMAGE_TYPES,
  type ProductPatch,
  productPatchSchema,
} from "../../../shared/schemas/product-form.ts";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  type Product,
} from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { shopToday } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { type ProductChanges, useReplaceProductImage, useUpdateProduct } from "./my-products.api.ts";
import {
  categoryOptions,
  imageProblem,
  OtherNamesField,
  ProduceFields,
  produceInput,
} from "./produce-fields.tsx";
import { ProductImage } from "./product-image.tsx";
import { productName } from "./product-labels.ts";
import { photoProblems, productToasts } from "./product-texts.ts";
import { shrinkPhoto } from "./shrink-photo.ts";

const valuesOf = (product: Product) => ({
  name: product.name,
  otherNames: product.otherNames.join(", "),
  price: String(product.price),
  description: product.description,
  category: product.category,
  unit: product.unit ?? "piece",
  stock: product.stock === null || product.stock === undefined ? "" : String(product.stock),
  harvestedOn: product.harvestedOn ?? "",
});

/** Only what the farmer changed, so a PATCH never overwrites what another tab changed meanwhile. */
function changesOf(product: Product, next: ProductPatch): ProductChanges {
  const changes: ProductChanges = {};
  // NOTE: the dialog sends a typed stock as a number (like "Set"); it never sends a relative `stockChange`;
  // `oneOffOnly` is its checkbox's, compared apart.
  for (const key of Object.keys(next) as Exclude<keyof ProductPatch, "stockChange" | "oneOffOnly">[]) {
    // NOTE: the other names are a list: compared by their text, not as the same array.
    const same = JSON.stringify(next[key]) === JSON.stringify(product[key]);
    if (next[key] !== undefined && !same) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/**
 * The owner edits a product: the product's fields (product rules §3, with the add form's checks and messages), unit, stock,
 * harvest date and the photo. The server's per-field refusals show beside the fields.
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useLingui();
  const form = useFormFields(() => valuesOf(product));
  const [oneOffOnly, setOneOffOnly] = useState(product.oneOffOnly ?? false);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const update = useUpdateProduct();
  const replaceImage = useReplaceProductImage();
  const busy = update.isPending || replaceImage.isPending;

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    form.setFieldError("image", file ? imageProblem(file) : undefined);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { name, otherNames, price, description, category } = form.values;
    const patch = { name, otherNames, price, description, category, ...produceInput(form.values) };
    const checked = form.validate(productPatchSchema(shopToday()), patch);
    const problem = image ? imageProblem(image) : undefined;
    if (problem) form.showErrors({ ...(checked.ok ? {} : checked.fields), image: problem });
    if (!checked.ok || problem) return;
    const changes = changesOf(product, checked.data);
    if (oneOffOnly !== (product.oneOffOnly ?? false)) changes.oneOffOnly = oneOffOnly;
    if (Object.keys(changes).length === 0 && !image) {
      onClose();
      return;
    }
    let photo: File | null = null;
    try {
      photo = image ? await shrinkPhoto(image) : null;
    } catch {
      form.showErrors({ image: photoProblems.unreadable() });
      return;
    }
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: product.id, changes });
      if (photo) await replaceImage.mutateAsync({ id: product.id, image: photo });
      toast.success(productToasts.updated(checked.data.name ?? product.name));
      onClose();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof ApiRequestError ? error.message : t`Could not save the product.`);
    }
  }

  return (
    <ModalDialog title={t`Edit ${productName(product.name)}`} onClose={onClose} className="max-w-3xl">
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="grid gap-5 md:grid-cols-2">
        <div className="space-y-4">
          <TextField
            label={t`Product name`}
            required
            maxLength={PRODUCT_NAME_MAX}
            {...form.field("name")}
            data-autofocus
          />
          <OtherNamesField {...form.field("otherNames")} />
          <TextField
            label={t`Price (Rs.)`}
            type="number"
            inputMode="decimal"
            min={0}
            max={PRODUCT_PRICE_MAX}
            step={0.01}
            required
            {...form.field("price")}
          />
          <SelectField label={t`Category`} required options={categoryOptions()} {...form.field("category")} />
          <TextAreaField
            label={t`Description`}
            required
            rows={4}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            {...form.field("description")}
          />
        </div>
        <div className="flex flex-col gap-4">
          <div>
            <div className="h-32 w-44 overflow-hidden rounded-xl bg-stone-100 md:aspect-[4/3] md:h-auto md:w-full">
              {preview ? (
                <img
                  src={preview}
                  alt={t`${productName(form.values.name)} as shoppers will see it`}
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
              {...form.fieldState("image")}
              onChange={chooseImage}
              className="mt-3"
            />
          </div>
          <ProduceFields field={form.field} />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-800">
            <input
              type="checkbox"
              checked={oneOffOnly}
              onChange={(event) => setOneOffOnly(event.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            <Trans>One-off only (not in standing orders)</Trans>
          </label>
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
