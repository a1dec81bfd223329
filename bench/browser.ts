/**
 * The measures of `npm run bench` taken in a browser: Lighthouse's mobile preset on the first screens, and a
 * cold visit to /dashboard on a slow 3G link timed until a tap on Add to Cart has done its work.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import {
  type ColdVisit,
  type ColdVisitRun,
  type HydrationProfile,
  type HydrationProfileRun,
  type LighthouseResult,
  type LighthouseRun,
  median,
  type ScriptUntilIdle,
} from "./report.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs of each browser measure; each figure reported is the median of its runs. */
export const BROWSER_RUNS = 3;

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

interface Lhr {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/** One Lighthouse run (mobile preset) of `page`; `chromePort` is the debugging port of the Chrome it starts. */
function lighthouseOnce(base: string, page: string, chromePort: number, cookie?: string): LighthouseRun {
  const flags = [
    `${base}${page}`,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    "--form-factor=mobile",
    "--only-categories=performance,accessibility",
    `--port=${chromePort}`,
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const out = execFileSync(path.join(root, "node_modules/.bin/lighthouse"), flags, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    maxBuffer: 64 << 20,
  });
  const lhr = JSON.parse(out) as Lhr;
  if (!lhr.finalDisplayedUrl.endsWith(page))
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${page}`);
    return value;
  };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(metric("largest-contentful-paint")),
    tbtMs: Math.round(metric("total-blocking-time")),
    cls: Number(metric("cumulative-layout-shift").toFixed(3)),
  };
}

/**
 * `runs` Lighthouse runs of `page`, each figure the median of its runs (a run that fails, as Lighthouse now
 * and then does on a loaded machine with NO_NAVSTART, is tried once more). Undefined when no run succeeded.
 */
export function lighthouse(
  base: string,
  page: string,
  chromePort: number,
  cookie?: string,
  runs = BROWSER_RUNS,
): LighthouseResult | undefined {
  const done: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        done.push(lighthouseOnce(base, page, chromePort, cookie));
        break;
      } catch (error) {
        console.error(`Lighthouse on ${page} failed (attempt ${attempt}): ${String(error).slice(0, 500)}`);
      }
    }
  }
  if (done.length === 0) return undefined;
  const of = (key: keyof LighthouseRun) => median(done.map((r) => r[key]));
  return {
    page,
    performance: of("performance"),
    accessibility: of("accessibility"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    runs: done,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The cold visit

/** Slow 3G as issue 27 names it: 400 kbit/s each way, 400 ms round trip, and a CPU 4× slower. */
export const SLOW_3G = { kbitPerSecond: 400, roundTripMs: 400, cpuSlowdown: 4 } as const;

const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : "/usr/bin/chromium");

/** Launches the bench's Chromium with a phone's screen; `cookie` signs the context in. */
async function phoneContext(base: string, cookie?: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    // NOTE: a phone's screen and touch, as Lighthouse's mobile preset (Moto G Power) has them.
    const context = await browser.newContext({
      serviceWorkers: "block",
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (cookie) {
      const [name, ...value] = cookie.split(";")[0]!.split("=");
      await context.addCookies([
        {
          name: name!,
          value: value.join("="),
          domain: new URL(base).hostname,
          path: "/",
          secure: name!.startsWith("__Host-"),
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
    }
    return { browser, context };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * One cold visit to `page` signed in with `cookie` (a new browser context: empty cache, no service worker, as
 * the journeys run): the milliseconds from navigation start until the product grid's first Add to Cart button
 * is visible, and until a tap on it, made as soon as it is, has done its work as a shopper sees it: its line in
 * the cart (localStorage "cart"), its toast shown and the header's count at 1. The boot entry answers a tap
 * before the app has taken the page over (decision 056); a tap made before even it has arrived is held by the
 * inline boot script and done once the app runs (decision 037).
 */
/** Where a page's product grid is: the dashboard's grid, not its deal above it; elsewhere the page's main. */
const COLD_VISIT_GRIDS: Record<string, string> = {
  "/dashboard": 'section[aria-labelledby="products-heading"]',
};

async function coldVisitOnce(base: string, page: string, cookie: string): Promise<ColdVisitRun> {
  const { browser, context } = await phoneContext(base, cookie);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    const bytesPerSecond = (SLOW_3G.kbitPerSecond * 1000) / 8;
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_3G.roundTripMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_3G.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    const types = new Map<string, string>();
    const byType: Record<string, number> = {};
    cdp.on("Network.responseReceived", (event: { requestId: string; type?: string }) => {
      types.set(event.requestId, event.type ?? "Other");
    });
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests += 1;
      const type = types.get(event.requestId) ?? "Other";
      byType[type] = (byType[type] ?? 0) + event.encodedDataLength;
    });

    await tab.goto(base + page, { waitUntil: "commit" });
    const gridSelector = COLD_VISIT_GRIDS[page] ?? "main";
    // NOTE: the dashboard's tiles say "Add {name} to cart", the shop's cards "Add to Cart: {name}".
    const add = tab
      .locator(gridSelector)
      .getByRole("button", { name: /^Add .+ to cart$|^Add to Cart: / })
      .first();
    // NOTE: the times are the page's own clock (performance.now(), from its navigation start), read by the
    // checks themselves at each animation frame, not when this process hears of them.
    const gridMs = await tab
      .waitForFunction(
        (selector) => {
          const button = document.querySelector(
            `${selector} button[aria-label$=" to cart"], ${selector} button[aria-label^="Add to Cart: "]`,
          );
          const box = button?.getBoundingClientRect();
          return box && box.width > 0 && box.height > 0 ? performance.now() : false;
        },
        gridSelector,
        { polling: "raf", timeout: 120_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    await add.tap({ timeout: 120_000 });
    const tapMs = await tab
      .waitForFunction(
        // NOTE: done as a shopper sees it (issue 39): the line stored, its toast shown, the header's count 1.
        () =>
          (JSON.parse(window.localStorage.getItem("cart") ?? "[]") as unknown[]).length > 0 &&
          [...document.querySelectorAll(".Toastify [role='alert']")].some((toast) =>
            toast.textContent?.includes("added to cart!"),
          ) &&
          [...document.querySelectorAll<HTMLElement>("[data-cart-count]")].some(
            (badge) => !badge.hidden && badge.textContent === "1",
          )
            ? performance.now()
            : false,
        undefined,
        { polling: "raf", timeout: 120_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    const url = new URL(tab.url());
    if (url.pathname !== page) throw new Error(`the cold visit ended on ${url.pathname}, not ${page}`);
    return {
      gridMs: Math.round(gridMs),
      tapMs: Math.round(tapMs),
      kilobytes: Math.round(bytes / 1024),
      requests,
      kilobytesByType: Object.fromEntries(
        Object.entries(byType).map(([type, b]) => [type, Math.round(b / 1024)] as const),
      ),
    };
  } finally {
    await browser.close();
  }
}

/** `runs` cold visits of `page` (each failed one tried once more), each figure the median of its runs. */
export async function coldVisit(
  base: string,
  page: string,
  cookie: string,
  runs = BROWSER_RUNS,
): Promise<ColdVisit | undefined> {
  const done: ColdVisitRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        done.push(await coldVisitOnce(base, page, cookie));
        break;
      } catch (error) {
        console.error(`Cold visit to ${page} failed (attempt ${attempt}): ${String(error).slice(0, 500)}`);
      }
    }
  }
  if (done.length === 0) return undefined;
  return {
    page,
    ...SLOW_3G,
    gridMs: median(done.map((r) => r.gridMs)),
    tapMs: median(done.map((r) => r.tapMs)),
    kilobytes: median(done.map((r) => r.kilobytes)),
    runs: done,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hydration's main-thread work, and /login's script until the network is idle (issue 39)

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * One visit to `page` signed in, the CPU 4× slower and the link not slowed (the processor's work alone), with
 * Chromium's sampling profiler on from navigation until the app has taken the page over (the inline boot
 * script's `__vcHydrated` is gone): the long tasks (over 50 ms) the page saw, and where the main thread's
 * time went by script and by function (self time).
 */
async function hydrationOnce(base: string, page: string, cookie: string): Promise<HydrationProfileRun> {
  const { browser, context } = await phoneContext(base, cookie);
  try {
    await context.addInitScript(() => {
      const tasks: { start: number; ms: number }[] = [];
      (window as unknown as { __benchTasks: typeof tasks }).__benchTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_3G.cpuSlowdown });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await tab.goto(base + page, { waitUntil: "load" });
    const hydratedMs = await tab
      .waitForFunction(
        () =>
          document.documentElement.dataset.ssr !== undefined &&
          !("__vcHydrated" in window && window.__vcHydrated) &&
          document.readyState === "complete"
            ? performance.now()
            : false,
        undefined,
        { polling: 50, timeout: 120_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
    const longTasks = await tab.evaluate(
      () => (window as unknown as { __benchTasks: { start: number; ms: number }[] }).__benchTasks,
    );
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (!frame) return;
      const file = frame.url ? (new URL(frame.url, base).pathname.split("/").pop() ?? frame.url) : "";
      // NOTE: Chromium's own entries are named "(program)", "(idle)", "(garbage collector)".
      const script = file || frame.functionName || "(idle)";
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      if (file) {
        const name = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
      }
    });
    const top = (map: Map<string, number>, n: number) =>
      [...map.entries()]
        .filter(([name]) => name !== "(idle)" && name !== "(program)")
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => ({ name, ms: Math.round(ms) }));
    return {
      hydratedMs: Math.round(hydratedMs),
      longTasks: longTasks.map((t) => ({ start: Math.round(t.start), ms: Math.round(t.ms) })),
      blockingMs: Math.round(longTasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0)),
      scripts: top(byScript, 8),
      functions: top(byFunction, 12),
    };
  } finally {
    await browser.close();
  }
}

/** `runs` hydration profiles of `page` (see hydrationOnce); the figures are the medians, the lists the median run's. */
export async function hydrationProfile(
  base: string,
  page: string,
  cookie: string,
  runs = BROWSER_RUNS,
): Promise<HydrationProfile | undefined> {
  const done: HydrationProfileRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    try {
      done.push(await hydrationOnce(base, page, cookie));
    } catch (error) {
      console.error(`Hydration profile of ${page} failed: ${String(error).slice(0, 500)}`);
    }
  }
  if (done.length === 0) return undefined;
  const blockingMs = median(done.map((r) => r.blockingMs));
  const middle = done.find((r) => r.blockingMs === blockingMs) ?? done[0]!;
  return {
    page,
    cpuSlowdown: SLOW_3G.cpuSlowdown,
    hydratedMs: median(done.map((r) => r.hydratedMs)),
    blockingMs,
    longestTaskMs: median(done.map((r) => Math.max(0, ...r.longTasks.map((t) => t.ms)))),
    median: middle,
    runs: done.map(({ hydratedMs, blockingMs, longTasks }) => ({ hydratedMs, blockingMs, longTasks })),
  };
}

/**
 * The script `page` fetches (as sent: Brotli) from navigation until the network has been idle for 500 ms, with
 * nobody touching it (Playwright's `networkidle`), signed out, the CPU 4× slower: issue 39's goal for /login.
 */
export async function scriptUntilIdle(base: string, page: string): Promise<ScriptUntilIdle | undefined> {
  const { browser, context } = await phoneContext(base);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_3G.cpuSlowdown });
    const scripts = new Map<string, string>();
    // NOTE: the bodies as sent (Brotli), without the headers, as the build's budget counts them.
    const bodies = new Map<string, number>();
    cdp.on(
      "Network.responseReceived",
      (event: { requestId: string; type?: string; response: { url: string } }) => {
        if (event.type === "Script") scripts.set(event.requestId, new URL(event.response.url).pathname);
      },
    );
    cdp.on("Network.dataReceived", (event: { requestId: string; encodedDataLength: number }) => {
      bodies.set(event.requestId, (bodies.get(event.requestId) ?? 0) + event.encodedDataLength);
    });
    await tab.goto(base + page, { waitUntil: "networkidle", timeout: 120_000 });
    const files = [...scripts].map(([id, file]) => ({
      file,
      kilobytes: Number(((bodies.get(id) ?? 0) / 1000).toFixed(1)),
    }));
    return {
      page,
      kilobytes: Number(files.reduce((sum, f) => sum + f.kilobytes, 0).toFixed(1)),
      files: files.sort((a, b) => b.kilobytes - a.kilobytes),
    };
  } catch (error) {
    console.error(`Script until idle on ${page} failed: ${String(error).slice(0, 500)}`);
    return undefined;
  } finally {
    await browser.close();
  }
}
