import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messages } from "../../shared/messages.ts";
import {
  FarmersResponseSchema,
  InboxResponseSchema,
  SentMessageResponseSchema,
} from "../../shared/schemas/api.ts";
import { MessageSchema } from "../../shared/schemas/messages.ts";
import { requireUser } from "../auth/index.ts";
import { enforceRateLimits } from "../http/index.ts";
import { farmersWithProducts, inbox, sendMessage } from "./messages.service.ts";

const MINUTE_MS = 60_000;
/** Messages one account may send per minute: plenty for a person, a wall for a flood. */
export const MESSAGES_PER_MINUTE = 10;

export async function messagesRoutes(app: FastifyInstance) {
  const perUser = app.createRateLimit({
    max: MESSAGES_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `messages-user:${request.user?.id ?? request.clientKey}`,
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sendSchema = { body: MessageSchema, response: { 201: SentMessageResponseSchema } };
  typed.post("/messages", { schema: sendSchema }, async (request, reply) => {
    const user = requireUser(request);
    // NOTE: a refused form never reaches here (the body schema refuses it first), so only well-formed
    // messages count against the limit; someone fixing a typo is never locked out.
    const input = request.body;
    await enforceRateLimits(request, reply, [perUser], messages.messagesTooFast);
    const sent = await sendMessage(request.ctx, user.id, input);
    return reply.status(201).send({ message: sent });
  });

  typed.get("/messages/inbox", { schema: { response: { 200: InboxResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    return { messages: await inbox(request.ctx, user.id) };
  });

  typed.get("/farmers", { schema: { response: { 200: FarmersResponseSchema } } }, async (request) => {
    requireUser(request);
    return { farmers: await farmersWithProducts(request.ctx) };
  });
}
