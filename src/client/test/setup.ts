import "@testing-library/jest-dom/vitest";
import { cleanup, configure, getConfig } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { i18n, loadLanguage } from "../lib/i18n.ts";
import { loadLaterParts } from "../lib/later-part.tsx";
import { reportServerReached } from "../lib/online.ts";

// NOTE: a `findBy…`/`waitFor` returns as soon as its condition holds, so its deadline is no claim about speed
// (benchmarks measure speed): it only bounds a test that is stuck. It is the test's own bound, less a margin
// so that the failure shows the assertion rather than a timeout; on a 2-core machine shared with other work,
// lazily loaded screens passed 1 s and then 5 s now and then.
configure({ asyncUtilTimeout: 15_000 });

// NOTE: a `findBy…` tries its query on every change of the page and every 50 ms, and Testing Library prints the
// whole page into each failed try's error, which only the last try's (at the deadline) ever shows: that
// printing was a quarter of a form's test's processor time. Within a `waitFor` (where the library sets its own
// flag) the error is the message alone; at the deadline `waitFor` asks again outside it, so the page is printed.
const printingElementError = getConfig().getElementError;
configure({
  getElementError: (message, container) =>
    (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
      ? Object.assign(new Error(message ?? ""), { name: "TestingLibraryElementError" })
      : printingElementError(message, container),
});

// NOTE: the app fetches most of English with the first lazy screen (decision 043); each test file has it
// from the start, so a screen's first draw is not timed with the catalogues' loading.
beforeAll(() => loadLanguage("en"));

// NOTE: a screen drawn in the browser has its later parts' code before it draws (lazyScreen's preload, decision
// 073); a test that draws a screen itself has them too, from the start.
beforeAll(() => loadLaterParts());

// NOTE: jsdom's window in the test's VM context (pool vmThreads) lacks the web streams Mock Service Worker
// builds on; Node's own are the same classes a browser has. Then the fake API, which needs them when loaded.
const webStreams: Record<string, unknown> = await import("node:stream/web" as string);
for (const name of [
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "TextEncoderStream",
  "TextDecoderStream",
]) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: webStreams[name] });
}
const { api, endApiTest } = await import("./api.ts");

// NOTE: every request reaches the fake API (test/api.ts); one no test declared fails that test below.
beforeAll(() => {
  api.listen({ onUnhandledRequest: "error" });
  // NOTE: a browser's fetch whose signal was aborted rejects with the signal's AbortError. MSW's interceptor
  // rejects one it had already answered (a query cancelled as its screen went at the test's end) with an error
  // of its own, which the client takes for the server out of reach: the next test started offline.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    intercepted(input, init).catch((error: unknown) => {
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      throw signal?.aborted ? signal.reason : error;
    });
});
afterAll(() => api.close());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // NOTE: a test whose fetch fails marks the server unreachable; the next test starts online, with no probe of
  // /api/health still running (marked out of reach first, so that "reached" is news and stops the probe).
  reportServerReached(false);
  reportServerReached(true);
  // NOTE: every test starts in English (a test may switch with `inLanguage`, test/render.tsx).
  i18n.activate("en");
  document.documentElement.lang = "en";
  const undeclared = endApiTest();
  if (undeclared.length > 0) {
    throw new Error(`Requests no test answered (each got a 404): ${undeclared.join(", ")}`);
  }
});
