import { screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OperatorMessage } from "../../../shared/schemas/operator-inbox.ts";
import { api, serveJson, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, loadScreens, renderAt, renderScreen } from "../../test/render.tsx";
import { meeraMessage } from "./messages.fixture.ts";
import { OperatorInboxSection } from "./operator-inbox-section.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/faq", "/contact", "/messages"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };
const farmers = [{ id: "f1", name: "Bala Dairy" }];
const shopper = meeraMessage;
const toShop: OperatorMessage = {
  id: "o1",
  kind: "contact",
  name: "Meera Shopper",
  email: "meera@example.com",
  phone: "+91 98765 43210",
  subject: null,
  message: "Do you have alphonso mangoes?",
  createdAt: "2026-11-20T10:30:00.000Z",
  read: false,
  handled: false,
  note: "",
};
/** What the test seeded: people's names and their own words. */
const seeded = [asha.name, "Bala Dairy", "Meera Shopper", "Do you have alphonso mangoes?", "+91 98765 43210"];

beforeEach(() => api.use(...shellAnswers));

describe.each([
  ["hi", { faq: "अक्सर पूछे जाने वाले सवाल", contact: "किसान से संपर्क करें", send: "संदेश भेजें" }],
  ["mr", { faq: "नेहमी विचारले जाणारे प्रश्न", contact: "शेतकऱ्याशी संपर्क करा", send: "संदेश पाठवा" }],
] as const)("messages in %s", (language, words) => {
  it("the FAQ has no English", async () => {
    await inLanguage(language);
    renderAt("/faq", asha);
    expect(await screen.findByRole("heading", { level: 1, name: words.faq })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"), { allow: seeded });
  });

  it("the contact form has no English, its farmers' names aside", async () => {
    await inLanguage(language);
    renderAt("/contact", asha, [[["farmers"], farmers]]);
    expect(await screen.findByRole("heading", { level: 1, name: words.contact })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: words.send })).toBeInTheDocument();
    expect(await screen.findByRole("option", { name: "Bala Dairy" })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"), { allow: seeded });
  });

  it("a farmer's messages have no English but the shopper's own", async () => {
    await inLanguage(language);
    renderAt("/messages", asha, [[["messages", "inbox"], [shopper]]]);
    expect(await screen.findByRole("article", { name: "Meera Shopper" })).toBeInTheDocument();
    expectNoEnglish(screen.getByRole("main"), { allow: seeded });
  });

  it("the operator's inbox has no English but the sender's own", async () => {
    serveJson({ "/api/admin/messages": { items: [toShop], nextCursor: null, unread: 1 } });
    await inLanguage(language);
    const { container } = renderScreen(<OperatorInboxSection />);
    expect(await screen.findByRole("article")).toHaveTextContent("Do you have alphonso mangoes?");
    expectNoEnglish(container, { allow: seeded });
  });
});
