import { z } from "zod";
import { fixedText, text } from "../i18n/text.ts";
import { AddressFieldsSchema, keptAddressLines } from "./orders.ts";

/** How many addresses an account keeps (issue 25): home, work, a parent's; beyond that the oldest goes. */
export const MAX_SAVED_ADDRESSES = 3;

export const addressMessages = {
  bookFull: fixedText(
    /*i18n*/ { id: "You can keep at most {max} addresses. Delete one to save another." },
    { max: MAX_SAVED_ADDRESSES },
  ),
  notFound: text(/*i18n*/ { id: "This address was not found" }),
  saved: text(/*i18n*/ { id: "Address saved." }),
  deleted: text(/*i18n*/ { id: "Address deleted." }),
} as const;

/** An address as checkout takes it, without the e-mail (that is the account's, or typed each time). */
export const AddressInputSchema = AddressFieldsSchema;
export type AddressInput = z.input<typeof AddressInputSchema>;

/** A kept address as the API answers it: as stored (the state's code; an older free-text state as written). */
export const SavedAddressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  ...keptAddressLines,
  /** When it was last saved or used for an order; the list is newest first. */
  usedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const AddressListSchema = z.object({ addresses: z.array(SavedAddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const SavedAddressReplySchema = z.object({ address: SavedAddressSchema });
