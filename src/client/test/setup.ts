import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { reportServerReached } from "../lib/online.ts";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // NOTE: a test whose mocked fetch fails marks the server unreachable; the next test starts online.
  reportServerReached(true);
});
