import { Worker } from "node:worker_threads";

export interface WholeBodyAnswer {
  /** Everything the server answered before the connection ended. */
  answer: string;
  /** The error the client saw (e.g. EPIPE, ECONNRESET), if any. */
  error?: string;
}

/**
 * Clients that write their whole request, body and all, before they read, one after another: `times`
 * requests of `head` (the request line and headers, without the blank line) followed by `bodyBytes` spaces.
 * They run in a worker thread, so their writes race the server's reads as a separate client's would (in the
 * server's own event loop the server would read between every write).
 */
export async function sendWholeBodies(options: {
  port: number;
  head: string;
  bodyBytes: number;
  times: number;
}): Promise<WholeBodyAnswer[]> {
  const worker = new Worker(clientCode, { eval: true, workerData: options });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

const clientCode = `
const net = require("node:net");
const { parentPort, workerData } = require("node:worker_threads");
const { port, head, bodyBytes, times } = workerData;
function one() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let answer = "";
    let error;
    socket.on("data", (chunk) => { answer += chunk.toString("latin1"); });
    socket.on("error", (e) => { error = e.code || e.message; });
    socket.on("close", () => resolve(error ? { answer, error } : { answer }));
    socket.on("connect", () => {
      socket.write(head + "Content-Length: " + bodyBytes + "\\r\\n\\r\\n");
      const piece = Buffer.alloc(64 * 1024, " ");
      let left = bodyBytes;
      const more = () => {
        while (left > 0 && !socket.destroyed) {
          const part = piece.subarray(0, Math.min(piece.length, left));
          left -= part.length;
          if (!socket.write(part)) { socket.once("drain", more); return; }
        }
        if (!socket.destroyed) socket.end();
      };
      more();
    });
  });
}
(async () => {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await one());
  parentPort.postMessage(answers);
})();
`;
