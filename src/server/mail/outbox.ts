import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type Database, runSteps, type Steps } from "../db/index.ts";
import type { Mail } from "./mail.ts";
import * as queue from "./mail-queue.repository.ts";

/**
 * A request's mail (decision 018). A mail is queued with `enqueue` in the transaction that writes what it
 * speaks of, so a rolled-back change sends nothing and a committed one always sends; once that transaction
 * commits (`inTransaction`, context.ts), the mailer delivers what is due in the background.
 */
export interface Outbox {
  /** False for work that must mail nobody (demo data written before the server starts): `enqueue` drops. */
  readonly sends: boolean;
  /** An address on the shop for a link in a mail: PUBLIC_URL + path (never a request's Host header). */
  link(path: string): string;
  /**
   * A mail carrying a secret link (password reset, e-mail change) is never stored, since its token is kept
   * only hashed: it is sent once, in the background, after the commit of its token (call it then).
   */
  sendSecret(mail: Mail): void;
  /** Called after a commit: delivers in the background whatever `enqueue` queued since the last call. */
  committed(): void;
  /** Called by `enqueue` with the time the mail is due (private to the mail domain). */
  queued(due: Date): void;
  /**
   * Called when an order's digest is queued or joined (digests.ts) with the time it is to go: once committed,
   * the mailer sends it then, not before (private to the mail domain).
   */
  digestQueued(sendAt: Date): void;
}

/** What `enqueue` and `inTransaction` need of a context (context.ts's Context has it). */
export interface MailContext {
  db: Kysely<Database>;
  now: Date;
  mail: Outbox;
}

export function createOutbox(mailer: {
  link(path: string): string;
  sendSecret(mail: Mail): void;
  deliverQueued(dueBy: Date): void;
  deliverAt(sendAt: Date): void;
}): Outbox {
  let waiting: Date | null = null;
  const digests = new Set<number>();
  return {
    sends: true,
    link: mailer.link,
    sendSecret: mailer.sendSecret,
    queued(due) {
      if (!waiting || due > waiting) waiting = due;
    },
    digestQueued(sendAt) {
      digests.add(sendAt.getTime());
    },
    committed() {
      for (const at of digests) mailer.deliverAt(new Date(at));
      digests.clear();
      if (!waiting) return;
      const dueBy = waiting;
      waiting = null;
      mailer.deliverQueued(dueBy);
    },
  };
}

/** An outbox that sends nothing: demo data, and tools that run without a server. */
export function silentOutbox(publicUrl = ""): Outbox {
  return {
    sends: false,
    link: (path) => `${publicUrl}${path}`,
    sendSecret: () => {},
    committed: () => {},
    queued: () => {},
    digestQueued: () => {},
  };
}

/**
 * Queues `mail` through `ctx.db` (the caller's transaction, so it is written or rolled back with the change it
 * speaks of), due at once. Outside a transaction the row is committed already, so delivery starts now.
 */
export async function enqueue(ctx: MailContext, mail: Mail): Promise<void> {
  await runSteps(ctx.db, queueMail(ctx, mail));
  if (!ctx.db.isTransaction) ctx.mail.committed();
}

/**
 * Whether mail can go to this address: an account made with a mobile number keeps one in `.invalid`, which
 * never resolves (issue 37, decision 054), and its orders may have none at all (an empty address).
 */
export const isMailable = (to: string) => to !== "" && !to.endsWith(".invalid");

/**
 * `enqueue` as a step (db/steps.ts), in a transaction of steps (`inStepsTransaction`), whose commit starts
 * the delivery; `mail` may be several mails, queued in one statement.
 */
export function* queueMail(ctx: MailContext, mail: Mail | readonly Mail[]): Steps<void> {
  // NOTE: dropped here, the one door every stored mail goes through (and the order digests, digests.ts).
  const mails = (Array.isArray(mail) ? mail : [mail as Mail]).filter((each) => isMailable(each.to));
  if (mails.some((each) => each.secret)) {
    throw new Error(
      "a mail with a secret link is never stored: send it with ctx.mail.sendSecret after commit",
    );
  }
  if (!ctx.mail.sends || mails.length === 0) return;
  const at = ctx.now.toISOString();
  // NOTE: several mails (an order's confirmation and its farmers' mails) go in one multi-row INSERT: one
  // statement to build and run instead of one per mail (decision 045).
  yield* queue.queuedMailInserted(
    ctx.db,
    mails.map((each) => ({
      id: randomUUID(),
      recipient: each.to,
      subject: each.subject,
      text_body: each.text,
      html_body: each.html,
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      created_at: at,
    })),
  );
  // NOTE: the outbox hears of each mail queued, as when each was queued by itself.
  for (const _ of mails) ctx.mail.queued(ctx.now);
}
