import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, isLanguage } from "../../shared/i18n/languages.ts";
import {
  NEWS_EVENTS,
  type NewsEvent,
  WHATSAPP_FALLBACK_MINUTES,
} from "../../shared/schemas/notifications.ts";
import { type Database, runSteps } from "../db/index.ts";
import { maskPhonesIn } from "../http/index.ts";
import { smsAllowed } from "./channels.service.ts";
import * as queue from "./news.repository.ts";
import type { PhoneTransport } from "./phone-message.ts";

const MINUTE_MS = 60_000;
/** A message is given up (failed) after this many failed attempts (about a day and a half of back-off). */
export const MAX_NEWS_ATTEMPTS = 10;
/** While one server sends a message, others leave it alone for this long. */
const LEASE_MS = 5 * MINUTE_MS;
const BATCH = 50;
export const FALLBACK_MS = WHATSAPP_FALLBACK_MINUTES * MINUTE_MS;

/** 1, 2, 4 … minutes after each failure, at most six hours (as the mail queue's). */
const retryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1) * MINUTE_MS, 6 * 60 * MINUTE_MS);

/** A provider's refusal may quote the number: kept (and logged) masked (issue 37). */
const errorText = (error: unknown) =>
  maskPhonesIn(error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Sends the queued WhatsApp and SMS news (decision 063), following the mail queue's pattern (decision 039). */
export interface NewsSender {
  /** After a commit queued news: a pass in the background, one at a time in this process. */
  deliverQueued(): void;
  /** Sends (or retries) what is due at `now` (default: the clock); returns how many went. */
  deliverDue(now?: Date): Promise<number>;
  /**
   * The fallback: each WhatsApp message queued 10 minutes before `now` and neither delivered nor read is sent
   * once by SMS, if its person allows SMS for that kind of news; returns how many SMS were queued.
   */
  fallBack(now?: Date): Promise<number>;
  /** The minute's pass, in the background: the fallback, then whatever is due. */
  pass(): void;
  /** Resolves when every background pass started so far has finished (tests, shutdown). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

type ClaimedMessage = Awaited<ReturnType<typeof queue.claimDueMessages>>[number];

/**
 * Sends one claimed message: its provider's id recorded, or the failure, with its next try (none after
 * MAX_NEWS_ATTEMPTS). Answers whether it went; never throws.
 */
async function sendOne(
  db: Kysely<Database>,
  transport: PhoneTransport,
  log: FastifyBaseLogger,
  row: ClaimedMessage,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const attempts = row.attempts + 1;
  try {
    if (!(NEWS_EVENTS as readonly string[]).includes(row.event))
      throw new Error(`no template for the news event ${row.event}`);
    const providerId = await transport.deliver({
      channel: row.channel,
      to: row.recipient,
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      text: row.text,
      template: { kind: "news", event: row.event as NewsEvent, values: [] },
    });
    await queue.recordSent(db, row.id, providerId || `none-${row.id}`, at, attempts);
    return true;
  } catch (error) {
    // NOTE: neither the number nor the text is logged (personal data, issue 37).
    log.warn({ err: errorText(error), channel: row.channel, attempts }, "phone news send failed");
    const next = attempts >= MAX_NEWS_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
    await queue.recordFailure(db, row.id, attempts, next?.toISOString() ?? null, errorText(error), at);
    return false;
  }
}

/** NewsSender.fallBack: an SMS for each WhatsApp message undelivered since FALLBACK_MS, where SMS is allowed. */
async function queueFallbacks(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FALLBACK_MS).toISOString();
  const at = now.toISOString();
  let queued = 0;
  const taken = await queue.takeUndelivered(db, before, at, BATCH * 4);
  for (const row of taken) {
    if (!(await runSteps(db, smsAllowed(db, row.user_id, row.kind)))) continue;
    const inserted = await queue.insertFallback(
      db,
      queue.queuedMessage(at, { ...row, channel: "sms", fallback_of: row.id }),
    );
    if (inserted) queued += 1;
  }
  return queued;
}

/** NewsSender.deliverDue: the due messages, claimed a batch at a time, oldest first; answers how many went. */
async function sendDue(
  db: Kysely<Database>,
  transport: PhoneTransport,
  log: FastifyBaseLogger,
  now: Date,
  closing: () => boolean,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    const claimed = await queue.claimDueMessages(db, now.toISOString(), lease, BATCH);
    claimed.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    for (const row of claimed) if (await sendOne(db, transport, log, row, now)) sent += 1;
    if (claimed.length < BATCH || closing()) return sent;
  }
}

export function createNewsSender(
  db: Kysely<Database>,
  transport: PhoneTransport,
  log: FastifyBaseLogger,
  clock: () => Date,
): NewsSender {
  const pending = new Set<Promise<void>>();
  let closing = false;
  const track = (work: () => Promise<unknown>) => {
    const tracked: Promise<void> = Promise.resolve()
      .then(work)
      .then(() => undefined)
      .catch((error) => log.warn({ err: errorText(error) }, "phone news pass failed"))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const deliverDue = (now = clock()) => sendDue(db, transport, log, now, () => closing);

  // NOTE: with no SMS provider for news (WhatsApp alone), there is nothing to fall back on.
  const fallBack = async (now = clock()) =>
    transport.channels.includes("sms") ? queueFallbacks(db, now) : 0;

  let passing = false;
  let again = false;
  const deliverQueued = () => {
    if (closing) return;
    if (passing) {
      again = true;
      return;
    }
    passing = true;
    track(async () => {
      try {
        do {
          again = false;
          await nextTurn();
          await deliverDue();
        } while (again && !closing);
      } finally {
        passing = false;
      }
    });
  };

  const settle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  return {
    deliverQueued,
    deliverDue,
    pass: () => {
      if (closing) return;
      track(async () => {
        await fallBack();
        await deliverDue();
      });
    },
    fallBack,
    settle,
    close: async () => {
      closing = true;
      await settle();
    },
  };
}
