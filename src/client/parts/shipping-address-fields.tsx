import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { type AddressFieldName, AddressFields } from "../components/address-fields.tsx";
import { TextField } from "../components/text-field.tsx";

type FieldProps = ReturnType<ComponentProps<typeof AddressFields>["field"]>;

/**
 * Where an order goes (ShippingSchema's fields): the address with the e-mail the order's news is sent to
 * after the name. Checkout and a standing order both use it. `emailOptional` for an account made with a mobile
 * number and no e-mail: its order's news goes to the phone (issue 37).
 */
export function ShippingAddressFields({
  field,
  country,
  phoneHint,
  emailOptional = false,
}: {
  field: (name: AddressFieldName | "email") => FieldProps;
  country: string;
  phoneHint?: string;
  emailOptional?: boolean;
}) {
  const { t } = useLingui();
  return (
    <AddressFields
      field={field}
      country={country}
      afterName={
        <TextField
          label={emailOptional ? t`Email (optional)` : t`Email`}
          type="email"
          autoComplete="email"
          required={!emailOptional}
          {...field("email")}
          className="sm:col-span-3"
        />
      }
      phoneHint={phoneHint}
    />
  );
}
