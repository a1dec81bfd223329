import type { FastifyInstance } from "fastify";
import { COMMAND_LINE_ACTOR } from "../audit/audit.service.ts";
import type { Db } from "../db/database.ts";
import { grantOperator } from "../moderation/moderation.service.ts";
import { type SignedInUser, signUpAndLogIn } from "./test-app.ts";

/** A new account made an operator the way `npm run operator -- grant` does it, signed in. */
export async function signUpOperator(
  app: FastifyInstance,
  db: Db,
  name = "Olga Operator",
): Promise<SignedInUser> {
  const user = await signUpAndLogIn(app, name);
  await grantOperator(
    { db: db.kysely, now: new Date(), sessions: app.sessionCache },
    COMMAND_LINE_ACTOR,
    user.email,
  );
  return user;
}
