import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { REDIRECT_AFTER_ADD_PRODUCT_MS } from "../../../shared/constants.ts";
import { isImageError } from "../../../shared/error-codes.ts";
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  NewProductFieldsSchema,
  newProductDetailsSchema,
  productMessages,
} from "../../../shared/schemas/product-form.ts";
import {
  CATEGORIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
} from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { categoryLabels } from "../../components/category-tiles.tsx";
import { PhotoIcon } from "../../components/icons.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { shopToday } from "../../lib/produce.ts";
import { useCreateProduct } from "./create-product.api.ts";
import { emptyProduceValues, ProduceFields, type ProduceValues } from "./produce-fields.tsx";

type FieldName = "name" | "price" | "image" | "description" | "category" | keyof ProduceValues;
type Errors = Partial<Record<FieldName, string>>;

const emptyValues = { name: "", price: "", description: "", category: "" };

function imageProblem(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return productMessages.imageType;
  if (file.size > MAX_IMAGE_BYTES) return productMessages.imageTooLarge;
  return undefined;
}

const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${error ? "border-red-600" : "border-stone-300"}`;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** A farmer lists a product with a photo (product rules §2, §4, §5); the server checks everything again. */
export function AddProductPage({ signedIn }: { signedIn: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyValues);
  const [produce, setProduce] = useState<ProduceValues>(emptyProduceValues);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
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

  const update =
    (field: keyof typeof emptyValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues({ ...values, [field]: event.target.value });
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    };

  const updateProduce =
    (field: keyof ProduceValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setProduce({ ...produce, [field]: event.target.value });
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    setErrors({ ...errors, image: file ? imageProblem(file) : undefined });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(productMessages.notSignedIn);
      return;
    }
    const parsed = NewProductFieldsSchema.safeParse(values);
    const nextErrors: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) nextErrors[issue.path[0] as FieldName] ??= issue.message;
    }
    // NOTE: the optional produce fields are checked after the spec's, so the spec's messages come first.
    const details = newProductDetailsSchema(shopToday()).safeParse(produce);
    if (!details.success) {
      for (const issue of details.error.issues) nextErrors[issue.path[0] as FieldName] ??= issue.message;
    }
    if (!image) nextErrors.image = productMessages.fillAllFields;
    else if (imageProblem(image)) nextErrors.image = imageProblem(image);
    setErrors(nextErrors);
    const messages = Object.values(nextErrors);
    if (!parsed.success || !details.success || !image || messages.length > 0) {
      toast.error(
        messages.includes(productMessages.fillAllFields) ? productMessages.fillAllFields : messages[0],
      );
      return;
    }

    setProgress(0);
    setFormError(null);
    try {
      const product = await creation.mutateAsync({ ...parsed.data, ...details.data, image });
      toast.success(productMessages.added(product.name));
      setDone(true);
      setTimeout(() => navigate("/shop"), REDIRECT_AFTER_ADD_PRODUCT_MS);
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiRequestError && error.status === 401) {
        toast.error(productMessages.notSignedIn);
        return;
      }
      if (error instanceof ApiRequestError) {
        const fromServer: Errors = { ...error.fields };
        const aboutImage = isImageError(error.code);
        if (Object.keys(fromServer).length === 0) {
          if (aboutImage) fromServer.image = error.message;
          else setFormError(error.message);
        }
        setErrors(fromServer);
      }
      toast.error(productMessages.addFailed);
    }
  }

  const busy = creation.isPending || done;
  const percent = progress === null ? null : Math.round(progress * 100);
  const ids = {
    image: `${id}-image`,
    description: `${id}-description`,
    category: `${id}-category`,
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">Add New Product</h1>
      <p className="mt-1 text-stone-600">
        List your produce with a photo, and shoppers can buy it right away.
      </p>

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 grid gap-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8 md:grid-cols-2"
      >
        <div className="space-y-5">
          <TextField
            label="Product name"
            name="name"
            required
            maxLength={PRODUCT_NAME_MAX}
            placeholder="Organic tomatoes"
            value={values.name}
            error={errors.name}
            onChange={update("name")}
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
            placeholder="40.00"
            value={values.price}
            error={errors.price}
            onChange={update("price")}
          />
          <div>
            <label htmlFor={ids.category} className="block text-sm font-medium text-stone-700">
              Category
            </label>
            <select
              id={ids.category}
              name="category"
              required
              value={values.category}
              onChange={update("category")}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={errors.category ? `${ids.category}-error` : undefined}
              className={`${inputClass(errors.category)} h-[42px]`}
            >
              <option value="">Select a category</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabels[category]}
                </option>
              ))}
            </select>
            <FieldError id={`${ids.category}-error`} message={errors.category} />
          </div>
          <div>
            <label htmlFor={ids.description} className="block text-sm font-medium text-stone-700">
              Description
            </label>
            <textarea
              id={ids.description}
              name="description"
              required
              rows={5}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              placeholder="How it was grown, when it was picked, how much is in a pack..."
              value={values.description}
              onChange={update("description")}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${ids.description}-error` : undefined}
              className={inputClass(errors.description)}
            />
            <FieldError id={`${ids.description}-error`} message={errors.description} />
          </div>
          <ProduceFields values={produce} errors={errors} onChange={updateProduce} />
        </div>

        <div className="flex flex-col gap-5">
          <div>
            <label htmlFor={ids.image} className="block text-sm font-medium text-stone-700">
              Product image
            </label>
            <p id={`${ids.image}-hint`} className="text-sm text-stone-600">
              JPEG, PNG, WebP, GIF or AVIF, up to 8 MB.
            </p>
            <div
              className={`mt-2 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-stone-50 ${errors.image ? "border-red-600" : "border-stone-300"}`}
            >
              {preview && !previewFailed ? (
                <img
                  src={preview}
                  alt="Your product as shoppers will see it"
                  onError={() => setPreviewFailed(true)}
                  className="h-full w-full object-cover"
                />
              ) : (
                <div className="flex flex-col items-center gap-2 px-4 text-center text-stone-600">
                  <PhotoIcon className="h-10 w-10" />
                  <span className="text-sm">
                    {previewFailed ? "This file cannot be shown as a picture." : "No photo chosen yet"}
                  </span>
                </div>
              )}
            </div>
            <input
              ref={fileInput}
              id={ids.image}
              name="image"
              type="file"
              required
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              onChange={chooseImage}
              aria-invalid={errors.image ? true : undefined}
              aria-describedby={`${ids.image}-hint${errors.image ? ` ${ids.image}-error` : ""}`}
              className="mt-3 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            />
            <FieldError id={`${ids.image}-error`} message={errors.image} />
          </div>

          {percent !== null ? (
            <div>
              <div className="flex justify-between text-sm text-stone-700">
                <span id={`${id}-progress-label`}>
                  {percent < 100 ? "Uploading photo..." : "Saving product..."}
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

          {formError ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
            >
              {formError}
            </p>
          ) : null}

          <Button type="submit" className="mt-auto w-full py-3" disabled={busy}>
            {creation.isPending ? "Adding product..." : "Add Product"}
          </Button>
        </div>
      </form>
    </div>
  );
}
