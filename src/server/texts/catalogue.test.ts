import { describe, expect, it } from "vitest";
import { stateCode, stateName, statesSorted } from "../../shared/schemas/india-states.ts";
import { emailTakenAttemptMail } from "../mail/index.ts";
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

  it("writes a mail in its recipient's language from the catalogue, values put in (issue 40 #32's mail)", () => {
    const mail = emailTakenAttemptMail(
      { email: "asha@example.com", language: "mr" },
      "Asha",
      "http://x/reset",
    );
    expect(mail.subject).toBe("कोणीतरी दुसऱ्या खात्याचा ईमेल पत्ता बदलून तुमचा पत्ता ठेवण्याचा प्रयत्न केला");
    expect(mail.text).toContain("Veggie Cart च्या दुसऱ्या खात्यात");
    expect(mail.text).toContain("asha@example.com असा बदलायला सांगितला");
    expect(mail.html).toContain('lang="mr"');
  });

  it("teaches the states' names in every language from the shared catalogue: read and written in each", () => {
    for (const input of ["महाराष्ट्र", "mh", "Maharashtra"]) expect(stateCode(input), input).toBe("MH");
    expect(stateCode("तमिळनाडू")).toBe("TN");
    expect(stateCode("तमिलनाडु")).toBe("TN");
    expect(stateCode("जम्मू आणि काश्मीर")).toBe("JK");
    // The Hindi name written with the Marathi joining word.
    expect(stateCode("जम्मू आणि कश्मीर")).toBe("JK");
    expect(stateCode("मिजोरम")).toBe("MZ");
    expect(stateName("MH", "hi")).toBe("महाराष्ट्र");
    expect(stateName("KL", "mr")).toBe("केरळ");
    const hindi = statesSorted("hi", "hi-IN").map((state) => state.name);
    expect(hindi).toEqual([...hindi].sort(new Intl.Collator("hi-IN").compare));
    expect(hindi[0]).toBe("अंडमान और निकोबार द्वीपसमूह");
  });
});
