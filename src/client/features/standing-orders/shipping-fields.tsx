import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { SavedAddress } from "../../../shared/schemas/addresses.ts";
import { DEFAULT_COUNTRY } from "../../../shared/schemas/orders.ts";
import { AddressFields } from "../../components/address-fields.tsx";
import { TextField } from "../../components/text-field.tsx";
import { addressLine, useSavedAddresses } from "../../lib/saved-addresses.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import type { useFormFields } from "../../lib/use-form-fields.ts";

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

const ADDRESS_FIELDS = ["fullName", "phone", "address", "city", "state", "zipCode", "country"] as const;

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
}: {
  form: ReturnType<typeof useFormFields<ShippingValues>>;
  idPrefix: string;
}) {
  const { t } = useLingui();
  const saved = useSavedAddresses();
  const addresses = saved.data ?? [];
  const [pickedId, setPickedId] = useState("");
  const filled = useRef(false);
  const fillFrom = (address: SavedAddress) => {
    const next = { ...form.values };
    for (const name of ADDRESS_FIELDS) next[name] = address[name];
    form.reset(next);
    setPickedId(address.id);
  };
  useEffect(() => {
    const [last] = saved.data ?? [];
    if (filled.current || !last) return;
    filled.current = true;
    if (!form.values.address.trim()) fillFrom(last);
  });
  const selectId = `${idPrefix}-saved-address`;
  return (
    <div>
      {addresses.length > 0 ? (
        <div className="mb-4">
          <label htmlFor={selectId} className="block text-sm font-medium text-stone-800">
            <Trans>Deliver to</Trans>
          </label>
          <select
            id={selectId}
            value={pickedId}
            onChange={(event) => {
              const address = addresses.find((candidate) => candidate.id === event.target.value);
              if (address) fillFrom(address);
            }}
            className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-stone-900 ring-1 ring-stone-300 focus:ring-2 focus:ring-brand-700"
          >
            {pickedId ? null : (
              <option value="">
                <Trans>Choose one you used before</Trans>
              </option>
            )}
            {addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {addressLine(address)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <AddressFields
        field={form.field}
        country={form.values.country}
        afterName={
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
            {...form.field("email")}
            className="sm:col-span-3"
          />
        }
      />
    </div>
  );
}
