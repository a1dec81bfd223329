import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";
import { AddressInputSchema, MAX_SAVED_ADDRESSES } from "../../../shared/schemas/addresses.ts";
import { AddressFields } from "../../components/address-fields.tsx";
import { Button } from "../../components/button.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { Pending } from "../../components/pending.tsx";
import {
  addressLine,
  addressText,
  useDeleteSavedAddress,
  useSaveAddress,
  useSavedAddresses,
} from "../../lib/saved-addresses.ts";
import { getShopCountries } from "../../lib/shop-countries.ts";
import { toast } from "../../lib/toast.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { errorText, toasting } from "./account-form.ts";

/** The addresses checkout keeps (decision 027): each with Delete; orders add them, checkout picks one. */
export function SavedAddresses() {
  const { t } = useLingui();
  const addresses = useSavedAddresses();
  const remove = useDeleteSavedAddress();
  if (addresses.isPending) return <Pending label={t`Loading addresses...`} />;
  if (addresses.isError) return <p role="alert">{errorText(addresses.error)}</p>;
  if (addresses.data.length === 0) {
    return (
      <>
        <p className="text-stone-700">
          <Trans>No saved addresses yet. The address of your next order is kept here.</Trans>
        </p>
        <AddAddressForm />
      </>
    );
  }
  return (
    <>
      <p className="text-stone-700">
        <Trans>Checkout fills in the address you used last. Up to {MAX_SAVED_ADDRESSES} are kept.</Trans>
      </p>
      <ul className="mt-2 divide-y divide-stone-200">
        {addresses.data.map((address) => (
          <li key={address.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">{address.fullName}</p>
              <p className="text-sm text-stone-600">
                {addressText(address)} · {address.phone}
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={t`Delete ${addressLine(address)}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(address.id, toasting(t`Address deleted.`))}
            >
              <Trans>Delete</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <AddAddressForm />
    </>
  );
}

const blankAddress = () => ({
  fullName: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  country: getShopCountries()[0] ?? "IN",
});

/** A new address for the book (decision 047): checked as checkout checks it; a fourth is refused with why. */
function AddAddressForm() {
  const { t } = useLingui();
  const form = useFormFields(blankAddress);
  const save = useSaveAddress();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.setFormError(null);
    const checked = form.validate(AddressInputSchema);
    if (!checked.ok) return;
    try {
      await save.mutateAsync(checked.data);
      form.reset(blankAddress());
      toast.success(t`Address saved.`);
    } catch (error) {
      if (!form.showServerErrors(error)) form.setFormError(errorText(error));
    }
  }
  return (
    <form
      ref={form.formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-address-heading"
      className="mt-4 border-t border-stone-200 pt-4"
    >
      <h3 id="add-address-heading" className="font-semibold text-stone-900">
        <Trans>Add an address</Trans>
      </h3>
      <div className="mt-3">
        <AddressFields field={form.field} country={form.values.country} />
      </div>
      <FormMessage id={form.formErrorId} message={form.formError} className="mt-4" />
      <Button type="submit" className="mt-4" disabled={save.isPending}>
        <Trans>Save address</Trans>
      </Button>
    </form>
  );
}
