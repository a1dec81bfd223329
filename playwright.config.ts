import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium without its windowing: `chromium-headless-shell` is the same engine (Blink, V8, the network
 * stack) that Playwright runs headless by default; the whole browser also starts a renderer for its own
 * interface with every page, about a quarter of the journeys' processor time (decision 019). The whole
 * browser when the shell is not installed, or CHROMIUM_PATH to choose.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : "/usr/bin/chromium");

/**
 * The spec files with the longest journeys (axe over many screens, every screen in Hindi and in Marathi, a
 * farmer's whole week of slots or weighing).
 * They are queued first, so that no worker starts one of them while the others are running out of work: at the
 * end of the queue they made every run's last half minute one or two workers long (decision 019).
 */
const LONGEST_FIRST = [
  "accessibility.spec.ts",
  "admin.spec.ts",
  "farmer.spec.ts",
  "languages.spec.ts",
  "slots.spec.ts",
  "standing-orders.spec.ts",
  "weighing.spec.ts",
];

/**
 * End-to-end journeys in Debian's Chromium (never a downloaded browser) against the real, compiled server on a
 * fresh database that `npm test` prepares (E2E_DATABASE_URL).
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // NOTE: generous, because a timeout only matters when a journey is stuck, and a loaded 2-core machine
  // (argon2 at every sign-in, image encoding at every listing) can take a minute over a long journey.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // NOTE: three on CI's two cores: a journey also waits (on the server, on timers), and a third worker fills
  // that time; all 66 journeys took 141 s with 2, 130 s with 3 and 125 s with 4 (decision 019).
  workers: process.env.CI ? 3 : undefined,
  retries: 0,
  reporter: [["list"]],
  projects: [
    { name: "longest", testMatch: LONGEST_FIRST },
    { name: "journeys", testIgnore: LONGEST_FIRST },
  ],
  use: {
    baseURL,
    // NOTE: CI keeps no artefacts, and recording a trace of every journey costs CPU on a 2-core machine;
    // locally a failed journey keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // NOTE: a journey is one new visitor; the service worker would install and fetch its whole precache for
    // each of them. The journeys about installing and working offline allow it (e2e/phone.spec.ts), and a
    // page is not controlled by it before a reload anyway. Motion is reduced (no turning hero, no fades) except
    // in the journeys about motion; both cost processor time and test nothing else (decision 019).
    serviceWorkers: "block",
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        // NOTE: with no GPU the compositor still ran in a process of its own; inside the browser's process the
        // same journeys took about a fifth less processor time (16 journeys: 91 → 73 s, e2e/catalogue and
        // e2e/checkout, 2026-12-07).
        "--in-process-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // NOTE: the compiled server (dist/app, what `npm start` serves in production) rather than the TypeScript
  // source, so the journeys test what ships. `npm test` builds first; run `npm run build` yourself before
  // `npx playwright test`. NODE_ENV=test is not production, so the demo data and /dev/outbox are there.
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "sqlite:./data/e2e.sqlite",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      // NOTE: the journeys buy the demo farmer's products and expect checkout as it was without slots; the slots
      // journey (e2e/slots.spec.ts) sets up a farmer of its own.
      SEED_DEMO_SLOTS: "false",
      // NOTE: the journeys written before Pay now (decision 052) expect checkout to pay on delivery; with a
      // gateway on, checkout preselects Pay now. The Pay now journeys (not written yet) will run a server of
      // their own with PAYMENT_GATEWAY=test.
      PAYMENT_GATEWAY: "none",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // The shared operators (e2e/admin-fixtures.ts) are signed up again by every journey that needs them: more
      // sign-ups of one address than an hour allows (SIGNUP_PER_HOUR).
      SIGNUP_PER_HOUR: "1000",
      // Every journey places its orders from 127.0.0.1, more in a run than one address may in an hour.
      ORDERS_PER_HOUR: "1000",
      // Argon2's least cost: the journeys sign many people up and in (production refuses it; decision 016).
      ARGON2_MEMORY_KIB: "8",
      ARGON2_TIME_COST: "1",
      // The operators the journeys sign in as (e2e/admin-fixtures.ts): the one e2e/admin.spec.ts shares, and the
      // two whose language e2e/languages.spec.ts changes.
      OPERATOR_EMAILS: "operator.e2e@example.com,operator.hi.e2e@example.com,operator.mr.e2e@example.com",
      // Mail links point back at the server under test; mails land in an outbox of their own.
      PUBLIC_ORIGIN: baseURL,
      OUTBOX_DIR: "./data/e2e-outbox",
    },
  },
});
