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
  /**
   * One request at a time, timed each to the microsecond, instead of autocannon's load: the latency a request
   * costs the server with nothing queued before it (what grows with the catalogue, not with the queue).
   */
  sequential?: boolean;
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
  /** The status the replies should have had. */
  expectStatus: number;
  /** Replies with the expected status: a sample with none measured nothing. */
  ok: number;
  /** Responses with another status than expected, plus socket errors and timeouts. */
  errors: number;
  /** Replies by status code (the expected one included). */
  statusCodes: Record<string, number>;
  /** Requests that got no reply within autocannon's 10 s, and connection errors. */
  timeouts: number;
  socketErrors: number;
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

/** `p` (0–100) of sorted latencies, nearest rank. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** Requests one after another on one kept-alive connection for `seconds`, each timed on its own. */
async function runSequential(spec: LoadSpec, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let socketErrors = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const response = await fetch(spec.url, {
        method: spec.method ?? "GET",
        headers: spec.headers,
        body: spec.body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
    } catch {
      socketErrors += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const ok = statusCodes[String(spec.expectStatus)] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    requestsPerSecond: total / seconds,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requests: total,
    expectStatus: spec.expectStatus,
    ok,
    errors: total - ok + socketErrors,
    statusCodes,
    timeouts: 0,
    socketErrors,
  };
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
if (spec.sequential) {
  if (spec.warmupSeconds > 0) await runSequential(spec, spec.warmupSeconds);
  process.stdout.write(JSON.stringify(await runSequential(spec, spec.seconds)));
  process.exit(0);
}
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
  expectStatus: spec.expectStatus,
  ok: expected,
  // NOTE: autocannon's `errors` already counts its timeouts.
  errors: total - expected + result.errors,
  statusCodes,
  timeouts: result.timeouts,
  socketErrors: result.errors - result.timeouts,
};
process.stdout.write(JSON.stringify(output));
