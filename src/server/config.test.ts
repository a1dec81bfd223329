import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to port 3000 and an SQLite file under ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("sqlite:./data/veggie-cart.sqlite");
    expect(config.seedDemo).toBe(true);
  });

  it("hashes passwords at OWASP's argon2id baseline (19 MiB, two passes, one lane) unless told otherwise", () => {
    const baseline = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
    expect(loadConfig({}).passwordHashing).toEqual(baseline);
    const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" };
    expect(loadConfig(production).passwordHashing).toEqual(baseline);
    expect(
      loadConfig({
        ...production,
        ARGON2_MEMORY_KIB: "65536",
        ARGON2_TIME_COST: "3",
        ARGON2_PARALLELISM: "2",
      }).passwordHashing,
    ).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 2 });
  });

  it("hashes cheaply only outside production, and refuses costs argon2 cannot use", () => {
    const cheap = { ARGON2_MEMORY_KIB: "8", ARGON2_TIME_COST: "1" };
    expect(loadConfig({ NODE_ENV: "test", ...cheap }).passwordHashing).toEqual({
      memoryCost: 8,
      timeCost: 1,
      parallelism: 1,
    });
    const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" };
    expect(() => loadConfig({ ...production, ARGON2_MEMORY_KIB: "8" })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => loadConfig({ ...production, ARGON2_TIME_COST: "1" })).toThrow(/ARGON2_TIME_COST/);
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: "7" })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: "8", ARGON2_PARALLELISM: "2" })).toThrow(
      /ARGON2_MEMORY_KIB/,
    );
    expect(() => loadConfig({ ARGON2_TIME_COST: "two" })).toThrow(/ARGON2_TIME_COST/);
  });

  it("delivers to India alone unless SHOP_COUNTRIES names more, and refuses what is no country code", () => {
    expect(loadConfig({}).shopCountries).toEqual(["IN"]);
    expect(loadConfig({ SHOP_COUNTRIES: " in, np " }).shopCountries).toEqual(["IN", "NP"]);
    expect(() => loadConfig({ SHOP_COUNTRIES: "India" })).toThrow(/SHOP_COUNTRIES/);
    expect(() => loadConfig({ SHOP_COUNTRIES: " , " })).toThrow(/SHOP_COUNTRIES/);
  });

  it("pays online through the test gateway outside production, Razorpay when its settings are given, and never the test gateway in production", () => {
    const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" };
    const keys = {
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "key-secret",
      RAZORPAY_WEBHOOK_SECRET: "hook-secret",
    };
    expect(loadConfig({}).payments).toEqual({ gateway: "test" });
    expect(loadConfig({}).paymentHoldMinutes).toBe(20);
    expect(loadConfig(production).payments).toEqual({ gateway: "none" });
    expect(loadConfig({ ...production, ...keys }).payments).toEqual({
      gateway: "razorpay",
      keyId: "rzp_live_x",
      keySecret: "key-secret",
      webhookSecret: "hook-secret",
      apiUrl: "https://api.razorpay.com",
    });
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "test" })).toThrow(
      /PAYMENT_GATEWAY: the test gateway/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: "razorpay", RAZORPAY_KEY_ID: "x" })).toThrow(
      "Invalid configuration: RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required when PAYMENT_GATEWAY=razorpay",
    );
    expect(loadConfig({ PAYMENT_GATEWAY: "none", PAYMENT_HOLD_MINUTES: "30" })).toMatchObject({
      payments: { gateway: "none" },
      paymentHoldMinutes: 30,
    });
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: "0" })).toThrow(/PAYMENT_HOLD_MINUTES/);
  });

  it("stops on a bad value, naming it", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("never seeds demo data in production, even when asked, and can be turned off elsewhere", () => {
    const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("moves the clock only outside production (a test's midnight), never a shop's", () => {
    expect(loadConfig({}).clockOffsetMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", TEST_CLOCK_OFFSET_MS: "-5000" }).clockOffsetMs).toBe(-5000);
    const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example.com" };
    expect(() => loadConfig({ ...production, TEST_CLOCK_OFFSET_MS: "60000" })).toThrow(
      /TEST_CLOCK_OFFSET_MS/,
    );
  });

  it("needs the public origin in production and refuses one that is not an origin", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: "shop.example.com" })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ PUBLIC_ORIGIN: "https://shop.example.com/" }).publicOrigin).toBe(
      "https://shop.example.com",
    );
  });

  it("takes TRUST_PROXY as a hop count or address ranges, never `true`", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: must be a hop count/);
  });
});
