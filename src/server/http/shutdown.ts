import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

/** How often, while closing, connections that went idle after their last answer are closed. */
const IDLE_SWEEP_MS = 100;

/** Logged when the grace period ran out and open connections were cut. */
export const GRACE_RAN_OUT = "shutdown grace period ran out: cutting the connections still open";

/**
 * Closes the server gracefully: it stops accepting connections at once, lets every request in flight finish
 * with its real answer (and a request that arrives later on a connection already open too), closes each
 * connection as soon as it is idle, and runs every onClose hook (background mail sends settle, the database
 * closes). A connection still open after `graceMs` (a client that never finishes its request) is cut then, so
 * closing never takes much longer than that. Resolves with whether it had to cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<{ cut: boolean }> {
  let cut = false;
  // NOTE: Node closes idle connections once, when the server closes; a keep-alive connection whose last
  // answer goes out later would otherwise stay open until its keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    cut = true;
    app.log.warn(GRACE_RAN_OUT);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return { cut };
}

/** The liveness check: it keeps answering while draining (the process is alive; it is only not ready). */
const LIVENESS_PATH = "/api/health";

/**
 * What a draining server does differently (`app.lifecycle.draining`, set by `drainAndClose`): every answer
 * closes its connection, so a keep-alive client opens its next one through the balancer; and a GET or HEAD
 * (but the liveness check) is answered 503 `draining` without being handled. A balancer that retries a 503
 * on another server (nginx's `proxy_next_upstream http_503`) sends that GET there, unseen by the client, and
 * counts this server failed, so it stops sending here before the listener closes: a connection still in the
 * kernel's queue when it closes is reset, and a POST on it would be lost (nginx never resends a POST that
 * reached a server). POSTs and the like are still handled while draining: nothing else may answer them.
 */
export function registerDraining(app: FastifyInstance): void {
  app.decorate("lifecycle", { draining: false });
  app.addHook("onRequest", async (request) => {
    if (!app.lifecycle.draining || (request.method !== "GET" && request.method !== "HEAD")) return;
    if (request.url.split("?")[0]?.toLowerCase() === LIVENESS_PATH) return;
    throw new AppError("draining", "This server is shutting down");
  });
  app.addHook("onSend", async (_request, reply) => {
    if (app.lifecycle.draining) reply.header("connection", "close");
  });
}

/** After the drain period, how long no new connection must come before the listener closes. */
export const DRAIN_QUIET_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drains, then closes gracefully: for `drainMs` the server keeps accepting connections while /api/ready
 * answers 503 "draining" (see `registerDraining`), so a load balancer that checks readiness, or that retries
 * the GETs answered 503, stops sending here; then, until no connection has come for DRAIN_QUIET_MS (at most
 * `graceMs` more), so that the balancer has indeed stopped, since closing the listener resets every
 * connection still in the kernel's queue; then `closeGracefully`.
 */
export async function drainAndClose(
  app: FastifyInstance,
  { drainMs, graceMs }: { drainMs: number; graceMs: number },
): Promise<{ cut: boolean }> {
  app.lifecycle.draining = true;
  if (drainMs > 0) {
    let connections = 0;
    const counted = () => {
      connections += 1;
    };
    app.server.on("connection", counted);
    try {
      await sleep(drainMs);
      const deadline = Date.now() + graceMs;
      for (;;) {
        const seen = connections;
        await sleep(DRAIN_QUIET_MS);
        // NOTE: looked at after the event loop's next poll, which accepts what waits in the kernel's queue:
        // a loop slowed by load may not have seen those connections yet when the timer fires.
        await new Promise((resolve) => setImmediate(resolve));
        if (connections === seen || Date.now() > deadline) break;
      }
    } finally {
      app.server.off("connection", counted);
    }
  }
  return closeGracefully(app, graceMs);
}

/**
 * SIGTERM (or SIGINT) drains and closes the server (see `drainAndClose`; keep drain and grace together below
 * the process manager's own kill timeout, Docker's 10 s, systemd's 90 s), then runs `afterClose` (closing
 * the database), and exits 0, or 1 when closing failed. A second signal ends the process at once.
 *
 * NOTE: the database is closed after the app, not in an onClose hook: Fastify runs the onClose hooks last
 * registered first, so a hook added after buildApp closed the pool while requests and background mail sends
 * still waited for a connection; pg's pool never answers those once it ends, the mailer's close waited for
 * them forever, and the process never exited (seen after order load in `npm run bench:cluster`).
 */
export function closeOnSignals(
  app: FastifyInstance,
  periods: { drainMs: number; graceMs: number },
  afterClose: () => Promise<void> = async () => {},
): void {
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (closing) process.exit(1);
      closing = true;
      app.log.info(`${signal} received: finishing the requests in flight, then closing`);
      drainAndClose(app, periods)
        .then(afterClose)
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, "closing failed");
            process.exit(1);
          },
        );
    });
  }
}
