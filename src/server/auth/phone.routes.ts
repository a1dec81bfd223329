import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MessageResponseSchema } from "../../shared/schemas/account.ts";
import { UserResponseSchema } from "../../shared/schemas/auth.ts";
import {
  AccountPhoneConfirmSchema,
  AccountPhoneSchema,
  PhoneCodeRequestSchema,
  PhoneResponseSchema,
  PhoneVerifySchema,
  phoneMessages,
} from "../../shared/schemas/phone.ts";
import type { Config } from "../config.ts";
import { passwordCheckLimits, rateLimited } from "../http/index.ts";
import { describeBrowser } from "./browser.ts";
import {
  confirmAccountPhone,
  offerAccountPhone,
  removeAccountPhone,
  sendPhoneCode,
  signInWithPhone,
} from "./phone.service.ts";
import { replaceSession, requireUser } from "./session.plugin.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The typed number in the body as a limit's key: a hash of its digits, so no key holds a number in clear. */
function phoneKeyOf(request: FastifyRequest): string {
  const phone = (request.body as { phone?: unknown } | undefined)?.phone;
  const digits = typeof phone === "string" ? phone.replace(/\D/g, "").slice(-10) : "";
  return createHash("sha256").update(digits).digest("base64url").slice(0, 32);
}

/** `/api/auth/phone`: signing in and up with a mobile number and a code (issue 37). */
export async function phoneAuthRoutes(app: FastifyInstance, { config }: { config: Config }) {
  /**
   * Per client address, whatever the numbers: a minute's budget as sign-in's, and an hourly one (each code is
   * a message the shop pays for). The number's own limits (30 s, 5 an hour) are kept in the database.
   */
  const codeLimits = rateLimited([
    app.createRateLimit({
      max: config.authRateLimitPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `phone-code-ip:${request.clientKey}`,
    }),
    app.createRateLimit({
      max: config.phoneCodesPerAddressPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `phone-code-ip-hour:${request.clientKey}`,
    }),
  ]);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const codeSchema = { body: PhoneCodeRequestSchema, response: { 202: MessageResponseSchema } };
  // NOTE: the same 202 for any valid mobile number, with or without an account: it is sent a code either way.
  typed.post(
    "/code",
    { config: { public: true }, preValidation: codeLimits, schema: codeSchema },
    async (request, reply) => {
      await sendPhoneCode(request.ctx, request.body);
      return reply.status(202).send({ message: phoneMessages.codeSent });
    },
  );

  /** Guessing codes: per client address, and per number counted per address (each code has 3 tries too). */
  const verifyLimits = passwordCheckLimits(
    app,
    "phone-verify",
    config.authRateLimitPerMinute,
    (request) => `${phoneKeyOf(request)}:${request.clientKey}`,
  );
  const verifySchema = {
    body: PhoneVerifySchema,
    response: { 200: UserResponseSchema, 201: UserResponseSchema },
  };
  typed.post(
    "/verify",
    { config: { public: true }, preValidation: verifyLimits, schema: verifySchema },
    async (request, reply) => {
      const { user, session, created } = await signInWithPhone(
        request.ctx,
        request.body,
        describeBrowser(request.headers["user-agent"]),
      );
      await replaceSession(app, request, reply, config, session);
      return reply.status(created ? 201 : 200).send({ user });
    },
  );
}

/** `/api/account/phone`: a signed-in account adds, changes or removes the number it signs in with (issue 37). */
export async function accountPhoneRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const perClient = rateLimited([
    app.createRateLimit({
      max: config.phoneCodesPerAddressPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `phone-code-ip-hour:${request.clientKey}`,
    }),
  ]);
  const offerSchema = { body: AccountPhoneSchema, response: { 202: MessageResponseSchema } };
  typed.post("/", { preValidation: perClient, schema: offerSchema }, async (request, reply) => {
    const user = requireUser(request);
    await offerAccountPhone(request.ctx, user.id, request.body.phone);
    return reply.status(202).send({ message: phoneMessages.codeSent });
  });

  const confirmLimits = passwordCheckLimits(
    app,
    "phone-confirm",
    config.authRateLimitPerMinute,
    (request) => request.user?.id ?? "",
  );
  const confirmSchema = { body: AccountPhoneConfirmSchema, response: { 200: PhoneResponseSchema } };
  typed.post("/confirm", { preValidation: confirmLimits, schema: confirmSchema }, async (request) => {
    const user = requireUser(request);
    const phone = await confirmAccountPhone(request.ctx, user.id, request.body.code);
    return { phone, message: phoneMessages.phoneAdded };
  });

  typed.delete("/", { schema: { response: { 200: PhoneResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    await removeAccountPhone(request.ctx, user.id);
    return { phone: null, message: phoneMessages.phoneRemoved };
  });
}
