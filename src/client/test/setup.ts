import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { reportServerReached } from "../lib/online.ts";

// NOTE: screens load their code lazily; on a loaded 2-core CI machine a `findBy…` passed the default 1 s now
// and then. A longer wait only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // NOTE: a test whose mocked fetch fails marks the server unreachable; the next test starts online.
  reportServerReached(true);
});
