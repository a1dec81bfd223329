import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to port 3000 and an SQLite file under ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe("sqlite:./data/veggie-cart.sqlite");
    expect(config.seedDemo).toBe(true);
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
