import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SHOP_TIME_ZONE } from "../../shared/shop-calendar.ts";
import { fetchMe } from "../features/auth/me.api.ts";
import { AddProductPage } from "../features/catalogue/add-product-page.tsx";
import { api, HttpResponse, http } from "../test/api.ts";
import { renderScreen } from "../test/render.tsx";
import { getShopTimeZone, harvestLabel, setShopTimeZone, shopToday } from "./produce.ts";

// NOTE: 12:00 UTC on 10 March 2026 is 17:30 on the 10th in Kolkata (the default) but 02:00 on the 11th on
// Kiritimati (UTC+14), so the two calendars disagree about "today".
const NOON_UTC = new Date("2026-03-10T12:00:00Z");

/** GET /api/auth/me as a shop whose SHOP_TIME_ZONE is `shopTimeZone` answers it (signed out). */
function serverIn(shopTimeZone: string) {
  api.use(http.get("/api/auth/me", () => HttpResponse.json({ user: null, shopTimeZone })));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON_UTC);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setShopTimeZone(DEFAULT_SHOP_TIME_ZONE);
});

describe("the shop's time zone in the browser", () => {
  it("is Asia/Kolkata until the server says otherwise", () => {
    expect(getShopTimeZone()).toBe("Asia/Kolkata");
    expect(shopToday()).toBe("2026-03-10");
    expect(harvestLabel("2026-03-10")).toBe("Harvested today");
  });

  it("follows SHOP_TIME_ZONE from GET /api/auth/me: today, harvest labels", async () => {
    serverIn("Pacific/Kiritimati");
    await fetchMe();
    expect(getShopTimeZone()).toBe("Pacific/Kiritimati");
    expect(shopToday()).toBe("2026-03-11");
    expect(harvestLabel("2026-03-10")).toBe("Harvested yesterday");
  });

  it("lets the add-product form's harvest date go up to the shop's today, not Kolkata's", async () => {
    serverIn("Pacific/Kiritimati");
    await fetchMe();
    renderScreen(<AddProductPage signedIn />);
    expect(screen.getByLabelText("Harvest date")).toHaveAttribute("max", "2026-03-11");
  });

  it("keeps the zone in use when the server names one this browser does not know", async () => {
    serverIn("Mars/Olympus_Mons");
    await fetchMe();
    expect(getShopTimeZone()).toBe("Asia/Kolkata");
  });
});
