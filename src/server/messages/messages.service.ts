import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { messages } from "../../shared/messages.ts";
import type { Message } from "../../shared/schemas/messages.ts";
import type { Database, MessagesTable } from "../db/database.ts";
import { AppError } from "../http/errors.ts";
import { insertMessage, isFarmerWithProducts } from "./messages.repository.ts";

/** The most messages an inbox answer holds; older ones stay stored. */
export const INBOX_LIMIT = 200;

/**
 * Keeps a contact or FAQ message with the account that sent it. A contact message may only name a farmer
 * who has products (the choice the form offers); FAQ messages go to the site creator.
 */
export async function sendMessage(
  db: Kysely<Database>,
  senderUserId: string,
  input: Message,
): Promise<{ id: string }> {
  const base = {
    id: randomUUID(),
    sender_user_id: senderUserId,
    name: input.name,
    email: input.email,
    message: input.message,
    created_at: new Date().toISOString(),
  };
  let row: MessagesTable;
  if (input.kind === "contact") {
    if (input.farmerId && !(await isFarmerWithProducts(db, input.farmerId))) {
      throw new AppError(400, "validation_failed", messages.unknownFarmer, {
        farmerId: messages.unknownFarmer,
      });
    }
    row = {
      ...base,
      kind: "contact",
      phone: input.phone,
      subject: null,
      farmer_id: input.farmerId ?? null,
      delivery_preference: input.deliveryPreference,
      preferred_time: input.preferredTime,
    };
  } else {
    row = {
      ...base,
      kind: "faq",
      phone: null,
      subject: input.subject,
      farmer_id: null,
      delivery_preference: null,
      preferred_time: null,
    };
  }
  await insertMessage(db, row);
  return { id: row.id };
}
