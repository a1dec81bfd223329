import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown.ts";

describe("formatCountdown", () => {
  it("shows hours, minutes and seconds as two digits each", () => {
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(59_999)).toBe("00:00:59");
    expect(formatCountdown(61_000)).toBe("00:01:01");
    expect(formatCountdown((9 * 3600 + 5 * 60 + 7) * 1000)).toBe("09:05:07");
    expect(formatCountdown(24 * 3600 * 1000)).toBe("24:00:00");
  });

  it("never goes below zero once the deal has ended", () => {
    expect(formatCountdown(-5000)).toBe("00:00:00");
  });
});
