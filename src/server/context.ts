import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { AnswerCache } from "./answer-cache.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/index.ts";
import type { MailContext, Outbox } from "./mail/index.ts";
import type { ObjectStore } from "./object-store.ts";

/** The configuration values services read (decision 018); the rest of Config stays with the plumbing. */
export type Settings = Pick<
  Config,
  "shopTimeZone" | "publicUrl" | "operatorEmails" | "passwordHashing" | "sessionIdleMs" | "sessionAbsoluteMs"
>;

/** Which cached sessions to forget: one session, or every session of a user but `keep`. */
export type SessionTarget = { sessionId: string } | { userId: string; keep?: string };

/** What services need of the session cache (auth/session-cache.ts): forgetting, on every server. */
export interface SessionForgetting {
  /** Forgets cached sessions here and on every other server; resolves once the others were told. */
  forget(target: SessionTarget): Promise<void>;
}

/** The catalogue's prepared answers as one context sees them: the app's cache, and a drop owed at commit. */
export interface ContextAnswers {
  cache: AnswerCache;
  /** Set by `catalogueChanged` inside a transaction: `inTransaction` drops again once it commits. */
  dropAtCommit: boolean;
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
export interface Context extends MailContext {
  /** The database, or the caller's transaction (see `inTransaction`). */
  db: Kysely<Database>;
  /** The request's time, read once from the server's clock (a test's clock when it gives one). */
  now: Date;
  /** The request's mail: `enqueue(ctx, mail)` in the transaction that writes what the mail speaks of. */
  mail: Outbox;
  /** The signed-in user who made the request; absent when signed out, or for work no person asked for. */
  actor?: Actor;
  settings: Settings;
  /** This server's session cache: what ends or alters a session makes every server forget it. */
  sessions: SessionForgetting;
  /** The bucket pictures' bytes go to (S3_URL, decision 029); absent: they stay in the database. */
  imageObjects?: ObjectStore;
  /** The catalogue's prepared answers (answer-cache.ts): what changes the catalogue calls `catalogueChanged`. */
  answers: ContextAnswers;
}

/**
 * Drops every prepared catalogue answer on every server (answer-cache.ts, decision 035). Call it after any
 * write that changes what a shopper sees in the catalogue: a product (created, edited, stock, photo, hidden,
 * deleted), its farmer (name, suspension, account deleted), a farmer's open slots, the deal. Outside a
 * transaction it drops at once and resolves once the other servers were told; inside one it drops here now
 * and again after the commit (`inTransaction` awaits it), since a read between the two would still see the
 * old rows. Code that commits its own transaction another way calls it again after its commit.
 */
export async function catalogueChanged(ctx: Pick<Context, "db" | "answers">): Promise<void> {
  if (ctx.db.isTransaction) {
    ctx.answers.cache.dropHere();
    ctx.answers.dropAtCommit = true;
    return;
  }
  ctx.answers.dropAtCommit = false;
  await ctx.answers.cache.drop();
}

/**
 * Runs `work` in one transaction, giving it the same context with `db` = the transaction; once committed,
 * the mails it queued are delivered in the background. Inside a transaction already, `work` joins it (the
 * outer commit delivers).
 */
export async function inTransaction<C extends MailContext, T>(
  ctx: C,
  work: (trx: C) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
  ctx.mail.committed();
  const answers = (ctx as Partial<Pick<Context, "answers">>).answers;
  if (answers?.dropAtCommit) await catalogueChanged({ db: ctx.db, answers });
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
  },
): void {
  const makeContext = (): Context => ({
    db: deps.db,
    now: app.clock(),
    mail: app.mailer.outbox(),
    settings: deps.settings,
    sessions: app.sessionCache,
    answers: { cache: deps.answers, dropAtCommit: false },
    ...(deps.imageObjects ? { imageObjects: deps.imageObjects } : {}),
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
  publicUrl: config.publicUrl,
  operatorEmails: config.operatorEmails,
  passwordHashing: config.passwordHashing,
  sessionIdleMs: config.sessionIdleMs,
  sessionAbsoluteMs: config.sessionAbsoluteMs,
});
