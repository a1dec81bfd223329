import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { SavedAddress } from "../../shared/schemas/addresses.ts";
import { addressLine, useSavedAddresses } from "../lib/saved-addresses.ts";

/** The fields a kept address fills (decision 027); the e-mail stays the account's or what was typed. */
const ADDRESS_FIELDS = ["fullName", "phone", "address", "city", "state", "zipCode", "country"] as const;
type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

/** The piece of a `useFormFields` form the picker fills. */
interface AddressForm<V extends AddressValues> {
  values: V;
  reset: (next: V) => void;
}

/**
 * The account's kept addresses offered above an address form (decision 027): the one used last fills the form
 * once, when the list arrives, unless part of an address is typed already (what was typed wins); choosing
 * another fills it. Checkout and a new standing order both use it.
 */
export function SavedAddressPicker<V extends AddressValues>({
  form,
  id,
  onFill,
  offerFrom = 1,
  className,
}: {
  form: AddressForm<V>;
  id: string;
  /** Told the values a kept address filled (checkout keeps them as its draft). */
  onFill?: (next: V) => void;
  /** How many kept addresses make the list worth showing (with one, it has already filled the form). */
  offerFrom?: number;
  className?: string;
}) {
  const saved = useSavedAddresses();
  const addresses = saved.data ?? [];
  const [pickedId, setPickedId] = useState("");
  const filled = useRef(false);
  const fillFrom = (address: SavedAddress) => {
    const next = { ...form.values };
    for (const name of ADDRESS_FIELDS) next[name] = address[name];
    form.reset(next);
    onFill?.(next);
    setPickedId(address.id);
  };
  useEffect(() => {
    const [last] = saved.data ?? [];
    if (filled.current || !last) return;
    filled.current = true;
    // NOTE: the name and the country are filled before anything is typed (the account's, the shop's).
    const typed = ADDRESS_FIELDS.some(
      (name) => name !== "fullName" && name !== "country" && form.values[name].trim(),
    );
    if (!typed) fillFrom(last);
  });
  if (addresses.length < offerFrom) return null;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        <Trans>Deliver to</Trans>
      </label>
      <select
        id={id}
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
  );
}
