import { describe, expect, it } from "vitest";
import { catalogueModules } from "./i18n.ts";

describe("the catalogues a screen's texts come from (decision 070)", () => {
  it("in English, only the features named: the shell's and sign-in's are in the entry", () => {
    expect(catalogueModules("en", ["catalogue"])).toEqual(["features/catalogue/locales/en.po"]);
    expect(catalogueModules("en", [])).toEqual([]);
  });

  it("in Hindi, the features named and those every screen has: the shell's, sign-in's and the shared ones", () => {
    expect(catalogueModules("hi", ["catalogue"]).sort()).toEqual(
      [
        "../shared/locales/hi.po",
        "features/auth/locales/hi.po",
        "features/catalogue/locales/hi.po",
        "locales/hi.po",
      ].sort(),
    );
  });

  it("the auth feature's later screens' texts are the account's, not the entry's", () => {
    expect(catalogueModules("en", ["account"])).toEqual(["features/auth/locales/account/en.po"]);
    expect(catalogueModules("hi", [])).not.toContain("features/auth/locales/account/hi.po");
  });

  it("every feature's for a screen not narrowed", () => {
    const all = catalogueModules("mr", "all");
    expect(all).toEqual(
      expect.arrayContaining([
        "features/orders/locales/mr.po",
        "features/auth/locales/account/mr.po",
        "locales/mr.po",
      ]),
    );
    expect(all.every((module) => module.endsWith("/mr.po"))).toBe(true);
  });
});
