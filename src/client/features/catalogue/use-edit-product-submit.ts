import { useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";
import { type ProductPatch, productPatchSchema } from "../../../shared/schemas/product-form.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { shopToday } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import type { useFormFields } from "../../lib/use-form-fields.ts";
import { type ProductChanges, useReplaceProductImage, useUpdateProduct } from "./my-products.api.ts";
import { imageProblem, produceInput } from "./produce-fields.tsx";
import { photoProblems, productToasts } from "./product-texts.ts";
import { shrinkPhoto } from "./shrink-photo.ts";

/** A product as the edit dialog's fields hold it. */
export const valuesOf = (product: Product) => ({
  name: product.name,
  otherNames: product.otherNames.join(", "),
  price: String(product.price),
  description: product.description,
  category: product.category,
  unit: product.unit ?? "piece",
  stock: product.stock === null || product.stock === undefined ? "" : String(product.stock),
  harvestedOn: product.harvestedOn ?? "",
});

type EditForm = ReturnType<typeof useFormFields<ReturnType<typeof valuesOf>>>;

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
 * Save changes: checks the fields and the new photo as the add form does, sends only what changed (the photo
 * made smaller, apart), and closes; the server's per-field refusals show beside the fields.
 */
export function useEditProductSubmit({
  product,
  form,
  image,
  oneOffOnly,
  onClose,
}: {
  product: Product;
  form: EditForm;
  image: File | null;
  oneOffOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const update = useUpdateProduct();
  const replaceImage = useReplaceProductImage();

  /** The checked changes, or null when the fields or the photo have something to fix (then shown). */
  function checkedChanges() {
    const { name, otherNames, price, description, category } = form.values;
    const patch = { name, otherNames, price, description, category, ...produceInput(form.values) };
    const checked = form.validate(productPatchSchema(shopToday()), patch);
    const problem = image ? imageProblem(image) : undefined;
    if (problem) form.showErrors({ ...(checked.ok ? {} : checked.fields), image: problem });
    if (!checked.ok || problem) return null;
    const changes = changesOf(product, checked.data);
    if (oneOffOnly !== (product.oneOffOnly ?? false)) changes.oneOffOnly = oneOffOnly;
    return { changes, name: checked.data.name ?? product.name };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkedChanges();
    if (!checked) return;
    const { changes } = checked;
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
      toast.success(productToasts.updated(checked.name));
      onClose();
    } catch (error) {
      form.showServerErrors(error);
      toast.error(error instanceof ApiRequestError ? error.message : t`Could not save the product.`);
    }
  }

  return { onSubmit, busy: update.isPending || replaceImage.isPending };
}
