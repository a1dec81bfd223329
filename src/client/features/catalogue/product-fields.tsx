import { useLingui } from "@lingui/react/macro";
import {
  CATEGORIES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
} from "../../../shared/schemas/products.ts";
import { SelectField } from "../../components/select-field.tsx";
import { TextAreaField } from "../../components/text-area-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import type { FieldProps } from "./produce-fields.tsx";
import { categoryName } from "./product-labels.ts";

/** The category choices in the reader's language (called while rendering, so they follow a language change). */
const categoryOptions = () =>
  CATEGORIES.map((category) => ({ value: category, label: categoryName(category) }));

type ProductFieldName = "name" | "otherNames" | "price" | "category" | "description";

/**
 * The product's own fields (product rules §3): name, other names, price, category and description, on the
 * add-product form (`adding`: with examples, and a category still to choose) and in the edit dialog (where the
 * name takes the focus).
 */
export function ProductFields({
  field,
  adding = false,
}: {
  field: (name: ProductFieldName) => FieldProps;
  adding?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`Product name`}
        required
        maxLength={PRODUCT_NAME_MAX}
        placeholder={adding ? t`Organic tomatoes` : undefined}
        {...field("name")}
        data-autofocus={adding ? undefined : true}
      />
      <OtherNamesField {...field("otherNames")} />
      <TextField
        label={t`Price (Rs.)`}
        type="number"
        inputMode="decimal"
        min={0}
        max={PRODUCT_PRICE_MAX}
        step={0.01}
        required
        placeholder={adding ? "40.00" : undefined}
        {...field("price")}
      />
      <SelectField
        label={t`Category`}
        required
        options={[...(adding ? [{ value: "", label: t`Select a category` }] : []), ...categoryOptions()]}
        {...field("category")}
      />
      <TextAreaField
        label={t`Description`}
        required
        rows={adding ? 5 : 4}
        maxLength={PRODUCT_DESCRIPTION_MAX}
        placeholder={adding ? t`How it was grown, when it was picked, how much is in a pack...` : undefined}
        {...field("description")}
      />
    </>
  );
}

/**
 * A product's names in other languages and scripts, separated by commas, below its name on the add-product
 * form and in the edit dialog: the shop's search finds the product by any of them.
 */
function OtherNamesField(props: FieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Other names (optional)`}
      hint={t`Names in other languages or scripts, separated by commas, so that shoppers find it by them`}
      placeholder={t`e.g. tamatar, tamaatar`}
      {...props}
    />
  );
}
