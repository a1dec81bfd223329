import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import { outboxRoutes } from "./outbox.routes.ts";
import { noTransport, outboxTransport, smtpTransport } from "./transports.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the shop's e-mail in the background (see mailer.ts). */
    mailer: Mailer;
  }
}

const RETRY_INTERVAL_MS = 60_000;

/**
 * Chooses where mail goes (SMTP when SMTP_URL is set; else the outbox folder, never in production), serves
 * the outbox at /dev/outbox outside production, and retries queued mails every minute (sending a digest when it falls due).
 */
export async function registerMail(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : config.production
      ? noTransport((message) => app.log.warn(message))
      : outboxTransport(config.outboxDir, config.mailFrom);
  if (transport.kind === "none") app.log.warn("SMTP_URL is not set: no e-mail will be sent");
  const mailer = createMailer({
    db: db.kysely,
    transport,
    log: app.log,
    publicUrl: config.publicUrl,
    clock: () => app.clock(),
  });
  app.decorate("mailer", mailer);
  if (!config.production) await app.register(outboxRoutes, { prefix: "/dev/outbox", dir: config.outboxDir });

  // NOTE: each pass also sets a timer for the next mail due before the pass after it (an order's digest,
  // decision 048), so it goes on time even when the server that queued it has stopped; at start too.
  const pass = () =>
    mailer
      .retryQueued()
      .then(() => mailer.watchNextDue(RETRY_INTERVAL_MS))
      .catch((error) => app.log.warn({ err: error }, "mail retry failed"));
  const retry = setInterval(pass, RETRY_INTERVAL_MS);
  retry.unref();
  app.addHook("onReady", async () => {
    mailer.later(pass);
  });
  app.addHook("onClose", async () => {
    clearInterval(retry);
    await mailer.close();
  });
}
