import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { AppError, closeUnread } from "../http/index.ts";

/**
 * Image work (decoding and re-encoding uploads with sharp) is the costliest thing the server does: a 4 MB
 * JPEG decodes to tens of MB of pixels. It goes through one bounded queue, so that memory stays bounded
 * whatever the number of concurrent uploads and password hashing (argon2, on the same thread pool) is
 * never starved:
 * - at most `running` images are processed at once, each by one libvips thread, its variants one after
 *   another (so image work holds at most `running` of libuv's four pool threads);
 * - an upload is admitted (before its body is read) only while fewer than `admitted` are in the system;
 *   beyond that it is answered 503 `overloaded` with Retry-After, and its body is never read;
 * - one account holds at most `perAccount` of those places and one client address at most `perAddress`
 *   (429), so a few slow uploads cannot shut everybody else out (decision 026).
 */
export const IMAGE_WORK = { running: 1, admitted: 6, perAccount: 2, perAddress: 3 } as const;
export const IMAGE_QUEUE_RETRY_AFTER_S = 10;

// NOTE: sharp's operation cache keeps decoded images around for reuse; uploads are never processed twice,
// so it would only hold memory. One libvips thread per image leaves the other core to everything else.
sharp.cache(false);
sharp.concurrency(1);

export const imageQueueFullMessage =
  "Many pictures are being processed right now. Please try again in a few seconds.";
export const uploadShareMessage =
  "Your other pictures are still being sent. Please wait until they are done, then try again.";

/** Who an upload belongs to, for the shares: its account and its client address (as the rate limits key it). */
export interface Uploader {
  accountId: string;
  clientKey: string;
}

export class WorkQueue {
  private inSystem = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Places held per account and per address (keys `account:…`, `address:…`). */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly running: number,
    private readonly admitted: number,
    private readonly shares: { perAccount: number; perAddress: number } = {
      perAccount: admitted,
      perAddress: admitted,
    },
  ) {}

  /**
   * Admits one upload (call it before reading the body), or throws 429 when its account or address already
   * holds its share, or 503 when `admitted` are already in the system (both with Retry-After); `release` it
   * when the request is done, whatever happened.
   */
  admit(uploader?: Uploader): { release(): void } {
    const keys: [string, number][] = uploader
      ? [
          [`account:${uploader.accountId}`, this.shares.perAccount],
          [`address:${uploader.clientKey}`, this.shares.perAddress],
        ]
      : [];
    if (keys.some(([key, share]) => (this.held.get(key) ?? 0) >= share)) {
      throw new AppError("rate_limited", uploadShareMessage, undefined, IMAGE_QUEUE_RETRY_AFTER_S);
    }
    if (this.inSystem >= this.admitted) {
      throw new AppError("overloaded", imageQueueFullMessage, undefined, IMAGE_QUEUE_RETRY_AFTER_S);
    }
    this.inSystem += 1;
    for (const [key] of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inSystem -= 1;
        for (const [key] of keys) {
          const left = (this.held.get(key) ?? 1) - 1;
          if (left <= 0) this.held.delete(key);
          else this.held.set(key, left);
        }
      },
    };
  }

  get size() {
    return { admitted: this.inSystem, running: this.active, waiting: this.waiting.length };
  }

  /** Runs `work` when one of the `running` places is free. */
  async process<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Takes a place in the image queue for an upload by `accountId`, before its body is read. A refusal closes
 * the connection without reading the body: reading it would cost what accepting it costs.
 */
export function admitUpload(request: FastifyRequest, accountId: string): { release(): void } {
  try {
    return imageQueue.admit({ accountId, clientKey: request.clientKey });
  } catch (error) {
    closeUnread(request);
    throw error;
  }
}

/** The process's one queue for image work. */
export const imageQueue = new WorkQueue(IMAGE_WORK.running, IMAGE_WORK.admitted, IMAGE_WORK);
