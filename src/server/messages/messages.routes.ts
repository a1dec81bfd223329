import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import { MessageSchema } from "../../shared/schemas/messages.ts";
import { requireUser } from "../auth/session.plugin.ts";
import type { Db } from "../db/database.ts";
import { AppError, parseWith } from "../http/errors.ts";
import { listFarmersWithProducts, listInbox } from "./messages.repository.ts";
import { INBOX_LIMIT, sendMessage } from "./messages.service.ts";

const MINUTE_MS = 60_000;
/** Messages one account may send per minute: plenty for a person, a wall for a flood. */
export const MESSAGES_PER_MINUTE = 10;

export async function messagesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const perUser = app.createRateLimit({
    max: MESSAGES_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `messages-user:${request.user?.id ?? request.ip}`,
  });

  app.post("/messages", async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    // NOTE: a refused form costs nothing to store, so only well-formed messages count against the limit;
    // someone fixing a typo is never locked out.
    const input = parseWith(MessageSchema, request.body);
    const limit = await perUser(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header("retry-after", String(limit.ttlInSeconds));
      throw new AppError(429, "rate_limited", messages.messagesTooFast);
    }
    const sent = await sendMessage(db.kysely, user.id, input);
    return reply.status(201).send({ message: sent });
  });

  app.get("/messages/inbox", async (request) => {
    const user = requireUser(request);
    return { messages: await listInbox(db.kysely, user.id, INBOX_LIMIT) };
  });

  app.get("/farmers", async (request) => {
    requireUser(request);
    return { farmers: await listFarmersWithProducts(db.kysely) };
  });
}
