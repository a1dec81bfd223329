import sharp from "sharp";
import { AppError } from "../http/index.ts";

/**
 * Image work (decoding and re-encoding uploads with sharp) is the costliest thing the server does: a 4 MB
 * JPEG decodes to tens of MB of pixels. It goes through one bounded queue, so that memory stays bounded
 * whatever the number of concurrent uploads and password hashing (argon2, on the same thread pool) is
 * never starved:
 * - at most `running` images are processed at once, each by one libvips thread, its variants one after
 *   another (so image work holds at most `running` of libuv's four pool threads);
 * - an upload is admitted (before its body is read) only while fewer than `admitted` are in the system;
 *   beyond that it is answered 503 `overloaded` with Retry-After, and its body is never buffered.
 */
export const IMAGE_WORK = { running: 1, admitted: 6 } as const;
export const IMAGE_QUEUE_RETRY_AFTER_S = 10;

// NOTE: sharp's operation cache keeps decoded images around for reuse; uploads are never processed twice,
// so it would only hold memory. One libvips thread per image leaves the other core to everything else.
sharp.cache(false);
sharp.concurrency(1);

export const imageQueueFullMessage =
  "Many pictures are being processed right now. Please try again in a few seconds.";

export class WorkQueue {
  private inSystem = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly admitted: number,
  ) {}

  /**
   * Admits one upload (call it before reading the body) or throws 503 with Retry-After when `admitted` are
   * already in the system; `release` it when the request is done, whatever happened.
   */
  admit(): { release(): void } {
    if (this.inSystem >= this.admitted) {
      throw new AppError("overloaded", imageQueueFullMessage, undefined, IMAGE_QUEUE_RETRY_AFTER_S);
    }
    this.inSystem += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inSystem -= 1;
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

/** The process's one queue for image work. */
export const imageQueue = new WorkQueue(IMAGE_WORK.running, IMAGE_WORK.admitted);
