import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
} from "@playwright/test";
import { storageKeys } from "../src/shared/constants.ts";

/** Console messages a test has said it expects (a 4xx it provokes on purpose); reset for each test. */
let expectedConsole: RegExp[] = [];

/**
 * Lets the current test's pages log a console error or warning matching `pattern`. Chromium logs every 4xx
 * or 5xx response as "Failed to load resource", so a test that provokes one on purpose (a wrong password)
 * names it here; anything else logged fails the test.
 */
export function allowConsoleMessage(pattern: RegExp) {
  expectedConsole.push(pattern);
}

function describeMessage(message: ConsoleMessage) {
  const { url, lineNumber } = message.location();
  return `${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

/** Watches a context the test opened in another browser (one it launched itself); set for each test. */
let watchContext: ((context: BrowserContext) => Promise<void>) | undefined;

/** Holds a context of a browser the test launched itself to the same quiet console as its own pages'. */
export async function watchConsoleOf(context: BrowserContext) {
  await watchContext?.(context);
}

/**
 * Every spec imports `test` from here: it fails a test whose pages (the `page` fixture's and any context the
 * test opens with `browser.newContext()`) logged a console error or warning, or threw an uncaught error.
 */
export const test = base.extend<{ quietConsole: undefined }>({
  quietConsole: [
    async ({ context, browser }, use) => {
      // NOTE: the journeys share one catalogue and run side by side: a picture on screen can belong to a
      // product another test has just deleted, which the browser reports as a 404. Playwright says so when it
      // refuses the service worker (playwright.config.ts). For the same reason the first row of /shop can change
      // between the server's page (which preloads its pictures) and the list the browser asks for next: the
      // browser warns a few seconds after the page loaded that a preloaded picture went unused, which a test
      // sees only when a busy machine keeps it on the page that long.
      expectedConsole = [
        /status of 404 .*\/api\/images\//,
        /The resource \S+\/api\/images\/\S+ was preloaded using link preload but not used/,
        /Service Worker registration blocked by Playwright/,
      ];
      const problems: string[] = [];
      const watch = async (watched: BrowserContext) => {
        await watched.addInitScript(recordToasts);
        watched.on("console", (message) => {
          if (message.type() !== "error" && message.type() !== "warning") return;
          const text = describeMessage(message);
          if (!expectedConsole.some((pattern) => pattern.test(text))) problems.push(text);
        });
        watched.on("weberror", (error) => problems.push(`uncaught: ${error.error().message}`));
      };
      await watch(context);
      watchContext = watch;
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watch(opened);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
        watchContext = undefined;
      }
      expect(problems, "the browser console stays quiet").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The tag of journeys that check only how screens look (axe, sizes, widths, untranslated text): what they see
 * does not depend on the database behind the API, so `npm test` runs them on SQLite only (decision 034).
 */
export const LOOK = "@look";

/**
 * The tag of journeys about what the browser does with the shop's pages (offline, slow code, motion, history,
 * touch, the page before the app arrives) and not about what the server decides: like the LOOK ones they run on
 * SQLite only (decision 072).
 */
export const BROWSER = "@browser";

/** /login, where a guard sends a signed-out visitor, with the path to return to after signing in (issue 40). */
export const LOGIN_URL = /\/login(\?next=[^&]*)?$/;

let counter = 0;
/** A fresh account's credentials, unique across workers and runs. */
export function newCredentials(name = "Asha Farmer") {
  counter += 1;
  const email = `e2e.${process.pid}.${Date.now()}.${counter}@example.com`;
  return { name, email, password: "fresh greens 123" };
}

/** Creates an account through the API (the UI journey for sign-up is tested on its own). */
export async function signUpViaApi(request: APIRequestContext, credentials = newCredentials()) {
  const response = await request.post("/api/auth/signup", {
    data: credentials,
    headers: { "x-veggie-cart": "1" },
  });
  expect(response.status()).toBe(201);
  return credentials;
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signInViaUi(page: Page, credentials: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A new account, signed in in this page's browser: through the API (the sign-in screen, with its toast and
 * its one-second pause, is tested on its own), keeping what the sign-in screen keeps in the browser.
 */
export async function signedInUser(page: Page, name?: string) {
  const credentials = await signUpViaApi(page.request, newCredentials(name));
  await signInViaApi(page, credentials);
  return credentials;
}

/**
 * Signs an existing account in in this page's browser through the API, as the sign-in screen would, and opens
 * the dashboard.
 */
export async function signInViaApi(page: Page, credentials: { email: string; password: string }) {
  // NOTE: page.request shares the page's cookies, so the session cookie it receives is the browser's.
  const response = await page.request.post("/api/auth/login", {
    data: { email: credentials.email, password: credentials.password },
    headers: { "x-veggie-cart": "1" },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  await page.goto("/dashboard");
  await page.evaluate(
    ({ keys, id, email }) => {
      window.localStorage.setItem(keys.token, id);
      window.localStorage.setItem(keys.loggedInUser, email);
    },
    { keys: storageKeys, ...user },
  );
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The header's menu of the signed-in person's own places (Farmer Portal, My orders, Messages, Account, Admin),
 * opened if it is not: from 1024 px up the button that bears their name, below it Menu (which also holds the
 * product's links). Answers the header's navigation, to find the menu's links in.
 */
export async function openHeaderMenu(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const button = nav.getByRole("button", { name: /^(Signed in as |Menu$)/ });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  return nav;
}

/** A link in the header's menu (see openHeaderMenu), with the menu open. */
export async function headerMenuLink(page: Page, name: string | RegExp) {
  return (await openHeaderMenu(page)).getByRole("link", { name });
}

/**
 * Every violation axe finds on the page, of any impact (not only serious ones), as readable lines naming
 * `where`. Axe sees final colours: finite animations (a toast sliding in) end first, and while it scans the
 * page prefers reduced motion, so a toast that closes during the scan goes at once instead of fading through
 * colours no one reads (the shop's CSS shortens every animation then).
 */
export async function a11yViolations(page: Page, where: string) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await waitForAnimations(page);
    // NOTE: legacy mode runs axe.run in the page itself; the default opens a blank page per scan to merge
    // frames' results (the shop has no frames), which cost about half of each scan (decision 019). Only the
    // violations are read, so axe neither details the passing checks nor sends them back over the protocol.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .analyze();
    return describeViolations(results.violations, where);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

function describeViolations(
  violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"],
  where: string,
) {
  return violations.map(
    (v) => `${where}: ${v.id} [${v.impact}] ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}

/** Fails on any accessibility violation axe finds on the page, of any impact. */
export async function expectNoA11yViolations(page: Page, where: string) {
  expect(await a11yViolations(page, where)).toEqual([]);
}

/** A toast as it was first seen: its text, the font it was drawn in, and whether a test has counted it. */
type ToastRecord = { text: string; font: string; checked: boolean };

/**
 * Runs in every page before its own scripts: keeps the text of each toast it shows (role=alert in the toast
 * region). A toast closes after 3 s, and on a loaded machine a test can look later than that: the record
 * says it was shown however briefly it stayed (decision 016).
 */
function recordToasts() {
  const shown: ToastRecord[] = [];
  const recorded = new WeakSet<Element>();
  (window as unknown as { toastsShown: ToastRecord[] }).toastsShown = shown;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll(".Toastify [role='alert']")) {
      const text = toast.textContent ?? "";
      if (recorded.has(toast) || text === "") continue;
      recorded.add(toast);
      shown.push({ text, font: getComputedStyle(toast).fontFamily, checked: false });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until the page has shown a toast with this text that no earlier call has counted, and counts it: two
 * calls for the same text need two toasts. Answers the font the toast was drawn in.
 */
export async function expectToast(page: Page, text: string): Promise<string> {
  let font = "";
  await expect
    .poll(
      async () => {
        const toast = await page.evaluate((wanted) => {
          const shown = (window as unknown as { toastsShown?: ToastRecord[] }).toastsShown ?? [];
          const found = shown.find((record) => !record.checked && record.text.includes(wanted));
          if (found) found.checked = true;
          return found;
        }, text);
        font = toast?.font ?? "";
        return toast !== undefined;
      },
      { message: `a toast saying "${text}"` },
    )
    .toBe(true);
  return font;
}

/** A real photo (a PNG made with sharp) in a temporary file, for upload fields. */
export async function photoFile(colour = "#16a34a"): Promise<string> {
  const { default: sharp } = await import("sharp");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const file = join(mkdtempSync(join(tmpdir(), "veggie-cart-photo-")), "produce.png");
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="200" fill="#ef4444"/></svg>',
        ),
      },
    ])
    .png()
    .toFile(file);
  return file;
}

let productCounter = 0;
/** A product listed through the API by the account signed in on `request`; answers the product. */
export async function addProductViaApi(
  request: APIRequestContext,
  fields: {
    name?: string;
    price?: number;
    category?: string;
    description?: string;
    unit?: string;
    stock?: number;
    harvestedOn?: string;
  } = {},
) {
  productCounter += 1;
  const { readFileSync } = await import("node:fs");
  const name = fields.name ?? `Test produce ${process.pid}-${Date.now()}-${productCounter}`;
  const response = await request.post("/api/products", {
    headers: { "x-veggie-cart": "1" },
    multipart: {
      name,
      price: String(fields.price ?? 42.5),
      category: fields.category ?? "vegetables",
      description: fields.description ?? "Grown for the end-to-end tests",
      ...(fields.unit ? { unit: fields.unit } : {}),
      ...(fields.stock !== undefined ? { stock: String(fields.stock) } : {}),
      ...(fields.harvestedOn ? { harvestedOn: fields.harvestedOn } : {}),
      image: { name: "produce.png", mimeType: "image/png", buffer: readFileSync(await photoFile()) },
    },
  });
  expect(response.status()).toBe(201);
  const { product } = (await response.json()) as { product: { id: string; name: string; userId: string } };
  return product;
}

/** Waits until finite CSS animations (a toast sliding in) have ended, so axe sees final colours. */
export async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Holds the app's code back, as on a slow phone, so what a test does meanwhile lands on the server's page;
 * answers the function that lets it in. `boot: true` lets the boot entry (src/client/boot.ts) through: the
 * small script that answers the first taps before the app (decision 056).
 */
export async function holdAppCode(tab: Page, { boot = false } = {}): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await tab.route(/\/assets\/.*\.js$/, async (route) => {
    if (!(boot && /\/assets\/boot-[^/]*\.js$/.test(route.request().url()))) await arrived;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the app has taken a server-drawn page over (decision 037): before that, the page's links are the
 * browser's own (decision 056), so a journey about the app's navigation waits for it first.
 */
export async function appTookOver(page: Page) {
  await page.waitForFunction(() => (window as { __vcHydrated?: unknown }).__vcHydrated === undefined);
}
