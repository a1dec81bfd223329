import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useState } from "react";
import { Link } from "react-router";
import { productMessages } from "../../../shared/schemas/product-form.ts";
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
} from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { categoryOptions, imageProblem, OtherNamesField, ProduceFields } from "./produce-fields.tsx";
import { ProductPhotoField, UploadProgress } from "./product-photo-field.tsx";
import { productToasts } from "./product-texts.ts";
import { emptyValues, useAddProductSubmit } from "./use-add-product-submit.ts";

/** A farmer lists a product with a photo (product rules §2, §4, §5); the server checks everything again. */
export function AddProductPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  // NOTE: "Please fill out all fields..." speaks of the whole form, so it is said once, above the button.
  const form = useFormFields(emptyValues, { formMessages: [productMessages.fillAllFields] });
  const [image, setImage] = useState<File | null>(null);
  const submit = useAddProductSubmit({ form, image, signedIn });

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    form.setFieldError("image", file ? imageProblem(file) : undefined);
  };

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
        onSubmit={submit.onSubmit}
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
          <ProductPhotoField
            image={image}
            onChoose={chooseImage}
            error={photo.error}
            invalidBy={photo.invalidBy}
          />
          {submit.percent !== null ? <UploadProgress percent={submit.percent} /> : null}

          {/* NOTE: the form's one message is the product's own text, which this feature translates. */}
          <FormMessage
            id={form.formErrorId}
            message={
              form.formError === productMessages.fillAllFields
                ? productToasts.fillAllFields()
                : form.formError
            }
          />

          <Button type="submit" className="mt-auto w-full py-3" disabled={submit.busy}>
            {submit.adding ? t`Adding product...` : t`Add Product`}
          </Button>
        </div>
      </form>
    </div>
  );
}
