import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { messages } from "../../shared/messages.ts";
import type { AuditAction } from "../../shared/schemas/audit.ts";
import type { Message } from "../../shared/schemas/messages.ts";
import type {
  MessagePatchSchema,
  OperatorMessage,
  OperatorMessageList,
  OperatorMessageListQuerySchema,
} from "../../shared/schemas/operator-inbox.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, inTransaction } from "../context.ts";
import type { Database, MessagesTable } from "../db/index.ts";
import { decodeCursor, invalidCursor, pageOf } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import * as repo from "./messages.repository.ts";

/** The most messages an inbox answer holds; older ones stay stored. */
export const INBOX_LIMIT = 200;

/**
 * Keeps a contact or FAQ message with the account that sent it. A contact message may only name a farmer
 * who has products (the choice the form offers); FAQ messages go to the site creator.
 */
export async function sendMessage(
  { db, now }: Context,
  senderUserId: string,
  input: Message,
): Promise<{ id: string }> {
  const base = {
    id: randomUUID(),
    sender_user_id: senderUserId,
    name: input.name,
    email: input.email,
    message: input.message,
    created_at: now.toISOString(),
  };
  let row: MessagesTable;
  if (input.kind === "contact") {
    if (input.farmerId && !(await repo.isFarmerWithProducts(db, input.farmerId))) {
      throw new AppError("validation_failed", messages.unknownFarmer, {
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
  await repo.insertMessage(db, row);
  return { id: row.id };
}

/** The newest messages addressed to this farmer. */
export const inbox = ({ db }: Context, farmerId: string) => repo.listInbox(db, farmerId, INBOX_LIMIT);

/** The farmers a contact message may name: those with products. */
export const farmersWithProducts = ({ db }: Context) => repo.listFarmersWithProducts(db);

// ---- the operator's inbox ----

const messageNotFound = () => notFound("This message does not exist or is addressed to a farmer");

function toOperatorMessage(row: repo.ShopMessageRow): OperatorMessage {
  return {
    id: row.id,
    kind: row.kind === "faq" ? "faq" : "contact",
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    read: row.read_at != null,
    handled: row.handled_at != null,
    note: row.note ?? "",
  };
}

/** The inbox's cursor key is "<read rank>|<created_at>": unread first, then newest first. */
const INBOX_KEYSET = { scope: "inbox", keyKind: "string" } as const;

function decodeInboxCursor(text: string) {
  const { key, id } = decodeCursor(text, INBOX_KEYSET);
  const [, rank, createdAt] = /^([01])\|(.+)$/.exec(String(key)) ?? [];
  if (rank === undefined || createdAt === undefined) throw invalidCursor();
  return { rank: Number(rank), createdAt, id };
}

/** Messages to the shop (FAQ, contact without a farmer): unread first, newest first; and how many are unread. */
export async function listOperatorInbox(
  { db }: Context,
  query: z.output<typeof OperatorMessageListQuerySchema>,
): Promise<OperatorMessageList> {
  const after = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
  const [rows, unread] = await Promise.all([
    repo.listShopMessages(db, query.filter, query.limit + 1, after),
    repo.countShopMessages(db, "unread"),
  ]);
  const page = pageOf(rows, query.limit, INBOX_KEYSET, (row) => ({
    key: `${Number(row.read_rank)}|${row.created_at}`,
    id: row.id,
  }));
  return { items: page.rows.map(toOperatorMessage), nextCursor: page.nextCursor, unread };
}

/**
 * Marks a message to the shop read or unread, handled or open, and keeps the operator's note. Handling a
 * message also marks it read. Every change is written to the audit log.
 */
export async function updateOperatorMessage(
  ctx: Context,
  actor: Actor,
  id: string,
  patch: z.output<typeof MessagePatchSchema>,
): Promise<OperatorMessage> {
  return inTransaction(ctx, async (trxCtx) => {
    const trx = trxCtx.db;
    const row = await repo.findShopMessage(trx, id);
    if (!row) throw messageNotFound();
    const now = ctx.now.toISOString();
    const changes: { read_at?: string | null; handled_at?: string | null; note?: string } = {};
    const actions: AuditAction[] = [];
    const wasRead = row.read_at != null;
    const wasHandled = row.handled_at != null;
    const read = patch.handled === true ? true : patch.read;
    if (read === true && !wasRead) {
      changes.read_at = now;
      actions.push("message.read");
    } else if (read === false && wasRead && patch.handled !== true) {
      changes.read_at = null;
      actions.push("message.unread");
    }
    if (patch.handled === true && !wasHandled) {
      changes.handled_at = now;
      actions.push("message.handle");
    } else if (patch.handled === false && wasHandled) {
      changes.handled_at = null;
      actions.push("message.reopen");
    }
    if (patch.note !== undefined && patch.note !== (row.note ?? "")) {
      changes.note = patch.note;
      actions.push("message.note");
    }
    if (actions.length > 0) {
      await repo.updateShopMessage(trx, id, changes);
      for (const action of actions) {
        // NOTE: the note says why a message was handled, so it is the entry's reason.
        const withNote = (action === "message.note" || action === "message.handle") && patch.note;
        await recordAudit(trxCtx, {
          actor: actor,
          action,
          target: { type: "message", id },
          ...(withNote ? { reason: patch.note } : {}),
        });
      }
    }
    const updated = await repo.findShopMessage(trx, id);
    if (!updated) throw new Error(`message ${id} vanished inside its own transaction`);
    return toOperatorMessage(updated);
  });
}

export const countWaitingShopMessages = (db: Kysely<Database>) => repo.countShopMessages(db, "open");
