import { useState } from "react";
import {
  type CheckoutFormInput,
  CheckoutFormSchema,
  CheckoutFormWithEmailSchema,
  DEFAULT_COUNTRY,
  DEFAULT_PAYMENT_METHOD,
} from "../../../shared/schemas/orders.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { readDraft, saveDraft } from "./checkout-draft.ts";

type FieldName = keyof CheckoutFormInput;
export type CheckoutValues = Record<FieldName, string>;

export interface CheckoutDefaults {
  fullName?: string;
  email?: string;
  /** The account has no e-mail (made with a mobile number): the form may leave it empty (issue 37). */
  emailOptional?: boolean;
}

/**
 * Checkout's form: the account's name and e-mail and the shop's country, under this tab's draft; every change is
 * kept as the draft, and once an order was tried the messages follow the typing.
 */
export function useCheckoutForm(defaults: CheckoutDefaults) {
  const [attempted, setAttempted] = useState(false);
  const schema = defaults.emailOptional ? CheckoutFormSchema : CheckoutFormWithEmailSchema;
  const form = useFormFields<CheckoutValues>(
    () => {
      const blank: CheckoutValues = {
        fullName: defaults.fullName ?? "",
        email: defaults.email ?? "",
        phone: "",
        address: "",
        city: "",
        state: "",
        zipCode: "",
        country: getShopCountries().includes(DEFAULT_COUNTRY)
          ? DEFAULT_COUNTRY
          : (getShopCountries()[0] ?? ""),
        paymentMethod: DEFAULT_PAYMENT_METHOD,
      };
      const draft = readDraft();
      for (const name of Object.keys(blank) as FieldName[]) {
        if (draft[name] !== undefined) blank[name] = draft[name];
      }
      return blank;
    },
    {
      onChange: (next) => {
        saveDraft(next);
        if (attempted) form.validate(schema, next, { focus: false });
      },
    },
  );
  return { form, setAttempted, schema };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>["form"];
