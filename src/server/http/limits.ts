import { Socket } from "node:net";
import fastifyUnderPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { ServerLimits } from "../config.ts";
import { clientKey } from "./client-key.ts";
import { AppError } from "./errors.ts";

/** Seconds a client is told to wait when we are overloaded. */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * The Node server's own timeouts, as Fastify options: a request whose headers and body have not all arrived
 * within `requestTimeoutMs` is answered 408 and closed (headers alone: `headersTimeoutMs`), so slow
 * clients cannot hold connections (and file descriptors) for ever.
 */
export function timeoutOptions(limits: ServerLimits): Partial<FastifyServerOptions> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // NOTE: an idle socket is closed a little after a request would have timed out, so the 408 goes first.
    connectionTimeout: limits.requestTimeoutMs + 5000,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
  } as Partial<FastifyServerOptions>;
}

/** The part of a server (or socket) the per-client cap listens to. */
interface ConnectionSource {
  on(event: "connection", listener: (socket: ClientSocket) => void): unknown;
}
type ClientSocket = Pick<Socket, "remoteAddress" | "destroy" | "once">;

/**
 * Closes a new connection at once when its client already holds `max` open ones. Clients are counted as the
 * rate limits count them (clientKey): an IPv6 client by its /64, so rotating addresses within it gains nothing.
 */
export function capConnectionsPerClient(
  server: ConnectionSource,
  max: number,
  exempt: (address: string) => boolean = () => false,
): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    if (exempt(socket.remoteAddress ?? "")) return;
    const client = clientKey(socket.remoteAddress ?? "");
    const count = (open.get(client) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left <= 0) open.delete(client);
      else open.set(client, left);
    });
  });
}

/**
 * Cuts the connection of a response not all written within `ms` of its start. A client that stops reading
 * fills the socket buffers and the write waits for ever; one that reads a few bytes now and then keeps the
 * socket's idle timeout from firing. Either held a connection (issue 40 #30). 'finish' means the last byte
 * went to the kernel; what stays unread there is then up to the keep-alive timeout.
 */
export function registerResponseDeadline(app: FastifyInstance, ms: number): void {
  app.addHook("onSend", async (request, reply) => {
    const socket = request.raw.socket;
    // NOTE: injected requests (tests) have no real socket to cut.
    if (!(socket instanceof Socket)) return;
    const res = reply.raw;
    // NOTE: a reset, not a close: a close leaves the unsent bytes in the kernel, still trickling to the client.
    const cut = setTimeout(() => socket.resetAndDestroy(), ms);
    cut.unref();
    const done = () => clearTimeout(cut);
    res.once("finish", done);
    res.once("close", done);
  });
}

/**
 * Caps open connections in all and per client address (every peer but our trusted proxies, whose connections
 * carry everybody's; a client reaching the port directly is capped), cuts responses not written in time, and answers 503 with Retry-After while
 * the event loop lags.
 */
export async function registerLoadLimits(
  app: FastifyInstance,
  limits: ServerLimits,
  isProxy: (address: string) => boolean,
): Promise<void> {
  app.server.maxConnections = limits.maxConnections;
  capConnectionsPerClient(app.server, limits.maxConnectionsPerAddress, isProxy);
  registerResponseDeadline(app, limits.responseTimeoutMs);

  if (limits.maxEventLoopDelayMs > 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      retryAfter: OVERLOAD_RETRY_AFTER_S,
      pressureHandler: async (_request, reply) => {
        reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_S));
        throw new AppError("overloaded", "The shop is very busy right now. Please try again in a moment.");
      },
    });
  }
}
