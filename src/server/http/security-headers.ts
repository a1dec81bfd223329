import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * Helmet's security headers (Content-Security-Policy, HSTS, X-Frame-Options, …) on every reply, computed
 * once at start-up. @fastify/helmet builds them again for every request (it calls helmet with the options
 * each time, re-parsing the CSP directives): about a tenth of a signed-out 401's CPU time. Our headers never
 * vary by request (no CSP nonces, no per-route helmet options), so helmet's answer to one request is its
 * answer to all: it is asked once, through a private Fastify instance with the plugin registered as given.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet adds to a reply: those of a probe reply, less the ones Fastify writes itself. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get("/", async () => "");
    const reply = await probe.inject({ method: "GET", url: "/" });
    const {
      "content-type": _type,
      "content-length": _length,
      date: _date,
      connection: _connection,
      ...rest
    } = reply.headers;
    return Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}
