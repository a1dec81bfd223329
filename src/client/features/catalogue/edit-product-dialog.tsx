import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { toast } from "react-toastify";
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  type ProductPatch,
  productMessages,
  productPatchSchema,
} from "../../../shared/schemas/product-form.ts";
import {
  CATEGORIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  type Product,
} from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { categoryLabels } from "../../components/category-tiles.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { fieldErrors } from "../../lib/form-errors.ts";
import { shopToday } from "../../lib/produce.ts";
import { type ProductChanges, useReplaceProductImage, useUpdateProduct } from "./my-products.api.ts";
import { ProduceFields, type ProduceValues, produceInput } from "./produce-fields.tsx";
import { ProductImage } from "./product-image.tsx";
import { productName } from "./product-labels.ts";

const categoryOptions = CATEGORIES.map((category) => ({ value: category, label: categoryLabels[category] }));

function imageProblem(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return productMessages.imageType;
  if (file.size > MAX_IMAGE_BYTES) return productMessages.imageTooLarge;
  return undefined;
}

const valuesOf = (product: Product) => ({
  name: product.name,
  price: String(product.price),
  description: product.description,
  category: product.category,
  unit: product.unit ?? "piece",
  stock: product.stock === null || product.stock === undefined ? "" : String(product.stock),
  harvestedOn: product.harvestedOn ?? "",
});

type Values = ReturnType<typeof valuesOf>;

/** Only what the farmer changed, so a PATCH never overwrites what another tab changed meanwhile. */
function changesOf(product: Product, next: ProductPatch): ProductChanges {
  const changes: ProductChanges = {};
  for (const key of Object.keys(next) as (keyof ProductPatch)[]) {
    if (next[key] !== undefined && next[key] !== product[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/**
 * The owner edits a product: the spec's fields (with the add form's checks and messages), unit, stock,
 * harvest date and the photo. The server's per-field refusals show beside the fields.
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const onChange =
    (field: keyof Values) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: "" }));
    };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    setErrors((current) => ({ ...current, image: (file && imageProblem(file)) || "" }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { name, price, description, category } = values;
    const parsed = productPatchSchema(shopToday()).safeParse({
      name,
      price,
      description,
      category,
      ...produceInput(values),
    });
    const nextErrors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    const problem = image ? imageProblem(image) : undefined;
    if (problem) nextErrors.image = problem;
    if (!parsed.success || nextErrors.image) {
      setErrors(nextErrors);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const changes = changesOf(product, parsed.data);
    if (Object.keys(changes).length === 0 && !image) {
      onClose();
      return;
    }
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: product.id, changes });
      if (image) await replaceImage.mutateAsync({ id: product.id, image });
      toast.success(productMessages.updated(parsed.data.name ?? product.name));
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }
      toast.error(error instanceof ApiRequestError ? error.message : "Could not save the product.");
    }
  }

  return (
    <ModalDialog title={`Edit ${productName(product.name)}`} onClose={onClose} className="max-w-3xl">
      <form onSubmit={onSubmit} noValidate className="grid gap-5 md:grid-cols-2">
        <div className="space-y-4">
          <TextField
            label="Product name"
            name="name"
            required
            maxLength={PRODUCT_NAME_MAX}
            value={values.name}
            error={errors.name}
            onChange={onChange("name")}
            data-autofocus
          />
          <TextField
            label="Price (Rs.)"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            max={PRODUCT_PRICE_MAX}
            step={0.01}
            required
            value={values.price}
            error={errors.price}
            onChange={onChange("price")}
          />
          <SelectField
            label="Category"
            name="category"
            required
            options={categoryOptions}
            value={values.category}
            error={errors.category}
            onChange={onChange("category")}
          />
          <TextAreaField
            label="Description"
            name="description"
            required
            rows={4}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            value={values.description}
            error={errors.description}
            onChange={onChange("description")}
          />
        </div>
        <div className="flex flex-col gap-4">
          <div>
            <div className="h-32 w-44 overflow-hidden rounded-xl bg-stone-100 md:aspect-[4/3] md:h-auto md:w-full">
              {preview ? (
                <img
                  src={preview}
                  alt={`${productName(values.name)} as shoppers will see it`}
                  className="h-full w-full object-cover"
                />
              ) : (
                <ProductImage product={product} sizes="320px" eager />
              )}
            </div>
            <TextField
              label="New photo"
              name="image"
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              hint="Leave empty to keep the current photo."
              error={errors.image}
              onChange={chooseImage}
              className="mt-3"
            />
          </div>
          <ProduceFields
            values={values as ProduceValues}
            errors={errors}
            onChange={(field) => onChange(field)}
          />
        </div>
        <div className="flex justify-end gap-3 md:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
