import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { api, apiRequestsTo, http } from "../test/api.ts";
import { reportServerReached, useOnline } from "./online.ts";

function Status() {
  return <p>{useOnline() ? "online" : "offline"}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  api.use(http.get("/api/health", () => new Response(null, { status: 503 })));
});
afterEach(() => vi.useRealTimers());

it("asks the health check while the server is out of reach, and stops once the browser says the network is back", async () => {
  render(<Status />);
  act(() => reportServerReached(false));
  expect(screen.getByText("offline")).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(5000));
  expect(await apiRequestsTo("/api/health")).toHaveLength(1);

  act(() => window.dispatchEvent(new Event("online")));
  expect(screen.getByText("online")).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(20_000));
  expect(await apiRequestsTo("/api/health")).toHaveLength(1);
});
