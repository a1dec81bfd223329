import type { ChangeEvent } from "react";
import { MAX_PHOTO_BYTES, photoMessages } from "../../../shared/photo.ts";
import { ACCEPTED_IMAGE_TYPES, productMessages } from "../../../shared/schemas/product-form.ts";
import { CATEGORIES, PRODUCT_UNITS } from "../../../shared/schemas/products.ts";
import { categoryLabels } from "../../components/category-tiles.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shopToday } from "../../lib/produce.ts";

/** The produce details beyond the product's four fields, as the form holds them (strings; "" for not given). */
export interface ProduceValues {
  unit: string;
  stock: string;
  harvestedOn: string;
}

export const emptyProduceValues: ProduceValues = { unit: "piece", stock: "", harvestedOn: "" };

const unitOptions = PRODUCT_UNITS.map((unit) => ({ value: unit, label: unit }));
export const categoryOptions = CATEGORIES.map((category) => ({
  value: category,
  label: categoryLabels[category],
}));

/** Why a chosen photo cannot be sent (its type or size), checked in the browser before the upload. */
export function imageProblem(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return productMessages.imageType;
  // NOTE: a phone's photo may be larger than the server takes: it is resized before upload (shrink-photo.ts).
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.tooLarge;
  return undefined;
}

/** What `useFormFields().field(name)` gives a field component. */
interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  invalidBy: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/**
 * Unit, stock and harvest date: optional, below the product's four fields on the add-product form and in the edit
 * dialog. An empty stock means "not tracked"; an empty date means "not said". The server checks them again.
 */
export function ProduceFields({ field }: { field: (name: keyof ProduceValues) => FieldProps }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-800">Stock and harvest (optional)</legend>
      <SelectField label="Unit" hint="What one price buys" options={unitOptions} {...field("unit")} />
      <TextField
        label="Stock"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Leave empty if you do not count it"
        {...field("stock")}
      />
      <TextField
        className="sm:col-span-2"
        label="Harvest date"
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
