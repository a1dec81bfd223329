import { screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setPhoneReach } from "../../lib/phone-reach.ts";
import { accountAnswers, sessionAnswer } from "../../test/answers.ts";
import { api, HttpResponse, http, shellAnswers } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// Issue 37: a production shop without a WhatsApp or SMS provider can send no code, and says so in the
// session's answer; its screens then offer no mobile number and no phone channel.

beforeAll(() => loadScreens("/login", "/signup", "/account"));
beforeEach(() => api.use(...shellAnswers));
// NOTE: what the session's answer said is kept for the page's life; each test starts from a shop that can.
afterEach(() => setPhoneReach({}));

const noPhone = { phoneSignIn: false as const, phoneChannels: [] };
const phoneOption = () => screen.queryByRole("button", { name: "Use my mobile number instead" });

describe("sign-in by phone where the shop can send no code", () => {
  it.each(["/login", "/signup"])(
    "%s offers the mobile number where the shop can send a code",
    async (path) => {
      api.use(sessionAnswer(null));
      renderAt(path, undefined);
      expect(await screen.findByRole("button", { name: "Use my mobile number instead" })).toBeVisible();
    },
  );

  it.each(["/login", "/signup"])("%s does not, where the server says it cannot", async (path) => {
    api.use(sessionAnswer(null, noPhone));
    renderAt(path, undefined);
    expect(await screen.findByLabelText("Email address")).toBeVisible();
    expect(phoneOption()).toBeNull();
  });

  it("/account offers no number to add and no WhatsApp or SMS", async () => {
    const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao", phone: null };
    api.use(sessionAnswer(asha, noPhone), ...accountAnswers(asha));
    renderAt("/account", undefined);
    const news = await screen.findByRole("region", { name: "Order news" });
    expect(await screen.findAllByRole("checkbox", { name: "E-mail" })).toHaveLength(2);
    expect(screen.queryByRole("checkbox", { name: "WhatsApp" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "SMS" })).toBeNull();
    expect(news).not.toHaveTextContent("Add a mobile number");
    expect(screen.queryByRole("region", { name: "Mobile number" })).toBeNull();
  });

  it("/account offers only the channel a provider carries", async () => {
    const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao", phone: "+919876543210" };
    const off = {
      channels: { email: true, whatsapp: false, sms: false },
      consentAt: { whatsapp: null, sms: null },
    };
    api.use(
      sessionAnswer(asha, { phoneChannels: ["sms"] }),
      http.get("/api/account/notifications", () =>
        HttpResponse.json({ phone: asha.phone, hasEmail: true, buying: off, fulfilling: off }),
      ),
      ...accountAnswers(asha),
    );
    renderAt("/account", undefined);
    expect(await screen.findAllByRole("checkbox", { name: "SMS" })).toHaveLength(2);
    expect(screen.queryByRole("checkbox", { name: "WhatsApp" })).toBeNull();
    expect(await screen.findByRole("region", { name: "Mobile number" })).toBeVisible();
  });
});
