import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Language } from "../../shared/i18n/languages.ts";
import { messages } from "../../shared/messages.ts";
import { photoMessages } from "../../shared/photo.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { productMessages } from "../../shared/schemas/product-form.ts";
import { CategoryTiles } from "../components/category-tiles.tsx";
import { FeatureTiles } from "../components/feature-tiles.tsx";
import { apiFetch } from "../lib/api-client.ts";
import { sayShared } from "../lib/i18n.ts";
import { toast } from "../lib/toast.ts";
import { api, apiRequests, apiRequestsTo, HttpResponse, http, shellAnswers } from "../test/api.ts";
import { expectNoEnglish } from "../test/no-english.ts";
import { inLanguage, loadScreens, renderAt, renderScreen } from "../test/render.tsx";
import { Footer } from "./footer.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/nowhere", "/login"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha", language: "en" as const };

// NOTE: the signed-in header asks its count; a change of language is kept on the account as the server would.
beforeEach(() =>
  api.use(
    ...shellAnswers,
    http.patch("/api/account", async ({ request }) => {
      const body = (await request.json()) as { language?: string };
      return HttpResponse.json({ user: { ...asha, ...body }, pendingEmail: null });
    }),
  ),
);

describe("languages", () => {
  it("shows the header, its links and the page in Hindi when Hindi is chosen", async () => {
    await inLanguage("hi");
    renderAt("/nowhere", { ...asha, language: "hi" });
    const nav = await screen.findByRole("navigation", { name: "मुख्य" });
    expect(within(nav).getByRole("button", { name: "लॉग आउट" })).toBeInTheDocument();
    expect(within(nav).getAllByRole("link", { name: "दुकान" }).length).toBeGreaterThan(0);
    expect(within(nav).getByRole("button", { name: "Asha के रूप में लॉग इन" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "पेज नहीं मिला" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
  });

  it("switches to Marathi from the header: <html lang>, this browser and the signed-in account keep it", async () => {
    renderAt("/nowhere", asha);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    const menu = screen.getByRole("combobox", { name: "Language" });
    // Each language is named in its own script, and marked with its language.
    expect(within(menu).getByRole("option", { name: "मराठी" })).toHaveAttribute("lang", "mr");
    expect(within(menu).getByRole("option", { name: "हिन्दी" })).toHaveAttribute("lang", "hi");

    await userEvent.selectOptions(menu, "मराठी");
    expect(await screen.findByRole("heading", { name: "पान सापडले नाही" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("mr");
    expect(window.localStorage.getItem("language")).toBe("mr");
    await waitFor(async () =>
      expect((await apiRequestsTo("/api/account", "PATCH")).map((request) => request.body)).toContainEqual({
        language: "mr",
      }),
    );
    expect(screen.getByRole("combobox", { name: "भाषा" })).toHaveValue("mr");
  });

  it("offers the menu on the sign-in screen, where a signed-out choice stays in this browser only", async () => {
    renderAt("/login", null);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Language" }), "हिन्दी");
    expect(await screen.findByRole("heading", { name: "Veggie Cart में आपका स्वागत है" })).toBeInTheDocument();
    expect(screen.getByLabelText("ईमेल पता")).toBeInTheDocument();
    expect(window.localStorage.getItem("language")).toBe("hi");
    expect(await apiRequests()).toEqual([]);

    // The shared schema's English message is shown in Hindi under its field.
    await userEvent.type(screen.getByLabelText("ईमेल पता"), "not-an-address");
    await userEvent.type(screen.getByLabelText("पासवर्ड"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "लॉग इन करें" }));
    expect((await screen.findAllByText("कृपया सही ईमेल पता लिखें")).length).toBeGreaterThan(0);
    expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument();
  });

  it("asks the server in the language shown, so its errors come back in it", async () => {
    api.use(http.post("/api/auth/logout", () => new HttpResponse(null, { status: 204 })));
    await inLanguage("mr");
    await apiFetch("/api/auth/logout", NoContentSchema, { method: "POST" });
    const [logout] = await apiRequests();
    expect(logout?.headers.get("accept-language")).toBe("mr");
  });

  it.each<[Language, string, string, string]>([
    ["hi", "सब्ज़ियाँ", "₹200 से ज़्यादा के ऑर्डर पर डिलीवरी मुफ़्त।", "बंद करें"],
    ["mr", "भाज्या", "₹200 पेक्षा जास्तच्या ऑर्डरवर डिलिव्हरी मोफत.", "बंद करा"],
  ])(
    "draws the category tiles, the feature tiles, the footer and the toasts with no English in %s",
    async (language, vegetables, shipping, close) => {
      await inLanguage(language);
      renderScreen(
        <>
          <CategoryTiles />
          <FeatureTiles />
          <Footer />
        </>,
      );
      expect(screen.getByRole("link", { name: new RegExp(`^${vegetables}`) })).toHaveAttribute(
        "href",
        "/shop?category=vegetables",
      );
      expect(screen.getByText(shipping)).toBeInTheDocument();
      toast.info("…");
      expect(await screen.findByRole("button", { name: close })).toBeInTheDocument();
      expect(screen.getByRole("region", { name: language === "hi" ? "सूचनाएँ" : "सूचना" })).toBeInTheDocument();
      expectNoEnglish(document.body);
    },
  );

  it("says the schemas' shared texts (a product form's field message) in the language loaded", async () => {
    expect(sayShared(productMessages.priceNegative)).toBe("Price cannot be negative");
    await inLanguage("hi");
    expect(sayShared(productMessages.priceNegative)).toBe("कीमत शून्य से कम नहीं हो सकती");
    // A limit is a value of its message (decision 059): the catalogue's Hindi says the schema's own number.
    expect(sayShared(productMessages.nameTooLong)).toBe("नाम 100 अक्षरों से लंबा नहीं हो सकता");
    await inLanguage("mr");
    expect(sayShared(photoMessages.tooLarge)).toBe("फोटो 25 MB पेक्षा मोठा नसावा.");
  });
});
