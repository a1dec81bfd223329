import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../shared/i18n/languages.ts";
import {
  type AddressInput,
  AddressListSchema,
  SavedAddressReplySchema,
} from "../../shared/schemas/addresses.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { learnStateNames, stateName, statesSorted } from "../../shared/schemas/india-states.ts";
import { formatAddress } from "../../shared/schemas/orders.ts";
import { apiFetch } from "./api-client.ts";
import { currentLanguage, intlLocale, sayShared, textsLoaded } from "./i18n.ts";

/**
 * The addresses the account keeps for checkout (decision 027), newest used first: checkout fills from the
 * first and offers the others, the Account page lists them. Here because both features read it.
 */
export const savedAddressesQuery = queryOptions({
  queryKey: ["account", "addresses"],
  queryFn: () => apiFetch("/api/account/addresses", AddressListSchema).then((reply) => reply.addresses),
});

export const useSavedAddresses = () => useQuery(savedAddressesQuery);

/** Saves an address on the Account page (201 new, 200 the same place; 409 when three are kept already). */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) =>
      apiFetch("/api/account/addresses", SavedAddressReplySchema, { method: "POST", json: address }),
    onSuccess: () => client.invalidateQueries(savedAddressesQuery),
  });
}

export function useDeleteSavedAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/addresses/${encodeURIComponent(id)}`, NoContentSchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries(savedAddressesQuery),
  });
}

const learnt = new Set<Language>(["en"]);

/** The screen's language, its state names learnt from the shared catalogue once it is here (decision 059). */
function screenLanguage(): Language {
  const language = currentLanguage();
  if (!learnt.has(language) && textsLoaded(language, [])) {
    learnStateNames(language, sayShared);
    learnt.add(language);
  }
  return language;
}

/** The state's name in the screen's language (an address kept before states were codes: as written). */
export const stateLabel = (code: string) => stateName(code, screenLanguage());

/** India's states and union territories for a `<select>`, by their names in the screen's language. */
export const stateOptions = () =>
  statesSorted(screenLanguage(), intlLocale()).map((state) => ({ value: state.code, label: state.name }));

/** A country's name in the screen's language (`IN` → India; in Hindi, `Intl`'s Hindi name). */
export const countryName = (code: string) =>
  new Intl.DisplayNames([intlLocale()], { type: "region" }).of(code) ?? code;

/** An address on one line in the screen's language: "12 Lake Road, Pune, Maharashtra 411001". */
export const addressText = (a: {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country?: string;
}) => formatAddress(a, screenLanguage());

/** One line for a kept address: "Meera Iyer, 12 Lake Road, Pune, Maharashtra 411001". */
export const addressLine = (a: {
  fullName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country?: string;
}) => `${a.fullName}, ${addressText(a)}`;
