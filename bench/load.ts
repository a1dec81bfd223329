/**
 * The load generator of `npm run bench`, run in a process of its own so that it never shares an event loop
 * with the server it measures: `node --import tsx bench/load.ts '<LoadSpec as JSON>'` prints a LoadResult as
 * JSON on stdout.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** A fresh `Idempotency-Key` header on every request (each one a new order). */
  uniqueIdempotencyKey?: boolean;
  connections: number;
  /** Seconds of warm-up (not counted), then seconds measured. */
  warmupSeconds: number;
  seconds: number;
  /** Status the responses must have; anything else counts as an error. */
  expectStatus: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses with another status than expected, plus socket errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
}

async function run(spec: LoadSpec, seconds: number): Promise<autocannon.Result> {
  const headers = spec.headers ?? {};
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    requests: [
      {
        method: spec.method ?? "GET",
        headers,
        body: spec.body,
        ...(spec.uniqueIdempotencyKey
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...headers, "idempotency-key": randomUUID() },
              }),
            }
          : {}),
      },
    ],
  });
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
if (spec.warmupSeconds > 0) await run(spec, spec.warmupSeconds);
const result = await run(spec, spec.seconds);
const statusCodes: Record<string, number> = {};
for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
  statusCodes[code] = (stats as { count: number }).count;
}
const expected = statusCodes[String(spec.expectStatus)] ?? 0;
const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
const output: LoadResult = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: total,
  errors: total - expected + result.errors + result.timeouts,
  statusCodes,
};
process.stdout.write(JSON.stringify(output));
