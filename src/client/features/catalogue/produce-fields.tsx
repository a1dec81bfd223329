import { Trans, useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useState } from "react";
import { MAX_PHOTO_BYTES } from "../../../shared/photo.ts";
import { ACCEPTED_IMAGE_TYPES } from "../../../shared/schemas/product-form.ts";
import { PRODUCT_UNITS } from "../../../shared/schemas/products.ts";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shopToday, unitName } from "../../lib/produce.ts";
import { photoProblems } from "./product-texts.ts";

/** The produce details beyond the product's four fields, as the form holds them (strings; "" for not given). */
export interface ProduceValues {
  unit: string;
  stock: string;
  harvestedOn: string;
}

export const emptyProduceValues: ProduceValues = { unit: "piece", stock: "", harvestedOn: "" };

/** Why a chosen photo cannot be sent (its type or size), checked in the browser before the upload. */
export function imageProblem(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return photoProblems.imageType();
  // NOTE: a phone's photo may be larger than the server takes: it is resized before upload (shrink-photo.ts).
  if (file.size > MAX_PHOTO_BYTES) return photoProblems.tooLarge();
  return undefined;
}

/** The photo chosen in a product form's file input, checked (its type and size) as soon as it is chosen. */
export function useChosenPhoto(setFieldError: (name: string, message: string | undefined) => void) {
  const [image, setImage] = useState<File | null>(null);
  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImage(file);
    setFieldError("image", file ? imageProblem(file) : undefined);
  };
  return { image, chooseImage };
}

/** What `useFormFields().field(name)` gives a field component. */
export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  invalidBy: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

/**
 * Unit, stock and harvest date: optional, below the product's four fields on the add-product form and in the edit
 * dialog. An empty stock means "not tracked"; an empty date means "not said". The server checks them again.
 */
export function ProduceFields({ field }: { field: (name: keyof ProduceValues) => FieldProps }) {
  const { t } = useLingui();
  const unitOptions = PRODUCT_UNITS.map((unit) => ({ value: unit, label: unitName(unit) }));
  return (
    <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-800">
        <Trans>Stock and harvest (optional)</Trans>
      </legend>
      <SelectField label={t`Unit`} hint={t`What one price buys`} options={unitOptions} {...field("unit")} />
      <TextField
        label={t`Stock`}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint={t`Leave empty if you do not count it`}
        {...field("stock")}
      />
      <TextField
        className="sm:col-span-2"
        label={t`Harvest date`}
        type="date"
        max={shopToday()}
        {...field("harvestedOn")}
      />
    </fieldset>
  );
}

/**
 * The produce values as PATCH takes them: the unit, the stock as a number (null when empty; text that is not
 * a plain number stays text, so the shared schema refuses it as "not a whole number"), a date or null.
 */
export function produceInput(values: ProduceValues) {
  const stock = values.stock.trim();
  return {
    unit: values.unit,
    stock: stock === "" ? null : /^-?\d+(\.\d+)?$/.test(stock) ? Number(stock) : stock,
    harvestedOn: values.harvestedOn === "" ? null : values.harvestedOn,
  };
}
