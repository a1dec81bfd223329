import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { AnswerCache } from "./answer-cache.ts";
import type { Config } from "./config.ts";
import { type Database, runSteps, type Steps, stepsTransaction } from "./db/index.ts";
import type { MailContext, Outbox } from "./mail/index.ts";
import type { PhoneOutbox } from "./notify/index.ts";
import type { ObjectStore } from "./object-store.ts";
import type { PaymentGateway } from "./payments/index.ts";

/** The configuration values services read (decision 018); the rest of Config stays with the plumbing. */
export type Settings = Pick<
  Config,
  | "shopTimeZone"
  | "shopCountries"
  | "publicUrl"
  | "operatorEmails"
  | "passwordHashing"
  | "sessionIdleMs"
  | "sessionAbsoluteMs"
  | "paymentHoldMinutes"
  | "shopCommissionBasisPoints"
>;

/** Which cached sessions to forget: one session, or every session of a user but `keep`. */
export type SessionTarget = { sessionId: string } | { userId: string; keep?: string };

/** What services need of the session cache (auth/session-cache.ts): forgetting, on every server. */
export interface SessionForgetting {
  /** Forgets cached sessions here and on every other server; resolves once the others were told. */
  forget(target: SessionTarget): Promise<void>;
}

/** The catalogue's prepared answers as one context sees them. */
export interface ContextAnswers {
  cache: AnswerCache;
}

/**
 * Work owed once a transaction commits, by name, so asking twice owes it once (decision 036). Only a transaction
 * runner (`inTransaction`, `inStepsTransaction`) gives a context one; it runs it after its commit, and a
 * transaction that rolls back runs none of it.
 */
export type OnCommit = Map<string, () => Promise<void>>;

/** What a transaction runner needs of a context: its mail, and the work owed at its commit. */
export interface RunnerContext extends MailContext {
  /** Present inside a transaction a runner started (see `OnCommit`). */
  onCommit?: OnCommit;
}

/** Who made the request: the signed-in user, as the session resolved it. */
export interface Actor {
  id: string;
  operator: boolean;
}

/**
 * What every service receives first, instead of positional db, mailer, clock and settings (decision 018):
 * built once per request (`request.ctx`), or by hand by a timer, a command or a test.
 */
export interface Context extends RunnerContext {
  /** The database, or the caller's transaction (see `inTransaction`). */
  db: Kysely<Database>;
  /** The request's time, read once from the server's clock (a test's clock when it gives one). */
  now: Date;
  /** The request's mail: `enqueue(ctx, mail)` in the transaction that writes what the mail speaks of. */
  mail: Outbox;
  /** The request's WhatsApp and SMS messages that carry a secret (a sign-in code; issue 37). */
  phone: PhoneOutbox;
  /** The signed-in user who made the request; absent when signed out, or for work no person asked for. */
  actor?: Actor;
  settings: Settings;
  /** This server's session cache: what ends or alters a session makes every server forget it. */
  sessions: SessionForgetting;
  /** The bucket pictures' bytes go to (S3_URL, decision 029); absent: they stay in the database. */
  imageObjects?: ObjectStore;
  /** The catalogue's prepared answers (answer-cache.ts): what changes the catalogue calls `catalogueChanged`. */
  answers: ContextAnswers;
  /** The gateway that takes Pay now (decision 052); absent: pay on delivery only. */
  gateway?: PaymentGateway;
}

/**
 * Drops every prepared catalogue answer on every server (answer-cache.ts, decision 035). Call it after any
 * write that changes what a shopper sees in the catalogue: a product (created, edited, stock, photo, hidden,
 * deleted), its farmer (name, suspension, account deleted), a farmer's open slots, the deal. Outside a
 * transaction it drops at once and resolves once the other servers were told; inside one it drops here now
 * and again once the transaction commits (its runner awaits that), since a read between the two would still
 * see the old rows. In a step function: `yield* catalogueChangedStep(trx)`.
 */
export async function catalogueChanged(ctx: Pick<Context, "db" | "answers" | "onCommit">): Promise<void> {
  if (ctx.onCommit || ctx.db.isTransaction) {
    dropAtCommit(ctx);
    return;
  }
  await ctx.answers.cache.drop();
}

/** `catalogueChanged` as a step (db/steps.ts), in a transaction of steps (`inStepsTransaction`). */
// biome-ignore lint/correctness/useYield: it runs no statement; it owes the drop to the commit.
export function* catalogueChangedStep(ctx: Pick<Context, "db" | "answers" | "onCommit">): Steps<void> {
  dropAtCommit(ctx);
}

function dropAtCommit({ answers, onCommit }: Pick<Context, "answers" | "onCommit">): void {
  // NOTE: a transaction no runner started would commit without dropping: refused rather than missed.
  if (!onCommit) throw new Error("catalogueChanged in a transaction that inTransaction did not start");
  answers.cache.dropHere();
  onCommit.set("catalogue", () => answers.cache.drop());
}

/** After a commit: the mails it queued go, then the work it owed, in the order it was first owed. */
async function committed(ctx: MailContext, onCommit: OnCommit): Promise<void> {
  ctx.mail.committed();
  for (const work of onCommit.values()) await work();
}

/**
 * Runs `work` in one transaction, giving it the same context with `db` = the transaction; once committed,
 * the mails it queued are delivered in the background and the work it owed (`onCommit`) is run. Inside a
 * transaction already, `work` joins it (the outer commit delivers and runs).
 */
export async function inTransaction<C extends RunnerContext, T>(
  ctx: C,
  work: (trx: C) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const onCommit: OnCommit = new Map();
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx, onCommit }));
  await committed(ctx, onCommit);
  return result;
}

/**
 * `inTransaction` for a step function (db/steps.ts, decision 036): the same rules on both databases, and on
 * SQLite its statements run in one synchronous block, so the one connection never waits on it between them.
 * `trx.db` builds the statements (on SQLite it is the database itself: the block is the transaction). Inside
 * a transaction already, the steps join it. Once committed, the mails it queued are delivered and the work it owed is run.
 */
export async function inStepsTransaction<C extends RunnerContext, T>(
  ctx: C,
  work: (trx: C) => Steps<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return runSteps(ctx.db, work(ctx));
  const onCommit: OnCommit = new Map();
  const result = await stepsTransaction(ctx.db, (db) => work({ ...ctx, db, onCommit }));
  await committed(ctx, onCommit);
  return result;
}

declare module "fastify" {
  interface FastifyInstance {
    /** A context for work no request asked for (timers, tests): no actor, the clock's time now. */
    makeContext(): Context;
  }
  interface FastifyRequest {
    /** The request's context, built on first use (after the gate has resolved the session). */
    ctx: Context;
  }
}

/** Gives every request its context: `request.ctx`, built once, on first use, from the app's parts. */
export function registerContext(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    settings: Settings;
    publicOrigin: string | undefined;
    imageObjects?: ObjectStore;
    answers: AnswerCache;
    gateway?: PaymentGateway;
  },
): void {
  const makeContext = (): Context => ({
    db: deps.db,
    now: app.clock(),
    mail: app.mailer.outbox(),
    phone: app.phoneMessenger,
    settings: deps.settings,
    sessions: app.sessionCache,
    answers: { cache: deps.answers },
    ...(deps.imageObjects ? { imageObjects: deps.imageObjects } : {}),
    ...(deps.gateway ? { gateway: deps.gateway } : {}),
  });
  app.decorate("makeContext", makeContext);
  const built = new WeakMap<FastifyRequest, Context>();
  app.decorateRequest("ctx", {
    getter(this: FastifyRequest) {
      const known = built.get(this);
      if (known) return known;
      const user = this.user;
      const ctx: Context = {
        ...makeContext(),
        mail: app.mailer.outbox(deps.publicOrigin ?? arrivedAt(this)),
        ...(user ? { actor: { id: user.id, operator: user.operator === true } } : {}),
      };
      built.set(this, ctx);
      return ctx;
    },
  });
}

/**
 * The address a request came in on, for mailed links when PUBLIC_ORIGIN is not set (development): the
 * server's own address and port on that connection, never the Host header, which the client writes (a
 * reset link must not lead to a host of the asker's choosing). Undefined when unknown (an injected request).
 */
function arrivedAt(request: FastifyRequest): string | undefined {
  const { localAddress, localPort } = request.socket;
  if (!localAddress || !localPort) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(localAddress)?.[1];
  const host = mapped ?? (localAddress.includes(":") ? `[${localAddress}]` : localAddress);
  return `${request.protocol}://${host}:${localPort}`;
}

/** The settings out of the whole configuration. */
export const settingsOf = (config: Config): Settings => ({
  shopTimeZone: config.shopTimeZone,
  shopCountries: config.shopCountries,
  publicUrl: config.publicUrl,
  operatorEmails: config.operatorEmails,
  passwordHashing: config.passwordHashing,
  sessionIdleMs: config.sessionIdleMs,
  sessionAbsoluteMs: config.sessionAbsoluteMs,
  paymentHoldMinutes: config.paymentHoldMinutes,
  shopCommissionBasisPoints: config.shopCommissionBasisPoints,
});
