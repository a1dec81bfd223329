import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountMessages, messages } from "../../shared/messages.ts";
import { MessageResponseSchema, TokenSchema } from "../../shared/schemas/account.ts";
import {
  LoginSchema,
  MeResponseSchema,
  NoContentSchema,
  SignupSchema,
  UserResponseSchema,
} from "../../shared/schemas/auth.ts";
import { PHONE_CHANNELS } from "../../shared/schemas/phone.ts";
import type { Config } from "../config.ts";
import { AppError, emailKeyOf, enforceRateLimits, passwordCheckLimits, rateLimited } from "../http/index.ts";
import { logIn, offerSignInLink, signInWithLink, signUp } from "./auth.service.ts";
import { describeBrowser } from "./browser.ts";
import { isKnownAddress } from "./known-addresses.ts";
import { confirmOperatorClaim } from "./operator-claim.service.ts";
import { phoneAuthRoutes } from "./phone.routes.ts";
import {
  clearSessionCookie,
  replaceSession,
  requireUser,
  sessionToken,
  setSessionCookie,
} from "./session.plugin.ts";
import { logOut } from "./sessions.service.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export async function authRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const limited = passwordLimits(app, config);
  await app.register(phoneAuthRoutes, { prefix: "/phone", config });

  signUpRoute(app, config, limited);
  logInRoute(app, config, limited);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  // NOTE: public: the link may be opened in a browser that is not signed in; the token is the proof.
  const claimSchema = { body: TokenSchema, response: { 200: MessageResponseSchema } };
  typed.post("/operator-claim", { config: { public: true }, schema: claimSchema }, async (request) => {
    await confirmOperatorClaim(request.ctx, request.body.token);
    return { message: accountMessages.operatorConfirmed };
  });

  // NOTE: public: the owner opens it signed out; the token is the proof.
  const linkSchema = { body: TokenSchema, response: { 200: UserResponseSchema } };
  typed.post("/sign-in-link", { config: { public: true }, schema: linkSchema }, async (request, reply) => {
    const { user, session } = await signInWithLink(
      request.ctx,
      request.body.token,
      describeBrowser(request.headers["user-agent"]),
    );
    setSessionCookie(reply, config, session);
    return { user };
  });

  typed.post("/logout", { schema: { response: { 204: NoContentSchema } } }, async (request, reply) => {
    requireUser(request);
    const token = sessionToken(request, config);
    if (token) await logOut(request.ctx, token);
    clearSessionCookie(reply, config);
    return reply.status(204).send(null);
  });

  // NOTE: being signed out is a normal state, not an error: 200 with `user: null` (decision 011), so a
  // signed-out page does not log a failed request in the browser's console.
  typed.get(
    "/me",
    { config: { public: "with-session" }, schema: { response: { 200: MeResponseSchema } } },
    async (request) => ({
      user: request.user ?? null,
      shopTimeZone: config.shopTimeZone,
      shopCountries: [...config.shopCountries],
      // NOTE: said only when something is off (production without a provider): absent, both are on.
      ...(request.ctx.phone.sendsCodes ? {} : { phoneSignIn: false as const }),
      ...(request.ctx.phone.channels.length === PHONE_CHANNELS.length
        ? {}
        : { phoneChannels: [...request.ctx.phone.channels] }),
    }),
  );
}

type PasswordLimits = ReturnType<typeof passwordLimits>;

/**
 * Per client address, and per account counted per client address too: guessing one account's password is
 * slowed, yet an attacker elsewhere cannot lock its owner out.
 */
function passwordLimits(app: FastifyInstance, config: Config) {
  // NOTE: limits count in preValidation, before the body is validated, so malformed attempts count too.
  return {
    preValidation: passwordCheckLimits(
      app,
      "auth",
      config.authRateLimitPerMinute,
      (request) => `${emailKeyOf(request)}:${request.clientKey}`,
    ),
    // NOTE: signing up and in are the two API calls a signed-out visitor may make.
    config: { public: true as const },
  };
}

/** POST /signup: a new account, limited per client address and per typed address. */
function signUpRoute(app: FastifyInstance, config: Config, limited: PasswordLimits): void {
  /**
   * Per typed address, whether or not it has an account (so the limit itself reveals nothing): a sign-up with
   * a known address mails its owner, and this caps those mails as the reset limit caps reset mails.
   */
  const signUpsPerAddress = rateLimited([
    app.createRateLimit({
      max: config.signUpsPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `signup-email:${emailKeyOf(request)}`,
    }),
  ]);
  const signUpLimits = async (request: FastifyRequest, reply: FastifyReply) => {
    await limited.preValidation(request, reply);
    await signUpsPerAddress(request, reply);
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signupSchema = { body: SignupSchema, response: { 201: UserResponseSchema } };
  // NOTE: 201 with an account's shape for a known address too: only its owner's mailbox learns (issue 40 #32).
  typed.post(
    "/signup",
    { ...limited, preValidation: signUpLimits, schema: signupSchema },
    async (request, reply) => {
      const user = await signUp(request.ctx, request.body);
      return reply.status(201).send({ user });
    },
  );
}

/** POST /login: a password sign-in, limited per client address and per account. */
function logInRoute(app: FastifyInstance, config: Config, limited: PasswordLimits): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  /**
   * Every account's overall sign-in budget, whatever the address: guessing from rotating addresses (or a
   * rotating X-Forwarded-For) is slowed to `authRateLimitPerMinute` guesses a minute. An address the account
   * has signed in from before is exempt, so an attacker elsewhere cannot lock the owner out.
   */
  const accountBudget = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `auth-account-all:${emailKeyOf(request)}`,
  });
  /** Sign-ins over the account's budget, refused in the handler once the body has been validated. */
  const throttled = new WeakSet<FastifyRequest>();
  const withinAccountBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await isKnownAddress(app, request)) return;
    await enforceRateLimits(request, reply, [accountBudget], messages.signInThrottled).catch((error) => {
      throttled.add(request);
      if (!(error instanceof AppError)) throw error;
    });
  };

  const loginSchema = { body: LoginSchema, response: { 200: UserResponseSchema } };
  typed.post(
    "/login",
    { ...limited, preValidation: [limited.preValidation, withinAccountBudget], schema: loginSchema },
    async (request, reply) => {
      if (throttled.has(request)) {
        // NOTE: the same 429 whether or not the password is right; only the owner's mailbox learns which.
        await offerSignInLink(request.ctx, request.body);
        throw new AppError("rate_limited", messages.signInThrottled);
      }
      const { user, session } = await logIn(
        request.ctx,
        request.body,
        describeBrowser(request.headers["user-agent"]),
      );
      await replaceSession(app, request, reply, config, session);
      return { user };
    },
  );
}
