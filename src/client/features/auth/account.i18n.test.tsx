import { screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../../shared/messages.ts";
import type { OperatorUser } from "../../../shared/schemas/moderation.ts";
import { sayShared } from "../../lib/i18n.ts";
import { accountAnswers } from "../../test/answers.ts";
import { api, apiError, http, serveJson, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, loadScreens, renderAt, renderScreen } from "../../test/render.tsx";
import { OperatorAccountsSection } from "./operator-accounts-section.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/account", "/forgot-password", "/reset-password", "/account/confirm-email"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao" };
const bala: OperatorUser = {
  id: "u2",
  name: "Bala Patil",
  email: "bala@example.com",
  createdAt: "2026-10-02T08:00:00.000Z",
  operator: false,
  suspended: true,
  suspendedAt: "2026-11-01T08:00:00.000Z",
  suspendedReason: "Spam listings",
  products: 3,
  orders: 2,
};
const seeded = [asha.name, bala.name, "Spam listings", "Chrome", "Android"];

/** A server that knows Asha's account, two devices and no kept address, and one account for the operator. */
beforeEach(() => {
  api.use(...shellAnswers, ...accountAnswers(asha));
  serveJson({
    "/api/account/sessions": {
      sessions: [
        {
          id: "s1",
          browser: "Chrome on Android",
          createdAt: "2026-11-01T10:30:00.000Z",
          lastUsedAt: "2026-11-20T10:30:00.000Z",
          current: true,
        },
        {
          id: "s2",
          browser: null,
          createdAt: "2026-11-01T10:30:00.000Z",
          lastUsedAt: "2026-11-19T10:30:00.000Z",
          current: false,
        },
      ],
    },
    "/api/admin/users": { items: [bala], nextCursor: null },
  });
});

describe.each([
  [
    "hi",
    {
      account: "आपका खाता",
      device: "यह डिवाइस",
      forgot: "पासवर्ड भूल गए?",
      reset: "नया पासवर्ड बनाएँ",
      confirm: "अपने ईमेल पते की पुष्टि करें",
    },
  ],
  [
    "mr",
    {
      account: "तुमचे खाते",
      device: "हे डिव्हाइस",
      forgot: "पासवर्ड विसरलात?",
      reset: "नवीन पासवर्ड ठेवा",
      confirm: "तुमच्या ईमेल पत्त्याची खात्री करा",
    },
  ],
] as const)("account screens in %s", (language, words) => {
  it("the account page has no English, the device's browser aside", async () => {
    await inLanguage(language);
    renderAt("/account", asha);
    expect(await screen.findByRole("heading", { level: 1, name: words.account })).toBeInTheDocument();
    expect(await screen.findByText(words.device)).toBeInTheDocument();
    // NOTE: the news channels are named as their services name themselves, in every language.
    expectNoEnglish(screen.getByRole("main"), { allow: [...seeded, "WhatsApp", "SMS"] });
  });

  it("forgot password has no English", async () => {
    await inLanguage(language);
    renderAt("/forgot-password", null);
    expect(await screen.findByRole("heading", { name: words.forgot })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"));
  });

  it("a reset link's page has no English", async () => {
    await inLanguage(language);
    renderAt("/reset-password#token=abc", null);
    expect(await screen.findByRole("heading", { name: words.reset })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"));
  });

  it("an e-mail change link's page says what became of it, with no English", async () => {
    await inLanguage(language);
    // NOTE: as the server answers a reader of this language (its error handler localizes the message).
    const message = sayShared(accountMessages.linkInvalid);
    api.use(http.post("/api/account/email/confirm", () => apiError(400, "invalid_token", message)));
    renderAt("/account/confirm-email#token=abc", null);
    expect(await screen.findByRole("heading", { name: words.confirm })).toBeInTheDocument();
    expect(await screen.findByRole("status")).toHaveTextContent(message);
    expectNoEnglish(screen.getByRole("main"));
  });

  it("the operator's accounts have no English but names and reasons", async () => {
    await inLanguage(language);
    const { container } = renderScreen(<OperatorAccountsSection />);
    expect(await screen.findByRole("heading", { level: 3, name: /Bala Patil/ })).toBeInTheDocument();
    expectNoEnglish(container, { allow: seeded });
  });
});
