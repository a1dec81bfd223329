import { describe, expect, it } from "vitest";
import { INDIA_STATES, stateCode, stateName, statesSorted } from "./india-states.ts";

describe("India's states and union territories", () => {
  it("lists 28 states and 8 union territories, each code once", () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((state) => state.code)).size).toBe(36);
  });

  it("reads a state's code or its English name, whatever the case and spacing", () => {
    for (const input of ["MH", "mh", " in-mh ", "Maharashtra", "MAHARASHTRA"]) {
      expect(stateCode(input), input).toBe("MH");
    }
    expect(stateCode("Tamil Nadu")).toBe("TN");
    expect(stateCode("tamilnadu")).toBe("TN");
    expect(stateCode("Jammu & Kashmir")).toBe("JK");
    expect(stateCode("Orissa")).toBe("OD");
    expect(stateCode("OR")).toBe("OD");
    for (const input of ["y", "", "IN", "Bavaria", "Maharashtra 411001"])
      expect(stateCode(input), input).toBeUndefined();
  });

  it("names a code in English, and shows a text that is no code as written", () => {
    // Its other languages are learnt from the shared catalogue: src/server/texts/catalogue.test.ts (decision 059).
    expect(stateName("MH", "en")).toBe("Maharashtra");
    expect(stateName("Some old text", "hi")).toBe("Some old text");
  });

  it("sorts the list by the names in the language shown", () => {
    expect(
      statesSorted("en")
        .slice(0, 3)
        .map((state) => state.name),
    ).toEqual(["Andaman and Nicobar Islands", "Andhra Pradesh", "Arunachal Pradesh"]);
  });
});
