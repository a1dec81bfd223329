import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "./admin-fixtures.ts";
import { tableChecksums, writeMarker } from "./db-snapshot.ts";
import { insertFarmer, insertProduct } from "./order-fixtures.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "./test-app.ts";
import { testDialect } from "./test-db.ts";

/**
 * Property-based fuzzing of every API route the app registers, as a signed-in shopper (the operator's routes
 * as an operator too, the sign-in routes signed out): random path ids, query
 * strings and JSON bodies, each field either a valid value or a hostile one (NUL bytes, lone surrogates,
 * huge and fractional numbers, wrong types, nesting). The properties: the server never answers 5xx, and a
 * refused request (4xx) changes no row or value in it. `FUZZ_RUNS` sets the cases per route: 100 in `npm test`
 * (the time it costs: decision 008), 10,000 in `npm run fuzz`.
 *
 * NOTE: the routes are shared between the files `fuzz-*.test.ts` (every `parts`-th route from `part`), each with
 * its own app and database, so that Vitest runs the shares side by side; alone, the fuzzing was the longest
 * file of the run by far (92 s of the 97 s the PostgreSQL run took).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** About 1 s a run for all routes together: several times what a loaded machine needs, so only a hang fails. */
const TIMEOUT_MS = 60_000 + RUNS * 1000;
/** Routes that end the fuzzing session itself; they take no input. */
const SKIPPED = new Set(["POST /api/auth/logout"]);

let t: TestApp;
let user: SignedInUser;
let operator: SignedInUser;
let productId: string;
function prepare() {
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1_000_000 });
    user = await signUpAndLogIn(t.app, "Fuzz Shopper");
    operator = await signUpOperator(t.app, t.db, "Fuzz Operator");
    const farmerId = await insertFarmer(t.db.kysely, "Fuzz Farmer");
    productId = (await insertProduct(t.db.kysely, farmerId, { name: "Okra", pricePaise: 3000 })).id;
  });
  afterAll(() => t.close());
}

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

const hostileString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "%00",
    "\ud800",
    "\udfff\ud800",
    "2147483648",
    "-2147483649",
    "9223372036854775808",
    "1e309",
    "NaN",
    "-0",
    "' or 1=1 --",
    "\\",
    "%",
    "_",
    " ",
    "x".repeat(5000),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, -0, 1e308, 0.1, -1),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A value for one field: often the valid one (so deeper code runs), else a hostile one. */
const fieldOf = (valid: unknown): fc.Arbitrary<unknown> =>
  valid !== null && typeof valid === "object" && !Array.isArray(valid)
    ? fc.oneof({ weight: 3, arbitrary: objectOf(valid as Record<string, unknown>) }, hostileValue)
    : Array.isArray(valid)
      ? fc.oneof(
          { weight: 3, arbitrary: fc.array(fieldOf(valid[0]), { maxLength: 3 }) },
          { weight: 1, arbitrary: fc.constant(valid) },
          hostileValue,
        )
      : fc.oneof({ weight: 2, arbitrary: fc.constant(valid) }, hostileValue);

function objectOf(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(
    Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, fieldOf(value)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(hostileString, hostileValue, { maxKeys: 2 });
  return fc.oneof(
    { weight: 4, arbitrary: known },
    fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })),
  );
}

interface RouteSample {
  body?: () => Record<string, unknown>;
  query?: () => Record<string, string>;
  headers?: fc.Arbitrary<Record<string, string>>;
}

/** A valid request per route, where one exists; other routes get wholly random input. */
const samples: Record<string, RouteSample> = {
  "POST /api/auth/signup": {
    body: () => ({ name: "Fuzz", email: `fuzz.${randomUUID()}@example.com`, password: "long enough" }),
  },
  "POST /api/auth/login": { body: () => ({ email: user.email, password: user.password }) },
  "POST /api/messages": {
    body: () => ({ kind: "faq", name: "Fuzz", email: "f@example.com", subject: "Hi", message: "Hello" }),
  },
  "POST /api/orders/quote": { body: () => ({ items: [{ productId, quantity: 1 }] }) },
  "POST /api/orders": {
    body: () => ({
      items: [{ productId, quantity: 1 }],
      shipping: {
        fullName: "Fuzz",
        email: "f@example.com",
        address: "1 Road",
        city: "Pune",
        state: "MH",
        zipCode: "411001",
      },
      paymentMethod: "upi",
    }),
    headers: fc
      .oneof(fc.uuid(), fc.string({ unit: "grapheme-ascii", maxLength: 80 }))
      .map((key) => ({ "idempotency-key": key })),
  },
  "GET /api/products": {
    query: () => ({
      category: "fruits",
      q: "ok",
      sort: "price-asc",
      cursor: cursorOf(["products:price-asc", 0, 3000, productId]),
      limit: "12",
    }),
  },
  "GET /api/orders": {
    query: () => ({ limit: "5", cursor: cursorOf(["orders", "2026-01-01T00:00:00.000Z", randomUUID()]) }),
  },
  "GET /api/images/:id": { query: () => ({ w: "640" }) },
  "GET /api/deal/image": { query: () => ({ w: "320" }) },
};

/** A path segment for `:id`: a real-looking id or a hostile string, percent-encoded as a browser would. */
const pathId = () =>
  fc.oneof(fc.uuid(), fc.constant(productId), hostileString).map((id) => {
    try {
      return encodeURIComponent(id);
    } catch {
      return "%ED%A0%80"; // a lone surrogate, as raw bytes
    }
  });

const queryOf = (valid: Record<string, string>) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(valid).map(([key, value]) => [
            key,
            fc.oneof(
              { weight: 2, arbitrary: fc.constant(value) },
              hostileString,
              hostileNumber.map(String),
              fc.jsonValue({ maxDepth: 2 }).map((v) => cursorOf(v)),
            ),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
    )
    .map(([known, extra]) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...extra, ...known })) {
        try {
          params.append(key, value as string);
        } catch {
          // NOTE: a lone surrogate cannot be percent-encoded; the case then just has one field fewer.
        }
      }
      return params.toString();
    });

/**
 * Who sends a route's cases. NOTE: the sign-in routes go signed out: a successful sign-in ends the session
 * its request carried, which would sign the fuzzer out for every route after it.
 */
const sendersOf = (url: string): { who: string; cookie?: string }[] =>
  url.startsWith("/api/auth/")
    ? [{ who: "signed out" }]
    : url.startsWith("/api/admin")
      ? [
          { who: "a shopper", cookie: user.cookie },
          { who: "an operator", cookie: operator.cookie },
        ]
      : [{ who: "a shopper", cookie: user.cookie }];

/** Whether a session cookie still signs in as its user. */
async function stillSignedIn(account: SignedInUser): Promise<boolean> {
  const me = await request(t.app, { method: "GET", url: "/api/auth/me", cookie: account.cookie });
  return (me.json() as { user: { id: string } | null }).user?.id === account.id;
}

const fuzzedRoutes = () =>
  (t?.app.registeredRoutes ?? []).filter(
    (route) =>
      route.url.startsWith("/api") && route.method !== "HEAD" && !SKIPPED.has(`${route.method} ${route.url}`),
  );

/** Fuzzes this file's share of the routes: every `parts`-th one, starting from the `part`-th (1-based). */
export function fuzzRoutes(part: number, parts: number) {
  prepare();
  const share = () => fuzzedRoutes().filter((_, index) => index % parts === part - 1);
  describe(`fuzzing API routes, share ${part} of ${parts} (${testDialect}, ${RUNS} cases a route)`, () => {
    it("finds the routes to fuzz", () => {
      expect(fuzzedRoutes().length).toBeGreaterThan(10);
      expect(share().length).toBeGreaterThan(0);
    });

    it("never answers 5xx, and a refused request changes no row or value", {
      timeout: TIMEOUT_MS,
    }, async () => {
      t.app.log.level = "silent";
      let marker = await writeMarker(t.db);
      let checksums = JSON.stringify(await tableChecksums(t.db));
      for (const route of share()) {
        for (const sender of sendersOf(route.url)) {
          const sample = samples[`${route.method} ${route.url}`] ?? {};
          const hasBody = route.method !== "GET" && route.method !== "DELETE";
          const body = sample.body
            ? fc.oneof({ weight: 6, arbitrary: objectOf(sample.body()) }, hostileValue)
            : hasBody
              ? fc.oneof(objectOf({}), hostileValue)
              : fc.constant(undefined);
          const query = queryOf(sample.query?.() ?? {});
          const ids = fc.array(pathId(), { minLength: 4, maxLength: 4 });
          const headers = sample.headers ?? fc.constant({});
          await fc.assert(
            fc.asyncProperty(body, query, ids, headers, async (payload, search, idList, extraHeaders) => {
              let i = 0;
              const path = route.url.replace(/:[A-Za-z]+/g, () => idList[i++ % idList.length] ?? "");
              const url = search ? `${path}?${search}` : path;
              const res = await request(t.app, {
                method: route.method as "POST",
                url,
                cookie: sender.cookie,
                headers: hasBody ? { ...extraHeaders, "content-type": "application/json" } : extraHeaders,
                ...(hasBody ? { payload: JSON.stringify(payload ?? null) } : {}),
              });
              const label = `${sender.who}: ${route.method} ${url} ${hasBody ? JSON.stringify(payload) : ""} → ${res.statusCode} ${res.body.slice(0, 200)}`;
              if (res.statusCode >= 500) throw new Error(`server error: ${label}`);
              // NOTE: the previous case's "after" is this one's "before"; nothing was written if the marker
              // stayed (read before the checksums, so a write in between moves it for the next case).
              const nextMarker = await writeMarker(t.db);
              if (nextMarker === marker) return;
              marker = nextMarker;
              const before = checksums;
              checksums = JSON.stringify(await tableChecksums(t.db));
              if (res.statusCode >= 400 && checksums !== before) {
                throw new Error(`a refused request changed the database: ${label}`);
              }
            }),
            { numRuns: RUNS, endOnFailure: true },
          );
          // NOTE: a route fuzzed signed out by mistake stops at 401 before any validation or SQL runs.
          expect(
            await stillSignedIn(user),
            `the shopper is signed in after ${route.method} ${route.url}`,
          ).toBe(true);
          expect(
            await stillSignedIn(operator),
            `the operator is signed in after ${route.method} ${route.url}`,
          ).toBe(true);
        }
      }
    });
  });
}
