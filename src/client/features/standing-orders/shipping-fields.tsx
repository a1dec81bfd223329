import { DEFAULT_COUNTRY } from "../../../shared/schemas/orders.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import type { useFormFields } from "../../lib/use-form-fields.ts";
import { SavedAddressPicker } from "../../parts/saved-address-picker.tsx";
import { ShippingAddressFields } from "../../parts/shipping-address-fields.tsx";

/** Where a standing order delivers: ShippingSchema's fields. */
export type ShippingValues = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export const blankShipping = (given: Partial<ShippingValues> = {}): ShippingValues => ({
  fullName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: getShopCountries().includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : (getShopCountries()[0] ?? ""),
  ...given,
});

/**
 * The address fields with the account's kept addresses offered (decision 027): the newest fills an empty form
 * once; choosing another fills it (the e-mail stays).
 */
export function ShippingFields({
  form,
  idPrefix,
  emailOptional,
}: {
  form: ReturnType<typeof useFormFields<ShippingValues>>;
  idPrefix: string;
  /** The account has no e-mail (issue 37). */
  emailOptional: boolean;
}) {
  return (
    <div>
      <SavedAddressPicker form={form} id={`${idPrefix}-saved-address`} className="mb-4" />
      <ShippingAddressFields field={form.field} country={form.values.country} emailOptional={emailOptional} />
    </div>
  );
}
