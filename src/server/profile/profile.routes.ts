import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountMessages } from "../../shared/messages.ts";
import {
  AccountSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  EmailChangedSchema,
  EndedSessionsSchema,
  MessageResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SessionListSchema,
  TokenSchema,
  UpdateAccountSchema,
} from "../../shared/schemas/account.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  clearSessionCookie,
  hashSessionToken,
  isKnownAddress,
  requireUser,
  sessionToken,
} from "../auth/index.ts";
import type { Config } from "../config.ts";
import { emailKeyOf, passwordCheckLimits, rateLimited } from "../http/index.ts";
import * as account from "./profile.service.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface Options {
  config: Config;
}

/** The signed-in user and the hash of the session the request came with. */
function signedIn(request: FastifyRequest, config: Config) {
  const user = requireUser(request);
  return { user, sessionHash: hashSessionToken(sessionToken(request, config) ?? "") };
}

/** `/api/account`: the signed-in person's own profile, e-mail, password, sessions and leaving. */
export async function accountRoutes(app: FastifyInstance, { config }: Options) {
  // NOTE: the routes that check a password are limited like sign-in, so a stolen session cannot be used to
  // guess the password quickly.
  const checksPassword = {
    preValidation: passwordCheckLimits(
      app,
      "account",
      config.authRateLimitPerMinute,
      (r) => r.user?.id ?? "",
    ),
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const accountReply = { response: { 200: AccountSchema } };
  typed.get("/", { schema: accountReply }, async (request) =>
    account.getAccount(request.ctx, requireUser(request)),
  );

  typed.patch("/", { schema: { body: UpdateAccountSchema, ...accountReply } }, async (request) => {
    return account.updateAccount(request.ctx, requireUser(request), request.body);
  });

  const emailSchema = { body: ChangeEmailSchema, response: { 202: AccountSchema } };
  typed.post("/email", { ...checksPassword, schema: emailSchema }, async (request, reply) => {
    const user = requireUser(request);
    const input = request.body;
    const result = await account.requestEmailChange(request.ctx, user, input);
    return reply.status(202).send(result);
  });

  // NOTE: public: the link may be opened in a browser that is not signed in; the token is the proof.
  const confirmSchema = { body: TokenSchema, response: { 200: EmailChangedSchema } };
  typed.post("/email/confirm", { config: { public: true }, schema: confirmSchema }, async (request) => {
    const { token } = request.body;
    const { email } = await account.confirmEmailChange(request.ctx, token);
    return { email, message: accountMessages.emailChanged };
  });

  const passwordSchema = { body: ChangePasswordSchema, response: { 204: NoContentSchema } };
  typed.post("/password", { ...checksPassword, schema: passwordSchema }, async (request, reply) => {
    const { user, sessionHash } = signedIn(request, config);
    const input = request.body;
    await account.changePassword(request.ctx, user.id, sessionHash, input);
    return reply.status(204).send(null);
  });

  typed.get("/sessions", { schema: { response: { 200: SessionListSchema } } }, async (request) => {
    const { user, sessionHash } = signedIn(request, config);
    return { sessions: await account.listSessions(request.ctx, user.id, sessionHash) };
  });

  const endSchema = { params: IdParamsSchema, response: { 204: NoContentSchema } };
  typed.delete("/sessions/:id", { schema: endSchema }, async (request, reply) => {
    const { user, sessionHash } = signedIn(request, config);
    const { wasCurrent } = await account.endOwnSession(request.ctx, user.id, sessionHash, request.params.id);
    if (wasCurrent) clearSessionCookie(reply, config);
    return reply.status(204).send(null);
  });

  const revokeSchema = { response: { 200: EndedSessionsSchema } };
  typed.post("/sessions/revoke-others", { schema: revokeSchema }, async (request) => {
    const { user, sessionHash } = signedIn(request, config);
    return { ended: await account.endOtherSessions(request.ctx, user.id, sessionHash) };
  });

  const deleteSchema = { body: DeleteAccountSchema, response: { 204: NoContentSchema } };
  typed.delete("/", { ...checksPassword, schema: deleteSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { password } = request.body;
    await account.deleteAccount(request.ctx, user.id, password);
    clearSessionCookie(reply, config);
    return reply.status(204).send(null);
  });
}

/** `/api/auth/password-reset`: "Forgot password?" for people who are signed out. */
export async function passwordResetRoutes(app: FastifyInstance, { config }: Options) {
  const perClient = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `reset-ip:${request.clientKey}`,
  });
  /** Per typed address, whether or not it has an account, so the limit itself reveals nothing. */
  const perAddress = app.createRateLimit({
    max: config.passwordResetsPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `reset-email:${emailKeyOf(request)}`,
  });
  const byClient = rateLimited([perClient]);
  const byAddress = rateLimited([perAddress]);
  /**
   * Anybody may use up an address's resets; its owner, asking from an address the account signed in from,
   * still gets through, as sign-in lets them (issue 40 #29).
   */
  const resetLimits = async (request: FastifyRequest, reply: FastifyReply) => {
    await byClient(request, reply);
    if (!(await isKnownAddress(app, request))) await byAddress(request, reply);
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const requestSchema = { body: PasswordResetRequestSchema, response: { 202: MessageResponseSchema } };
  typed.post(
    "/",
    { config: { public: true }, preValidation: resetLimits, schema: requestSchema },
    async (request, reply) => {
      const { email } = request.body;
      // NOTE: the lookup and the mail run off the request path, at the mailer's next tick, so neither this
      // answer nor the request after it takes longer when the address has an account (issue 25).
      const ctx = request.ctx;
      app.mailer.offPath(() => account.sendPasswordReset(ctx, email));
      return reply.status(202).send({ message: accountMessages.resetRequested });
    },
  );

  const confirmPerClient = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `reset-confirm-ip:${request.clientKey}`,
  });
  const confirmSchema = { body: PasswordResetConfirmSchema, response: { 204: NoContentSchema } };
  typed.post(
    "/confirm",
    { config: { public: true }, preValidation: rateLimited([confirmPerClient]), schema: confirmSchema },
    async (request, reply) => {
      await account.confirmPasswordReset(request.ctx, request.body);
      return reply.status(204).send(null);
    },
  );
}
