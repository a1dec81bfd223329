import { z } from "zod";
import { AddressFieldsSchema } from "./orders.ts";

/** How many addresses an account keeps (issue 25): home, work, a parent's; beyond that the oldest goes. */
export const MAX_SAVED_ADDRESSES = 3;

export const addressMessages = {
  bookFull: `You can keep at most ${MAX_SAVED_ADDRESSES} addresses. Delete one to save another.`,
  notFound: "This address was not found",
  saved: "Address saved.",
  deleted: "Address deleted.",
} as const;

/** An address as checkout takes it, without the e-mail (that is the account's, or typed each time). */
export const AddressInputSchema = AddressFieldsSchema;
export type AddressInput = z.input<typeof AddressInputSchema>;

/** A kept address as the API answers it: as stored (the state's code; an older free-text state as written). */
export const SavedAddressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  /** When it was last saved or used for an order; the list is newest first. */
  usedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const AddressListSchema = z.object({ addresses: z.array(SavedAddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const SavedAddressReplySchema = z.object({ address: SavedAddressSchema });
