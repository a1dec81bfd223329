import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import type { Mail, MailTransport } from "./mail.ts";
import * as queue from "./mail-queue.repository.ts";
import { createOutbox, type Outbox } from "./outbox.ts";

const MINUTE_MS = 60_000;
/** A queued mail is given up after this many failed attempts (about a day and a half of back-off). */
export const MAX_MAIL_ATTEMPTS = 10;
/** While one process retries a mail, others leave it alone for this long. */
const LEASE_MS = 5 * MINUTE_MS;
/** How many due mails one delivery pass takes. */
const MAIL_BATCH = 50;
/** How often work queued off the request path (`offPath`) is started. */
export const OFF_PATH_MS = 1000;

/** 1, 2, 4 … minutes after each failure, at most six hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(2 ** (attempts - 1) * MINUTE_MS, 6 * 60 * MINUTE_MS);

export interface Mailer {
  readonly transport: MailTransport;
  /** An address on the shop for a link in a mail: PUBLIC_URL + path (never a request's Host header). */
  link(path: string): string;
  /**
   * Sends a mail with a secret link (password reset, e-mail change) in the background, once, and never
   * stores it: if the send fails, the mail is lost and the user asks again. Every other mail is queued in the
   * transaction that writes what it speaks of (`enqueue`, decision 018), so a slow or failing mail server
   * never delays or fails the request that caused the mail either way.
   */
  sendSecret(mail: Mail): void;
  /** Runs `work` in the background, tracked like a send (so close() waits for it); errors are logged. */
  later(work: () => Promise<void>): void;
  /**
   * Runs `work` in the background at the next tick of a timer (every OFF_PATH_MS), not right after the
   * answer: work whose cost would tell something (does this address have an account?) then slows no
   * particular next request. Lost if the process stops first (the user asks again).
   */
  offPath(work: () => Promise<void>): void;
  /**
   * Delivers the queued mails that are due, in the background (after a commit queued some): due by the clock,
   * or by `dueBy` when a context's clock ran ahead of it (a test's).
   */
  deliverQueued(dueBy?: Date): void;
  /**
   * Delivers what is due at `sendAt` (an order's digest, decision 048) once the clock reaches it: a timer in
   * this process, so the mail goes on time; if this process stops first, any server's next retry pass sends it.
   */
  deliverAt(sendAt: Date): void;
  /**
   * Sets a timer (deliverAt) for the queued mail that falls due first within `withinMs` from now, if any: the
   * retry timer calls it, so a digest another server queued (and then stopped) still goes on time.
   */
  watchNextDue(withinMs: number): Promise<void>;
  /** Delivers (or retries) the queued mails that are due at `now` (default: the clock); returns how many went. */
  retryQueued(now?: Date): Promise<number>;
  /**
   * A request's outbox (see outbox.ts); its links start with `origin` when given (the address a request came
   * in on, when PUBLIC_ORIGIN is not set), else with PUBLIC_URL.
   */
  outbox(origin?: string): Outbox;
  /** Resolves when every background send started so far has finished (tests, shutdown). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What a mailer needs: where the queue is, how mail goes, where to log, the shop's address, and the clock. */
export interface MailerDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  log: FastifyBaseLogger;
  publicUrl: string;
  clock?: () => Date;
}

export function createMailer({
  db,
  transport,
  log,
  publicUrl,
  clock = () => new Date(),
}: MailerDeps): Mailer {
  const work = backgroundWork(log);
  const deliverDue = (now: Date) => deliverDueMails({ db, transport, log }, now);
  const passes = deliveryPasses({ clock, later: work.later, deliverDue });
  const retryQueued = async (now = clock()) => (await deliverDue(now)).delivered;

  /** A mail with a secret link: one attempt, never stored (its live token must not sit in the database). */
  async function sendOnce(mail: Mail): Promise<void> {
    try {
      await transport.deliver(mail);
    } catch (error) {
      // NOTE: the log names the subject only: never the body, which may hold a secret link.
      log.warn({ err: errorText(error), subject: mail.subject }, "mail send failed");
    }
  }

  const link = (path: string) => `${publicUrl}${path}`;
  // NOTE: never to a `.invalid` address (an account made with a mobile number; see queueMail).
  const sendSecret = (mail: Mail) => {
    if (!mail.to.endsWith(".invalid")) work.later(() => sendOnce(mail));
  };
  const watchNextDue = async (withinMs: number) => {
    const now = clock();
    const next = await queue.nextDueBetween(
      db,
      now.toISOString(),
      new Date(now.getTime() + withinMs).toISOString(),
    );
    if (next) passes.deliverAt(new Date(next));
  };

  return {
    transport,
    link,
    sendSecret,
    later: work.later,
    deliverAt: passes.deliverAt,
    watchNextDue,
    offPath: work.offPath,
    deliverQueued: passes.deliverQueued,
    retryQueued,
    outbox: (origin) =>
      createOutbox({
        link: origin === undefined ? link : (path: string) => `${origin}${path}`,
        sendSecret,
        deliverQueued: passes.deliverQueued,
        deliverAt: passes.deliverAt,
      }),
    settle: work.settle,
    close: async () => {
      passes.close();
      work.stop();
      await work.settle();
      transport.close();
    },
  };
}

/** Work in the background, tracked so that settle() waits for it; work off the request path on a timer. */
function backgroundWork(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  function track(work: Promise<void>): void {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  }
  function later(work: () => Promise<void>): void {
    track(
      Promise.resolve()
        .then(work)
        .catch((error) => log.error({ err: error }, "background work failed")),
    );
  }

  const offPathWork: (() => Promise<void>)[] = [];
  const startOffPathWork = () => {
    for (const work of offPathWork.splice(0)) later(work);
  };
  const offPathTimer = setInterval(startOffPathWork, OFF_PATH_MS);
  offPathTimer.unref();

  async function settle(): Promise<void> {
    startOffPathWork();
    while (pending.size > 0) {
      await Promise.allSettled([...pending]);
      startOffPathWork();
    }
  }
  return {
    later,
    offPath: (work: () => Promise<void>) => {
      offPathWork.push(work);
    },
    settle,
    stop: () => clearInterval(offPathTimer),
  };
}

/**
 * One pass: claims up to MAIL_BATCH due mails in one statement, sends them one after another, then deletes
 * those sent (or given up) in one statement. NOTE: a claim and a delete per mail made each placement's mails
 * cost eight commits of their own (issue 27). A process that stops after sending and before the delete
 * sends those mails again once their lease ends, as a stop between one mail's send and delete did.
 */
async function deliverDueMails(
  { db, transport, log }: Pick<MailerDeps, "db" | "transport" | "log">,
  now: Date,
): Promise<{ delivered: number; full: boolean }> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const claimed = await queue.claimDueMails(db, now.toISOString(), lease, MAIL_BATCH);
  // NOTE: in the order they were queued (a RETURNING clause promises no order).
  claimed.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  const done: string[] = [];
  let delivered = 0;
  try {
    for (const row of claimed) {
      try {
        await transport.deliver({
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        done.push(row.id);
        delivered += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        // NOTE: the log names the subject only, like every mail log line.
        log.warn({ err: errorText(error), subject: row.subject, attempts }, "mail send failed");
        if (attempts >= MAX_MAIL_ATTEMPTS) {
          log.error({ err: errorText(error), subject: row.subject, attempts }, "mail given up");
          done.push(row.id);
        } else {
          const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
          await queue.recordMailFailure(db, {
            id: row.id,
            attempts,
            nextAttemptAt,
            lastError: errorText(error),
          });
        }
      }
    }
  } finally {
    await queue.deleteQueuedMails(db, done);
  }
  return { delivered, full: claimed.length >= MAIL_BATCH };
}

/**
 * One delivery pass at a time in this process: a commit during a pass asks for one more after it (due by
 * the latest time asked), and a pass that found a full batch goes on. Each pass starts after the event
 * loop's current turn, so the commits of one turn share it. NOTE: a pass per commit had every concurrent
 * commit read the same due mails, bodies and all, and race to claim each; and on SQLite, whose statements
 * resolve without leaving the turn, passes started at once kept the turn going, so the sockets of new
 * requests waited unread (issue 27, decision 039).
 */
function deliveryPasses({
  clock,
  later,
  deliverDue,
}: {
  clock: () => Date;
  later: (work: () => Promise<void>) => void;
  deliverDue: (now: Date) => Promise<{ full: boolean }>;
}) {
  let passing = false;
  let again: { dueBy?: Date } | undefined;
  /**
   * Set by close(): the pass in hand ends with its batch, and no other starts. NOTE: other servers keep
   * queueing mails; a closing server that took batch after batch never finished closing (the cluster's rolling
   * restart hung). What it leaves, its own last commits' mails too, the next pass of any server delivers (a
   * server's retry timer, or its next commit).
   */
  let closing = false;
  const latestOf = (a?: Date, b?: Date) => (a === undefined ? b : b === undefined || a > b ? a : b);
  const deliverQueued = (dueBy?: Date) => {
    if (closing) return;
    if (passing) {
      again = { dueBy: latestOf(again?.dueBy, dueBy) };
      return;
    }
    passing = true;
    later(async () => {
      try {
        for (let next: { dueBy?: Date } | undefined = { dueBy }; next; ) {
          await nextTurn();
          const dueAt = latestOf(next.dueBy, again?.dueBy);
          again = undefined;
          const now = clock();
          const { full } = await deliverDue(dueAt && dueAt > now ? dueAt : now);
          next = closing ? undefined : (again ?? (full ? { dueBy: dueAt } : undefined));
        }
      } finally {
        passing = false;
      }
    });
  };

  /** One timer per send time: the digests of many orders placed in one second share it. */
  const timers = new Map<number, NodeJS.Timeout>();
  const deliverAt = (sendAt: Date) => {
    const at = sendAt.getTime();
    if (closing || timers.has(at)) return;
    const timer = setTimeout(
      () => {
        timers.delete(at);
        // NOTE: due by `sendAt`, even if this timer fired a moment early by the clock.
        deliverQueued(sendAt);
      },
      Math.max(0, at - clock().getTime()),
    );
    timer.unref();
    timers.set(at, timer);
  };
  const close = () => {
    closing = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
  return { deliverQueued, deliverAt, close };
}
