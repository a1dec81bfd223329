import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePo, sharedTranslations, spellingVariants } from "./i18n-consistency.ts";

const root = path.resolve(import.meta.dirname, "..");
const catalogues = (language: string) =>
  [
    "src/client/locales",
    ...fs
      .readdirSync(path.join(root, "src/client/features"))
      .map((feature) => `src/client/features/${feature}/locales`),
  ]
    .map((dir) => path.join(root, dir, `${language}.po`))
    .filter((file) => fs.existsSync(file));

describe("translations that read the same for different things (issue 40 item 8)", () => {
  it("finds two different English messages with one translation on a screen", () => {
    const found = sharedTranslations([
      { msgid: "Undo", msgstr: "रद्द करा" },
      { msgid: "Cancel", msgstr: "रद्द करा" },
      { msgid: "Cancel order", msgstr: "ऑर्डर रद्द करा" },
      { msgid: "Cancel the order", msgstr: "ऑर्डर रद्द करा" },
    ]);
    expect(found).toEqual(['"Undo" and "Cancel" are both translated "रद्द करा"']);
  });

  it("finds one word spelled two ways", () => {
    const found = spellingVariants([
      { msgid: "Delivery", msgstr: "डिलीवरी" },
      { msgid: "Delivery slot", msgstr: "डिलिवरी स्लॉट" },
      { msgid: "of or that", msgstr: "की कि" },
    ]);
    expect(found).toEqual(['one word spelled "डिलीवरी" and "डिलिवरी"']);
  });

  for (const language of ["hi", "mr"]) {
    it(`no screen in ${language} has two messages with one translation, and no word two spellings`, () => {
      const all = catalogues(language).flatMap((file) => {
        const entries = parsePo(fs.readFileSync(file, "utf8"));
        expect(sharedTranslations(entries), path.relative(root, file)).toEqual([]);
        return entries;
      });
      expect(all.length).toBeGreaterThan(500);
      expect(spellingVariants(all)).toEqual([]);
    });
  }
});
