import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { productMessages } from "../../../shared/schemas/product-form.ts";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { ProduceFields, useChosenPhoto } from "./produce-fields.tsx";
import { ProductFields } from "./product-fields.tsx";
import { ProductPhotoField, UploadProgress } from "./product-photo-field.tsx";
import { productToasts } from "./product-texts.ts";
import { emptyValues, useAddProductSubmit } from "./use-add-product-submit.ts";

/** A farmer lists a product with a photo (product rules §2, §4, §5); the server checks everything again. */
export function AddProductPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  // NOTE: "Please fill out all fields..." speaks of the whole form, so it is said once, above the button.
  const form = useFormFields(emptyValues, { formMessages: [productMessages.fillAllFields] });
  const { image, chooseImage } = useChosenPhoto(form.setFieldError);
  const submit = useAddProductSubmit({ form, image, signedIn });
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
          <ProductFields field={form.field} adding />
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
