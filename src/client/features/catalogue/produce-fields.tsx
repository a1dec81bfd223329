import type { ChangeEvent } from "react";
import { PRODUCT_UNITS } from "../../../shared/schemas/products.ts";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { shopToday } from "../../lib/produce.ts";

/** The produce details beyond the spec's fields, as the form holds them (strings; "" for not given). */
export interface ProduceValues {
  unit: string;
  stock: string;
  harvestedOn: string;
}

export const emptyProduceValues: ProduceValues = { unit: "piece", stock: "", harvestedOn: "" };

const unitOptions = PRODUCT_UNITS.map((unit) => ({ value: unit, label: unit }));

/**
 * Unit, stock and harvest date: optional, below the spec's fields on the add-product form and in the edit
 * dialog. An empty stock means "not tracked"; an empty date means "not said". The server checks them again.
 */
export function ProduceFields({
  values,
  errors,
  onChange,
}: {
  values: ProduceValues;
  errors: Partial<Record<keyof ProduceValues, string>>;
  onChange: (
    field: keyof ProduceValues,
  ) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-stone-800">Stock and harvest (optional)</legend>
      <SelectField
        label="Unit"
        name="unit"
        hint="What one price buys"
        options={unitOptions}
        value={values.unit}
        error={errors.unit}
        onChange={onChange("unit")}
      />
      <TextField
        label="Stock"
        name="stock"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Leave empty if you do not count it"
        value={values.stock}
        error={errors.stock}
        onChange={onChange("stock")}
      />
      <TextField
        className="sm:col-span-2"
        label="Harvest date"
        name="harvestedOn"
        type="date"
        max={shopToday()}
        value={values.harvestedOn}
        error={errors.harvestedOn}
        onChange={onChange("harvestedOn")}
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
