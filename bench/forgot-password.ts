/**
 * `npm run bench:forgot-password`: does "forgot password" take as long for an address with an account as for
 * one without? Its answer is the same; the account lookup, the token and the mail happen after it (issue 25,
 * item 9). Requests alternate between a known and unknown addresses, each timed alone (the background work
 * of one finishes before the next starts), and the medians are printed with their ratio. A timing is measured
 * here, not asserted in a test, because the shared machine's load decides milliseconds.
 *
 *   npm run bench:forgot-password [-- --rounds 200]
 */
import { parseArgs } from "node:util";
import { createTestApp, request, signUpAndLogIn } from "../src/server/test/test-app.ts";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "200" } } });
const rounds = Number(args.rounds);
const t = await createTestApp();
try {
  const user = await signUpAndLogIn(t.app);
  const ask = (email: string) =>
    request(t.app, { method: "POST", url: "/api/auth/password-reset", payload: { email } });
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    for (const kind of ["known", "unknown"] as const) {
      const start = performance.now();
      const res = await ask(kind === "known" ? user.email : `nobody${i}@example.com`);
      times[kind].push(performance.now() - start);
      if (res.statusCode !== 202 && res.statusCode !== 429) throw new Error(`answered ${res.statusCode}`);
      await t.app.mailer.settle();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [known, unknown] = [median(times.known), median(times.unknown)];
  console.log(`forgot password, median of ${rounds} requests each:`);
  console.log(`  known address ${known.toFixed(2)} ms, unknown address ${unknown.toFixed(2)} ms`);
  console.log(`  known / unknown = ${(known / unknown).toFixed(2)}`);
} finally {
  await t.close();
}
