/**
 * What every bench does as a shopper: sign up and in over HTTP, place an order of some products, and run
 * bench/load.ts in a process of its own (so the load never shares an event loop with what it measures).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../src/server/db/database.ts";
import { CSRF_HEADER } from "../src/shared/constants.ts";
import type { LoadResult, LoadSpec } from "./load.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const BENCH_PASSWORD = "bench password 123";

/** The headers a state-changing request of the shop's own client carries. */
export const JSON_HEADERS = { "content-type": "application/json", [CSRF_HEADER]: "1" };

/** An order of one, two, three… of each product, shipped to one address. */
/** Three products an order load may buy from: orders take stock, so ones with plenty of it (or none tracked). */
export async function orderableProductIds(db: Db): Promise<string[]> {
  const plenty = await db.kysely
    .selectFrom("products")
    .select("id")
    .where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">", 10_000)]))
    .orderBy("id")
    .limit(3)
    .execute();
  return plenty.map((p) => p.id);
}

export function orderBody(productIds: string[]) {
  return {
    items: productIds.map((productId, i) => ({ productId, quantity: 1 + i })),
    shipping: {
      fullName: "Bench Shopper",
      email: "bench@example.com",
      phone: "+91 98765 43210",
      address: "1 Market Road",
      city: "Pune",
      state: "Maharashtra",
      zipCode: "411001",
    },
    paymentMethod: "upi",
  };
}

/** Signs `email` up (unless it exists) and in: the session cookie, as a Cookie header. */
export async function signIn(base: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ name: "Bench Shopper", email, password }),
  });
  if (signup.status !== 201 && signup.status !== 409) throw new Error(`sign-up: ${signup.status}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Runs bench/load.ts on `spec`: a LoadResult, or with `alongside` one per URL. */
export function load<Result = LoadResult>(spec: LoadSpec): Result {
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/load.ts", JSON.stringify(spec)], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as Result;
}
