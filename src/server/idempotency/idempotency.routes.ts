import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from "../../shared/schemas/orders.ts";
import { requireUser } from "../auth/index.ts";
import type { Context } from "../context.ts";
import { documentOnly, parseWith } from "../http/index.ts";
import { answerOnce } from "./idempotency.service.ts";

/**
 * The optional Idempotency-Key of a state-changing route, declared for the docs only: `sendOnce` reads and
 * checks it (its message names the header).
 */
export const idempotencyHeaders = documentOnly(
  z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() }),
);

/**
 * Answers a state-changing request once per Idempotency-Key (see `answerOnce`): `work` runs with the
 * context it must use; a replay is sent with `idempotent-replayed: true`, as order placement does.
 */
export async function sendOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: (ctx: Context) => Promise<T>,
) {
  const user = requireUser(request);
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = header === undefined ? undefined : parseWith(IdempotencyKeySchema, header);
  const answer = await answerOnce(
    request.ctx,
    { userId: user.id, key, method: request.method, url: request.url, body: request.body },
    status,
    work,
  );
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(answer.status).send(answer.body);
}
