import { describe, expect, it } from "vitest";
import { textsIn } from "./index.ts";

describe("the server's texts (decision 049)", () => {
  it("says a catalogue's text in the reader's language, its English being its id", () => {
    const week = { id: "week" };
    expect(textsIn("en")(week)).toBe("week");
    expect(textsIn("hi")(week)).toBe("हफ़्ता");
    expect(textsIn("mr")(week)).toBe("आठवडा");
  });

  it("says a text the catalogues do not have yet in English, with its values put in", () => {
    expect(textsIn("mr")({ id: "Only {count} left" }, { count: 3 })).toBe("Only 3 left");
  });
});
