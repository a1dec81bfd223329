import { describe, expect, it } from "vitest";
import { addDays, shopDate, startOfShopDay } from "./shop-calendar.ts";

describe("the shop's calendar", () => {
  it("starts a shop day at midnight in the shop's time zone", () => {
    expect(startOfShopDay("2026-03-10", "Asia/Kolkata").toISOString()).toBe("2026-03-09T18:30:00.000Z");
    expect(startOfShopDay("2026-03-10", "UTC").toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(startOfShopDay("2026-07-01", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
  });

  it("follows clock changes: the day after a change starts at the new offset, and each start is that day's", () => {
    // Europe/Berlin moves to summer time on 2026-03-29 at 02:00.
    expect(startOfShopDay("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfShopDay("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    for (const zone of ["Asia/Kolkata", "Europe/Berlin", "America/Sao_Paulo", "Pacific/Apia"]) {
      const start = startOfShopDay("2026-10-25", zone);
      expect(shopDate(start, zone)).toBe("2026-10-25");
      expect(shopDate(new Date(start.getTime() - 1), zone)).toBe("2026-10-24");
    }
  });

  it("counts days", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});
