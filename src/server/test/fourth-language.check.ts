/*
 * Run by scripts/fourth-language.test.ts in a copy of the project that speaks a fourth language, `gu`, added
 * as docs/architecture.md says (its line in the languages' list and its `.po` files, every text Hindi's marked
 * "ગુ·"); named `.check.ts` so that the project's own runs leave it alone. The server says every text of a
 * mail and of an API error through the catalogues: in `gu`, each is marked and none is English.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../shared/i18n/languages.ts";
import {
  emailChangeConfirmMail,
  operatorClaimMail,
  passwordResetMail,
  signInLinkMail,
  welcomeMail,
} from "../mail/templates.ts";
import { createTestApp, request, type TestApp } from "./test-app.ts";

const gu = "gu" as Language;
const MARK = "ગુ·";
const url = "http://shop.test/x#token=abc";
const to = { email: "asha@example.com", language: gu };

/** The Latin words left once addresses, links, the shop's name and the reader's own name are taken out. */
const latinWords = (text: string) =>
  text
    .replace(/<[^>]*>/g, " ")
    .replace(/&#\d+;/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w.-]+/g, " ")
    .replace(/Veggie Cart|UPI/g, " ")
    .match(/[A-Za-z]+/g) ?? [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a fourth language on the server", () => {
  it.each([
    ["welcome", welcomeMail(to, "आशा", url)],
    ["password reset", passwordResetMail(to, "आशा", url, 30)],
    ["e-mail change", emailChangeConfirmMail(to, "आशा", url, 24)],
    ["operator claim", operatorClaimMail(to, "आशा", url, 24)],
    ["sign-in link", signInLinkMail(to, "आशा", url, 15)],
  ])("the %s mail is in it, subject, HTML and text", (_kind, mail) => {
    expect(mail.subject).toContain(MARK);
    expect(mail.text).toContain(MARK);
    expect(mail.html).toContain(`<html lang="gu">`);
    expect(latinWords([mail.subject, mail.text, mail.html].join(" "))).toEqual([]);
  });

  it("an API error and its field messages are in it", async () => {
    const res = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      headers: { "accept-language": "gu-IN" },
      payload: { name: "", email: "not an address", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { message: string; fields: Record<string, string> } };
    for (const text of [error.message, ...Object.values(error.fields)]) {
      expect(text).toContain(MARK);
      expect(latinWords(text)).toEqual([]);
    }
  });
});
