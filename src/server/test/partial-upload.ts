import net from "node:net";
import { CSRF_HEADER } from "../../shared/constants.ts";

export interface PartialUpload {
  /** Resolves with the server's whole answer (status line, headers, body) as soon as it has arrived. */
  answered: Promise<{ status: number; headers: string; body: string }>;
  /** Resolves when the server ends the connection (its FIN or a reset). */
  ended: Promise<void>;
  /** How many bytes of the body this client has sent so far. */
  sent(): number;
  stop(): void;
}

/**
 * An upload over a real connection from `from` (any 127.x address on Linux) that announces its whole body
 * but sends only its first `sendBytes`, then (with `trickleEveryMs`) one more byte at that interval, like a
 * slow phone connection, or nothing more, like a stalled one.
 */
export function partialUpload(options: {
  port: number;
  from: string;
  cookie: string;
  payload: Buffer;
  contentType: string;
  sendBytes: number;
  trickleEveryMs?: number;
  method?: string;
  url?: string;
}): PartialUpload {
  const socket = net.connect({ host: "127.0.0.1", port: options.port, localAddress: options.from });
  let sent = 0;
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  const send = (bytes: Buffer) => {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(bytes);
    sent += bytes.length;
  };
  socket.on("error", () => {});
  socket.on("connect", () => {
    socket.write(
      `${options.method ?? "POST"} ${options.url ?? "/api/products"} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: ${options.contentType}\r\nContent-Length: ${options.payload.length}\r\n` +
        `Cookie: ${options.cookie}\r\n${CSRF_HEADER}: 1\r\n\r\n`,
    );
    send(options.payload.subarray(0, options.sendBytes));
    if (options.trickleEveryMs) {
      timer = setInterval(() => {
        if (sent < options.payload.length) send(options.payload.subarray(sent, sent + 1));
      }, options.trickleEveryMs);
    }
  });
  const answered = new Promise<{ status: number; headers: string; body: string }>((resolve) => {
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const split = received.indexOf("\r\n\r\n");
      if (split < 0) return;
      const headers = received.slice(0, split);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      const body = received.slice(split + 4);
      if (body.length < length) return;
      resolve({ status: Number(headers.slice(9, 12)), headers: headers.toLowerCase(), body });
    });
  });
  const ended = new Promise<void>((resolve) => {
    socket.on("end", resolve);
    socket.on("close", () => {
      clearInterval(timer);
      resolve();
    });
  });
  return {
    answered,
    ended,
    sent: () => sent,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
