/**
 * `npm run bench:forgot-password`: does "forgot password" take as long for an address with an account as for
 * one without, and does it slow the request after it? Its answer is the same; the account lookup, the token
 * and the mail run off the request path (issue 25, item 9). Requests alternate between a known and unknown
 * addresses, each followed at once by a request for a third address; both are timed, the background work
 * finishes before the next pair starts, and the medians are printed, with how often the request after a
 * known address was the slower of a pair. A timing is measured here, not asserted in a test, because the
 * shared machine's load decides milliseconds.
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
  const next = { known: [] as number[], unknown: [] as number[] };
  const timed = async (email: string) => {
    const start = performance.now();
    const res = await ask(email);
    if (res.statusCode !== 202 && res.statusCode !== 429) throw new Error(`answered ${res.statusCode}`);
    return performance.now() - start;
  };
  for (let i = 0; i < rounds; i++) {
    for (const kind of ["known", "unknown"] as const) {
      times[kind].push(await timed(kind === "known" ? user.email : `nobody${i}@example.com`));
      next[kind].push(await timed(`next${i}.${kind}@example.com`));
      await t.app.mailer.settle();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [known, unknown] = [median(times.known), median(times.unknown)];
  const [afterKnown, afterUnknown] = [median(next.known), median(next.unknown)];
  const slowerAfterKnown = next.known.filter((ms, i) => ms > next.unknown[i]!).length / rounds;
  console.log(`forgot password, median of ${rounds} requests each:`);
  console.log(`  known address ${known.toFixed(2)} ms, unknown address ${unknown.toFixed(2)} ms`);
  console.log(`  known / unknown = ${(known / unknown).toFixed(2)}`);
  console.log(
    `  the request after: ${afterKnown.toFixed(2)} ms after a known address, ${afterUnknown.toFixed(2)} ms after an unknown one`,
  );
  console.log(`  slower after the known address in ${(slowerAfterKnown * 100).toFixed(0)} % of pairs`);
} finally {
  await t.close();
}
