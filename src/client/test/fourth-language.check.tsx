/*
 * Run by scripts/fourth-language.test.ts in a copy of the project that speaks a fourth language, `gu` (see
 * src/server/test/fourth-language.check.ts). The screens find their texts through the catalogues: in `gu`,
 * the sign-in screens and the shell's language menu are marked and hold no English.
 */
import { screen, within } from "@testing-library/react";
import { beforeAll, expect, it } from "vitest";
import type { Language } from "../../shared/i18n/languages.ts";
import { expectNoEnglish } from "./no-english.ts";
import { inLanguage, loadScreens, renderAt } from "./render.tsx";

const gu = "gu" as Language;
const MARK = "ગુ·";

beforeAll(() => loadScreens("/login", "/signup", "/forgot-password"));

it.each(["/login", "/signup", "/forgot-password"])("%s is in the fourth language", async (path) => {
  await inLanguage(gu);
  renderAt(path, null);
  const main = await screen.findByRole("main");
  expect(await within(main).findAllByText(new RegExp(MARK))).not.toHaveLength(0);
  expectNoEnglish(main);
  // The language menu names the new language in its own script.
  expect(screen.getAllByText("ગુજરાતી").length).toBeGreaterThan(0);
});
