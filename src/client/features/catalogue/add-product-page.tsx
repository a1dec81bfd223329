import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { REDIRECT_AFTER_ADD_PRODUCT_MS } from "../../../shared/constants.ts";
import { isImageError } from "../../../shared/error-codes.ts";
import {
  ACCEPTED_IMAGE_TYPES,
  NewProductFieldsSchema,
  newProductDetailsSchema,
  productMessages,
} from "../../../shared/schemas/product-form.ts";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
} from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { FieldShell } from "../../components/field-shell.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { PhotoIcon } from "../../components/icons.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { sayShared } from "../../lib/i18n.ts";
import { shopToday } from "../../lib/produce.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { useCreateProduct } from "./create-product.api.ts";
import {
  categoryOptions,
  emptyProduceValues,
  imageProblem,
  OtherNamesField,
  ProduceFields,
} from "./produce-fields.tsx";
import { photoProblems, productToasts } from "./product-texts.ts";
import { shrinkPhoto } from "./shrink-photo.ts";

const emptyValues = {
  name: "",
  otherNames: "",
  price: "",
  description: "",
  category: "",
  ...emptyProduceValues,
};

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

/** A farmer lists a product with a photo (product rules §2, §4, §5); the server checks everything again. */
export function AddProductPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  // NOTE: "Please fill out all fields..." speaks of the whole form, so it is said once, above the button.
  const form = useFormFields(emptyValues, { formMessages: [productMessages.fillAllFields] });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const creation = useCreateProduct(setProgress);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    setPreviewFailed(false);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    form.setFieldError("image", file ? imageProblem(file) : undefined);
  };

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
  }

  const busy = creation.isPending || done;
  const percent = progress === null ? null : Math.round(progress * 100);
  const photo = form.fieldState("image");

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
        <Trans>Add New Product</Trans>
      </h1>
      <p className="mt-1 text-stone-600">
        <Trans>
          List your produce with a photo, and shoppers can buy it right away. Your orders, stock and sales are
          in the{" "}
          <Link to="/farmer" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Farmer Portal
          </Link>
          .
        </Trans>
      </p>

      <form
        ref={form.formRef}
        onSubmit={onSubmit}
        noValidate
        className="mt-8 grid gap-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8 md:grid-cols-2"
      >
        <div className="space-y-5">
          <TextField
            label={t`Product name`}
            required
            maxLength={PRODUCT_NAME_MAX}
            placeholder={t`Organic tomatoes`}
            {...form.field("name")}
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
            placeholder="40.00"
            {...form.field("price")}
          />
          <SelectField
            label={t`Category`}
            required
            options={[{ value: "", label: t`Select a category` }, ...categoryOptions()]}
            {...form.field("category")}
          />
          <TextAreaField
            label={t`Description`}
            required
            rows={5}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            placeholder={t`How it was grown, when it was picked, how much is in a pack...`}
            {...form.field("description")}
          />
          <ProduceFields field={form.field} />
        </div>

        <div className="flex flex-col gap-5">
          <FieldShell
            label={t`Product image`}
            hint={t`JPEG, PNG, WebP, GIF or AVIF, up to 25 MB (a large photo is made smaller before it is sent).`}
            error={photo.error}
            invalidBy={photo.invalidBy}
          >
            {(control) => (
              <>
                <div
                  className={`mt-2 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-stone-50 ${control["aria-invalid"] ? "border-red-600" : "border-stone-300"}`}
                >
                  {preview && !previewFailed ? (
                    <img
                      src={preview}
                      alt={t`Your product as shoppers will see it`}
                      onError={() => setPreviewFailed(true)}
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    <div className="flex flex-col items-center gap-2 px-4 text-center text-stone-600">
                      <PhotoIcon className="h-10 w-10" />
                      <span className="text-sm">
                        {previewFailed ? t`This file cannot be shown as a picture.` : t`No photo chosen yet`}
                      </span>
                    </div>
                  )}
                </div>
                <input
                  {...control}
                  name="image"
                  type="file"
                  required
                  accept={ACCEPTED_IMAGE_TYPES.join(",")}
                  onChange={chooseImage}
                  className="mt-3 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
                />
              </>
            )}
          </FieldShell>

          {percent !== null ? (
            <div>
              <div className="flex justify-between text-sm text-stone-700">
                <span id={`${id}-progress-label`}>
                  {percent < 100 ? t`Uploading photo...` : t`Saving product...`}
                </span>
                <span>{percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`${id}-progress-label`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1 h-2.5 overflow-hidden rounded-full bg-stone-200"
              >
                <div
                  className="h-full rounded-full bg-brand-700 transition-all"
                  style={{ width: `${percent}%` }}
                />
              </div>
            </div>
          ) : null}

          {/* NOTE: the form's one message is the product's own text, which this feature translates. */}
          <FormMessage
            id={form.formErrorId}
            message={
              form.formError === productMessages.fillAllFields
                ? productToasts.fillAllFields()
                : form.formError
            }
          />

          <Button type="submit" className="mt-auto w-full py-3" disabled={busy}>
            {creation.isPending ? t`Adding product...` : t`Add Product`}
          </Button>
        </div>
      </form>
    </div>
  );
}
