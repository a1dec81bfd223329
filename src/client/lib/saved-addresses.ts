import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AddressListSchema } from "../../shared/schemas/addresses.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { apiFetch } from "./api-client.ts";

/**
 * The addresses the account keeps for checkout (decision 027), newest used first: checkout fills from the
 * first and offers the others, the Account page lists them. Here because both features read it.
 */
export const savedAddressesQuery = queryOptions({
  queryKey: ["account", "addresses"],
  queryFn: () => apiFetch("/api/account/addresses", AddressListSchema).then((reply) => reply.addresses),
});

export const useSavedAddresses = () => useQuery(savedAddressesQuery);

export function useDeleteSavedAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/addresses/${encodeURIComponent(id)}`, NoContentSchema, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries(savedAddressesQuery),
  });
}

/** One line for a kept address: "Meera Iyer, 12 Lake Road, Pune, Maharashtra 411001". */
export const addressLine = (a: {
  fullName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}) => `${a.fullName}, ${a.address}, ${a.city}, ${a.state} ${a.zipCode}`;
