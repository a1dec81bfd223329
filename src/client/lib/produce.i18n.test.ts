import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/shop-calendar.ts";
import { inLanguage } from "../test/render.tsx";
import { formatPackPrice, formatUnitPrice, harvestLabel, shopToday, stockLabel } from "./produce.ts";

const daysAgo = (days: number) => addDays(shopToday(), -days);

describe("produce texts in each language", () => {
  it("keep the product's English word for word", () => {
    expect(stockLabel(0)).toBe("Sold out");
    expect(stockLabel(3)).toBe("Only 3 left");
    expect(stockLabel(1)).toBe("Only 1 left");
    expect(stockLabel(50)).toBeNull();
    expect(formatUnitPrice(40, "kg")).toBe("₹40.00 / kg");
    expect(formatPackPrice(45, "500 g")).toBe("₹45.00 / 500 g · ₹90.00 / kg");
    expect(formatUnitPrice(40, null)).toBe("₹40.00");
    expect(harvestLabel(daysAgo(0))).toBe("Harvested today");
    expect(harvestLabel(daysAgo(1))).toBe("Harvested yesterday");
    expect(harvestLabel(daysAgo(3))).toBe("Harvested 3 days ago");
    expect(harvestLabel(null)).toBeNull();
  });

  it("say stock, unit prices and harvest days in Hindi", async () => {
    await inLanguage("hi");
    expect(stockLabel(0)).toBe("बिक गया");
    expect(stockLabel(3)).toBe("सिर्फ़ 3 बचे");
    expect(formatUnitPrice(40, "kg")).toBe("₹40.00 / किलो");
    expect(formatUnitPrice(25, "bunch")).toBe("₹25.00 / गड्डी");
    expect(formatUnitPrice(60, "dozen")).toBe("₹60.00 / दर्जन");
    expect(formatPackPrice(45, "500 g")).toBe("₹45.00 / 500 ग्राम · ₹90.00 / किलो");
    expect(formatPackPrice(1_00_000, "kg")).toBe("₹1,00,000.00 / किलो");
    expect(harvestLabel(daysAgo(0))).toBe("आज तोड़ा गया");
    expect(harvestLabel(daysAgo(1))).toBe("कल तोड़ा गया");
    expect(harvestLabel(daysAgo(3))).toBe("3 दिन पहले तोड़ा गया");
  });

  it("say stock, unit prices and harvest days in Marathi", async () => {
    await inLanguage("mr");
    expect(stockLabel(0)).toBe("संपले");
    expect(stockLabel(2)).toBe("फक्त 2 शिल्लक");
    expect(formatUnitPrice(40, "kg")).toBe("₹40.00 / किलो");
    expect(formatUnitPrice(25, "bunch")).toBe("₹25.00 / जुडी");
    expect(formatUnitPrice(12, "piece")).toBe("₹12.00 / नग");
    expect(formatPackPrice(30, "250 g")).toBe("₹30.00 / 250 ग्रॅम · ₹120.00 / किलो");
    expect(harvestLabel(daysAgo(0))).toBe("आज काढलेले");
    expect(harvestLabel(daysAgo(1))).toBe("काल काढलेले");
    expect(harvestLabel(daysAgo(3))).toBe("3 दिवसांपूर्वी काढलेले");
  });
});
