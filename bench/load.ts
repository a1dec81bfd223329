/**
 * The load generator of `npm run bench`, run in a process of its own so that it never shares an event loop
 * with the server it measures: `node --import tsx bench/load.ts '<LoadSpec as JSON>'` prints a LoadResult as
 * JSON on stdout (with `alongside`, an array of them: the spec's URL first, then each of those).
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
  /**
   * Sequential only: other URLs (the same read on servers holding other catalogue sizes), requested in turn
   * with `url`, one request each per round, so that every URL's latencies come from the same moments of this
   * shared machine's load. The result is then one LoadResult per URL.
   */
  alongside?: { url: string; headers?: Record<string, string> }[];
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

/**
 * autocannon for the warm-up and the measured seconds in one run, counting only the replies to requests sent
 * after the warm-up. NOTE: a warm-up run of its own ended with a request in flight on every connection, which
 * autocannon dropped but the server still answered: the measured requests queued behind that backlog (at
 * 50 connections and 20 placements a second, 2.5 s of the 3 measured; issue 27, decision 039).
 */
async function run(spec: LoadSpec): Promise<LoadResult> {
  const headers = spec.headers ?? {};
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      duration: spec.warmupSeconds + spec.seconds,
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
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  const measuredFrom = performance.now() + spec.warmupSeconds * 1000;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (performance.now() - responseTime < measuredFrom) return;
    latencies.push(responseTime);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  const ok = statusCodes[String(spec.expectStatus)] ?? 0;
  return {
    // NOTE: replies of the expected status only: an overloaded server's quick 503s are not throughput.
    requestsPerSecond: Math.round((ok / spec.seconds) * 100) / 100,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    requests: latencies.length,
    expectStatus: spec.expectStatus,
    ok,
    // NOTE: autocannon's `errors` (its timeouts included) cover the warm-up too.
    errors: latencies.length - ok + result.errors,
    statusCodes,
    timeouts: result.timeouts,
    socketErrors: result.errors - result.timeouts,
  };
}

/** `p` (0–100) of sorted latencies, nearest rank. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

type Target = { url: string; headers?: Record<string, string> };

/** Requests one after another, each timed on its own, taking `targets` in turn (one each per round). */
async function runSequential(
  spec: LoadSpec,
  targets: readonly Target[],
  seconds: number,
): Promise<LoadResult[]> {
  const tallies = targets.map(() => ({
    latencies: [] as number[],
    statusCodes: {} as Record<string, number>,
    socketErrors: 0,
  }));
  const until = performance.now() + seconds * 1000;
  for (let round = 0; performance.now() < until; round += 1) {
    for (let turn = 0; turn < targets.length; turn += 1) {
      // NOTE: each round starts with the next URL, so that none always follows the same one.
      const index = (round + turn) % targets.length;
      const tally = tallies[index]!;
      const target = targets[index]!;
      const started = performance.now();
      try {
        const response = await fetch(target.url, {
          method: spec.method ?? "GET",
          headers: target.headers,
          body: spec.body,
        });
        await response.arrayBuffer();
        tally.latencies.push(performance.now() - started);
        tally.statusCodes[response.status] = (tally.statusCodes[response.status] ?? 0) + 1;
      } catch {
        tally.socketErrors += 1;
      }
    }
  }
  const hundredths = (ms: number) => Math.round(ms * 100) / 100;
  return tallies.map(({ latencies, statusCodes, socketErrors }) => {
    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    const ok = statusCodes[String(spec.expectStatus)] ?? 0;
    return {
      requestsPerSecond: total / seconds,
      p50Ms: hundredths(percentile(latencies, 50)),
      p99Ms: hundredths(percentile(latencies, 99)),
      requests: total,
      expectStatus: spec.expectStatus,
      ok,
      errors: total - ok + socketErrors,
      statusCodes,
      timeouts: 0,
      socketErrors,
    };
  });
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
if (spec.sequential) {
  const targets = [{ url: spec.url, headers: spec.headers }, ...(spec.alongside ?? [])];
  if (spec.warmupSeconds > 0) await runSequential(spec, targets, spec.warmupSeconds);
  const results = await runSequential(spec, targets, spec.seconds);
  process.stdout.write(JSON.stringify(spec.alongside ? results : results[0]));
  process.exit(0);
}
process.stdout.write(JSON.stringify(await run(spec)));
