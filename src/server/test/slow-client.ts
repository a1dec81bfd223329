import net from "node:net";

export interface SlowClient {
  /** Resolves once connected and the first bytes of the request are sent. */
  opened: Promise<void>;
  /** Resolves when the server closes the connection: with what it answered (e.g. "HTTP/1.1 408"). */
  closed: Promise<{ answer: string; afterMs: number }>;
  stop(): void;
}

/**
 * A client that trickles a request one byte at a time, every `everyMs`: either its body (the headers are sent
 * whole, announcing a body that never finishes) or its headers. The slowloris and slow-POST attacks.
 */
export function slowClient(options: {
  port: number;
  /** The source address, e.g. 127.0.0.2: Linux routes all of 127.0.0.0/8 to loopback. */
  from: string;
  what: "body" | "headers";
  everyMs: number;
}): SlowClient {
  const started = Date.now();
  const socket = net.connect({ host: "127.0.0.1", port: options.port, localAddress: options.from });
  let answer = "";
  let timer: NodeJS.Timeout | undefined;
  socket.on("data", (chunk) => {
    answer += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  let sentFirst: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    sentFirst = resolve;
  });
  socket.on("connect", () => {
    const head = "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
    if (options.what === "body") socket.write(`${head}x-veggie-cart: 1\r\nContent-Length: 10000\r\n\r\n{`);
    else socket.write(head);
    sentFirst();
    timer = setInterval(() => {
      if (!socket.destroyed) socket.write(options.what === "body" ? " " : "X");
    }, options.everyMs);
  });
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, afterMs: Date.now() - started });
    });
  });
  return {
    opened,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** A plain idle connection from `from`; resolves `closed` when the server drops it. */
export function idleConnection(
  port: number,
  from: string,
): { opened: Promise<void>; closed: Promise<void>; stop(): void } {
  const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
  socket.on("error", () => {});
  return {
    opened: new Promise((resolve) => socket.once("connect", () => resolve())),
    closed: new Promise((resolve) => socket.once("close", () => resolve())),
    stop: () => socket.destroy(),
  };
}
