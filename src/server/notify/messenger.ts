import type { FastifyBaseLogger } from "fastify";
import { maskPhonesIn } from "../http/index.ts";
import type { NewsOutbox } from "./news.service.ts";
import type { PhoneMessage, PhoneTransport } from "./phone-message.ts";

/** What a request's services use to send a phone message (Context's `phone`). */
export interface PhoneOutbox extends NewsOutbox {
  /** Whether a code can be sent at all: false in production without a provider (issue 37). */
  readonly sendsCodes: boolean;
  /**
   * Sends a message carrying a secret (a sign-in code) in the background, once, and never stores it, as a
   * mailed secret link is (decision 018): call it after the code's hash is committed. If the send fails, the
   * person asks for a new code.
   */
  sendSecret(message: PhoneMessage): void;
}

export interface PhoneMessenger extends PhoneOutbox {
  readonly transport: PhoneTransport;
  /** Resolves when every background send started so far has finished (tests, shutdown). */
  settle(): Promise<void>;
}

export function createPhoneMessenger(
  transport: PhoneTransport,
  log: FastifyBaseLogger,
  newsQueued: () => void = () => {},
): PhoneMessenger {
  const pending = new Set<Promise<void>>();
  return {
    transport,
    channels: transport.channels,
    sendsCodes: transport.kind !== "none",
    newsQueued,
    sendSecret(message) {
      const work = transport
        .deliver(message)
        .then(() => undefined)
        // NOTE: neither the number nor the text is logged: a code is a key to an account (issue 37).
        .catch((error: unknown) =>
          log.warn({ channel: message.channel, err: errorName(error) }, "a phone code could not be sent"),
        )
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

const errorName = (error: unknown) =>
  maskPhonesIn(error instanceof Error ? error.message.slice(0, 200) : String(error));
