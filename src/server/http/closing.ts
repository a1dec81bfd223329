import { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** How long a refused request's connection stays open after its answer while the client finishes sending. */
export const LINGER_MS = 5000;
/**
 * How long a connection whose body is left unread stays open after its answer, so the client reads it. The
 * server cannot see the client leave (it reads nothing more), so this is short.
 */
export const UNREAD_LINGER_MS = 2000;
/** How much of a refused body is read (and thrown away) at most while the client finishes sending. */
export const DRAIN_BYTES = 16 * 1024 * 1024;

/** Requests whose refusal must close the connection without reading the rest of the body. */
const unread = new WeakSet<FastifyRequest>();

/**
 * Marks a refused request (an upload refused before its body is read): its answer closes the connection and
 * the rest of its body is never read. Reading it would cost as much as accepting it.
 */
export function closeUnread(request: FastifyRequest): void {
  unread.add(request);
}

/**
 * An answer sent before the request's body has all arrived closes the connection (the next request could not
 * be found in the rest of the body). Node closes it as soon as the answer is written, and a client still
 * sending then gets a reset (EPIPE) and may never read the answer (issue 25: a 413 to an oversized JSON body
 * arrived as a reset about once in twenty). Instead the server half-closes (the answer, then FIN), and:
 * - by default reads and drops what the client still sends, up to DRAIN_BYTES or LINGER_MS, so a client that
 *   writes its whole request before reading finishes and reads the answer;
 * - for a request marked by `closeUnread`, reads nothing more: the client's sends stall once the buffers are
 *   full (it can read the answer meanwhile) and the connection is cut after UNREAD_LINGER_MS.
 */
export function registerClosing(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    const raw = request.raw;
    const socket = raw.socket;
    // NOTE: injected requests (tests) have no real socket; a body read whole leaves nothing to race.
    if (!(socket instanceof Socket) || raw.complete) return;
    const keepUnread = unread.has(request);
    if (!keepUnread && reply.getHeader("connection") !== "close") return;
    reply.header("connection", "close");
    // NOTE: Node calls destroySoon() once the answer is written to a connection that closes; replaced for
    // this one connection, as Node has no option for it.
    socket.destroySoon = () => lingerThenClose(socket, raw, keepUnread);
  });
}

function lingerThenClose(socket: Socket, body: NodeJS.ReadableStream, keepUnread: boolean): void {
  const cut = setTimeout(() => socket.destroy(), keepUnread ? UNREAD_LINGER_MS : LINGER_MS);
  cut.unref();
  socket.once("close", () => clearTimeout(cut));
  socket.end();
  if (keepUnread) {
    // NOTE: a paused body fills its small buffer and Node then stops reading the socket.
    body.pause();
    return;
  }
  let drained = 0;
  body.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) socket.destroy();
  });
  body.resume();
}
