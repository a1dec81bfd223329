import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { REDIRECT_AFTER_ADD_PRODUCT_MS } from "../../../shared/constants.ts";
import { isImageError } from "../../../shared/error-codes.ts";
import {
  NewProductFieldsSchema,
  newProductDetailsSchema,
  productMessages,
} from "../../../shared/schemas/product-form.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { shopToday } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import type { useFormFields } from "../../lib/use-form-fields.ts";
import { useCreateProduct } from "./create-product.api.ts";
import { emptyProduceValues, imageProblem } from "./produce-fields.tsx";
import { photoProblems, productToasts } from "./product-texts.ts";
import { shrinkPhoto } from "./shrink-photo.ts";

/**
 * Everything the form sends, checked in the order the fields are read: the product's own fields first (so
 * their messages come first), then the optional produce fields, then the photo (present, of a type and size
 * we accept).
 */
const newProductSchema = (today: string) =>
  NewProductFieldsSchema.extend(newProductDetailsSchema(today).shape).extend({
    image: z.instanceof(File, { message: productMessages.fillAllFields }).superRefine((file, context) => {
      const problem = imageProblem(file);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  });

/** The form as it opens: every field empty. */
export const emptyValues = {
  name: "",
  otherNames: "",
  price: "",
  description: "",
  category: "",
  ...emptyProduceValues,
};

type ProductForm = ReturnType<typeof useFormFields<typeof emptyValues>>;

/**
 * Add Product: checks the form, makes the photo smaller, sends both with the upload's progress, and says what
 * came back (to the shop after the product's toast, or what to fix).
 */
export function useAddProductSubmit({
  form,
  image,
  signedIn,
}: {
  form: ProductForm;
  image: File | null;
  signedIn: boolean;
}) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const creation = useCreateProduct(setProgress);

  function showRefusal(error: unknown) {
    setProgress(null);
    // NOTE: a 401 is the app's to say (the session ended: to /login with its toast), not this form's.
    if (error instanceof ApiRequestError && error.status === 401) return;
    if (error instanceof ApiRequestError && !form.showServerErrors(error)) {
      if (isImageError(error.code)) form.showErrors({ image: error.message });
      else form.setFormError(error.message);
    }
    // NOTE: a refusal the user can fix (a 4xx: the photo, a field) says what to fix; only a failure that is
    // not theirs (the server, the connection) gets the product's "Error adding product" (issue 25).
    const fixable = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
    toast.error(fixable ? error.message : productToasts.addFailed());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(productToasts.notSignedIn());
      return;
    }
    form.setFormError(null);
    const checked = form.validate(newProductSchema(shopToday()), { ...form.values, image });
    if (!checked.ok) {
      const messages = Object.values(checked.fields);
      toast.error(
        messages.includes(productMessages.fillAllFields)
          ? productToasts.fillAllFields()
          : sayShared(messages[0] ?? ""),
      );
      return;
    }
    setProgress(0);
    let photo: File;
    try {
      photo = await shrinkPhoto(checked.data.image);
    } catch {
      setProgress(null);
      form.showErrors({ image: photoProblems.unreadable() });
      toast.error(photoProblems.unreadable());
      return;
    }
    try {
      const product = await creation.mutateAsync({ ...checked.data, image: photo });
      toast.success(productToasts.added(product.name));
      setDone(true);
      setTimeout(() => navigate("/shop"), REDIRECT_AFTER_ADD_PRODUCT_MS);
    } catch (error) {
      showRefusal(error);
    }
  }

  return {
    onSubmit,
    adding: creation.isPending,
    busy: creation.isPending || done,
    percent: progress === null ? null : Math.round(progress * 100),
  };
}
