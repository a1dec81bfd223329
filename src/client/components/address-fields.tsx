import { useLingui } from "@lingui/react/macro";
import type { ChangeEvent, ReactNode } from "react";
import { countryName, stateOptions } from "../lib/saved-addresses.ts";
import { getShopCountries } from "../lib/shop-countries.ts";
import type { FieldState } from "../lib/use-form-fields.ts";
import { SelectField } from "./select-field.tsx";
import { TextField } from "./text-field.tsx";

/** The fields of an address (checkout's, the address book's); `country` is India's `IN` unless chosen. */
export type AddressFieldName = "fullName" | "phone" | "address" | "city" | "state" | "zipCode" | "country";

type FieldProps = FieldState & {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

/**
 * An address's fields (decision 047): the country only when the shop delivers to more than India; in India
 * the state chosen from the list, named and sorted in the screen's language, and the PIN typed on the
 * number keypad; elsewhere both are typed. `afterName` comes between the name and the phone (checkout's
 * e-mail), `phoneHint` under the phone.
 */
export function AddressFields({
  field,
  country,
  afterName,
  phoneHint,
}: {
  field: (name: AddressFieldName) => FieldProps;
  country: string;
  afterName?: ReactNode;
  phoneHint?: string;
}) {
  const { t } = useLingui();
  const india = country === "IN";
  const countries = getShopCountries();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {countries.length > 1 ? (
        <SelectField
          label={t`Country`}
          autoComplete="country"
          required
          options={countries.map((code) => ({ value: code, label: countryName(code) }))}
          {...field("country")}
          className="sm:col-span-3"
        />
      ) : null}
      <TextField
        label={t`Full name`}
        autoComplete="name"
        required
        {...field("fullName")}
        className="sm:col-span-3"
      />
      {afterName}
      <TextField
        label={t`Phone number`}
        type="tel"
        autoComplete="tel"
        required
        hint={phoneHint}
        {...field("phone")}
        className="sm:col-span-3"
      />
      <TextField
        label={t`Address`}
        autoComplete="street-address"
        required
        {...field("address")}
        className="sm:col-span-3"
      />
      <TextField label={t`City`} autoComplete="address-level2" required {...field("city")} />
      {india ? (
        <SelectField
          label={t`State`}
          autoComplete="address-level1"
          required
          options={[{ value: "", label: t`Choose your state` }, ...stateOptions()]}
          {...field("state")}
        />
      ) : (
        <TextField label={t`State`} autoComplete="address-level1" required {...field("state")} />
      )}
      <TextField
        label={t`ZIP code`}
        autoComplete="postal-code"
        required
        {...(india ? { inputMode: "numeric" as const, maxLength: 6 } : {})}
        {...field("zipCode")}
      />
    </div>
  );
}
