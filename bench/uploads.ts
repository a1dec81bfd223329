/**
 * `npm run bench:uploads`: the upload flood of issues 9 and 25. Starts the real server, signs up 4 accounts,
 * sends 100 concurrent ~4.4 MB JPEG uploads, and meanwhile signs in and checks health every half second until
 * the burst is over. Reports the server's peak RSS (from /proc), the sign-in and health latencies, and how
 * the uploads were answered (201, 429 beyond an account's or address's share, 503 with the queue full).
 * Exits 1 when the bounds are broken: a peak RSS over 500 MB, or a sign-in during the burst that fails or
 * takes over 1 s.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { CSRF_HEADER } from "../src/shared/constants.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4103);
const UPLOADS = Number(process.env.UPLOADS ?? 100);
const base = `http://127.0.0.1:${PORT}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-uploads-"));
const MAX_RSS_MB = 500;
const MAX_SIGN_IN_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, "uploads.sqlite")}`,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

interface Timed {
  status: number;
  ms: number;
}
const describeTimed = ({ status, ms }: Timed) => `${status} in ${ms.toFixed(0)} ms`;
/** "12: 12× 200, median 80 ms, slowest 200 in 340 ms". */
function summary(results: Timed[]): string {
  const counts = new Map<number, number>();
  for (const { status } of results) counts.set(status, (counts.get(status) ?? 0) + 1);
  const sorted = [...results].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor(sorted.length / 2)];
  const slowest = sorted.at(-1);
  if (!median || !slowest) return "none";
  const answers = [...counts].map(([status, n]) => `${n}× ${status}`).join(", ");
  return `${results.length}: ${answers}, median ${median.ms.toFixed(0)} ms, slowest ${describeTimed(slowest)}`;
}

/** The status and time of a request, as curl measured it. */
function curl(args: string[]): Promise<Timed> {
  return new Promise((resolve) => {
    execFile(
      "curl",
      ["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", ...args],
      (_error, stdout) => {
        const [status, seconds] = stdout.split(" ");
        resolve({ status: Number(status), ms: Number(seconds) * 1000 });
      },
    );
  });
}

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const post = (url: string, body: object, cookie?: string) =>
  fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", [CSRF_HEADER]: "1", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

try {
  for (let i = 0; i < 120; i += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  // NOTE: noise compresses badly, so a 2130 px square JPEG at quality 95 is about 4.4 MB, like a phone photo.
  const side = 2130;
  const noise = randomBytes(side * side * 3);
  const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const accounts: { email: string; cookie: string }[] = [];
  for (let i = 0; i < 4; i += 1) {
    const email = `uploader${i}.${Date.now()}@example.com`;
    await post("/api/auth/signup", { name: `Uploader ${i}`, email, password: "long enough" });
    const login = await post("/api/auth/login", { email, password: "long enough" });
    accounts.push({ email, cookie: login.headers.getSetCookie()[0]!.split(";")[0]! });
  }
  const rssBefore = rssMb();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 100);
  const started = performance.now();
  // NOTE: each upload is a curl process, as 100 phones would be: from one Node process the 100 bodies
  // starved its own event loop, which then sent nothing for seconds and read its answers late.
  const jpegPath = path.join(dir, "flood.jpg");
  fs.writeFileSync(jpegPath, jpeg);
  const uploads = Array.from({ length: UPLOADS }, (_, i) =>
    curl([
      "-H",
      `${CSRF_HEADER}: 1`,
      "-H",
      `cookie: ${accounts[i % 4]!.cookie}`,
      "-F",
      `name=Flood ${i}`,
      "-F",
      "price=10",
      "-F",
      "description=Flood",
      "-F",
      "category=vegetables",
      "-F",
      `image=@${jpegPath};type=image/jpeg`,
      `${base}/api/products`,
    ]).then((result) => result.status),
  );
  let burstOver = false;
  const allAnswered = Promise.all(uploads).finally(() => {
    burstOver = true;
  });
  // NOTE: measured by curl too, a process of its own.
  const signIns: Promise<Timed>[] = [];
  const healths: Promise<Timed>[] = [];
  await sleep(1000);
  while (!burstOver) {
    signIns.push(
      curl([
        "-X",
        "POST",
        "-H",
        "content-type: application/json",
        "-H",
        `${CSRF_HEADER}: 1`,
        "--data",
        JSON.stringify({ email: accounts[0]!.email, password: "long enough" }),
        `${base}/api/auth/login`,
      ]),
    );
    healths.push(curl([`${base}/api/health`]));
    await sleep(500);
  }
  const statuses = await allAnswered;
  const burstMs = performance.now() - started;
  const signInResults = await Promise.all(signIns);
  const healthResults = await Promise.all(healths);
  await sleep(2000);
  clearInterval(sampler);
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  console.log(
    `upload size: ${(jpeg.length / 1024 / 1024).toFixed(2)} MB, ${UPLOADS} concurrent from 4 accounts`,
  );
  console.log(
    `answers: ${[...counts].map(([status, n]) => `${n}× ${status}`).join(", ")} in ${burstMs.toFixed(0)} ms`,
  );
  console.log(
    `RSS: ${rssBefore.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ${rssMb().toFixed(0)} MB 2 s after`,
  );
  console.log(`sign-ins during the burst: ${summary(signInResults)}`);
  console.log(`health checks during the burst: ${summary(healthResults)}`);
  const broken = [
    ...(peak > MAX_RSS_MB ? [`peak RSS ${peak.toFixed(0)} MB is over ${MAX_RSS_MB} MB`] : []),
    ...signInResults
      .filter((result) => result.status !== 200 || result.ms > MAX_SIGN_IN_MS)
      .map((result) => `a sign-in answered ${describeTimed(result)}, not 200 within ${MAX_SIGN_IN_MS} ms`),
  ];
  for (const problem of broken) console.error(`FAILED: ${problem}`);
  if (broken.length > 0) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await sleep(500);
  fs.rmSync(dir, { recursive: true, force: true });
}
