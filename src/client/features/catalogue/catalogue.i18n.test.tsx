import type { InfiniteData } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { DealPlanning } from "../../../shared/schemas/deal-plans.ts";
import type { Product, ProductList } from "../../../shared/schemas/products.ts";
import { api, serveJson, shellAnswers } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { aDeal, aProduct } from "../../test/products.fixture.ts";
import { inLanguage, loadScreens, renderAt, renderScreen, screenQueryClient } from "../../test/render.tsx";
import { DASHBOARD_PRODUCT_COUNT } from "./dashboard-page.tsx";
import { dealQuery } from "./deal.api.ts";
import { DealPlanningSection } from "./deal-planning-section.tsx";
import { myProductsQuery } from "./my-products.api.ts";
import { MyProductsSection } from "./my-products-section.tsx";
import { OperatorProductsSection } from "./operator-products-section.tsx";
import { latestProductsQuery, productPagesQuery, productQuery } from "./products.api.ts";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/dashboard", "/shop", "/products/tomato", "/addProduct"));

const asha = { id: "u1", email: "asha@example.com", name: "आशा", language: "hi" as const };

/** Products written in Devanagari by their farmers, so any Latin letter on the screen is ours. */
const tomatoes = () =>
  aProduct({
    id: "tomato",
    name: "टमाटर (देसी)",
    description: "लाल पके टमाटर",
    farmerName: "रवि",
    userId: "u1",
  });
const mangoes = () =>
  aProduct({
    id: "mango",
    name: "हापूस आंबा",
    description: "रत्नागिरीचा",
    farmerName: "सुनीता",
    category: "fruits",
  });

/**
 * The deal as the server's built-in one reads (English product data), the unit prices' "kg", and the toasts'
 * region as react-toastify names it (the shell's).
 */
const allow = ["Cabbage", "Crisp green cabbage", "kg", "Notifications Alt+T"];

/** The shell's footer around a screen, translated and checked with the shell. */
const shell = () => [...document.querySelectorAll("footer")];

// NOTE: the signed-in header asks its count; a test answers its screen's own requests (lists whose queries
// refetch on mount) as the server would.
beforeEach(() => api.use(...shellAnswers));

const pages = (items: Product[]): InfiniteData<ProductList, string | null | undefined> => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [undefined],
});

const texts = {
  hi: {
    fresh: "ताज़ा भाजीपाला",
    shopNow: "अभी खरीदें",
    deal: "आज का ऑफ़र",
    ourProducts: "हमारे उत्पाद",
    addToCart: "टोकरी में डालें",
    addNew: "नया उत्पाद जोड़ें",
    addProduct: "उत्पाद जोड़ें",
    viewDetails: "टमाटर (देसी) की जानकारी देखें",
    delete: "हटाएँ",
    deleteTitle: "यह उत्पाद हटाएँ?",
    myProducts: "मेरे उत्पाद",
    edit: "टमाटर (देसी) बदलें",
    save: "बदलाव सहेजें",
    products: "उत्पाद",
    hide: "हापूस आंबा छिपाएँ",
    planDeal: "यह ऑफ़र तय करें",
    noMatch: "आपकी खोज से कोई उत्पाद नहीं मिला।",
  },
  mr: {
    fresh: "ताजा भाजीपाला",
    shopNow: "आता खरेदी करा",
    deal: "आजची ऑफर",
    ourProducts: "आमची उत्पादने",
    addToCart: "पिशवीत टाका",
    addNew: "नवीन उत्पादन जोडा",
    addProduct: "उत्पादन जोडा",
    viewDetails: "टमाटर (देसी) ची माहिती पाहा",
    delete: "काढा",
    deleteTitle: "हे उत्पादन काढायचे?",
    myProducts: "माझी उत्पादने",
    edit: "टमाटर (देसी) बदला",
    save: "बदल जतन करा",
    products: "उत्पादने",
    hide: "हापूस आंबा लपवा",
    planDeal: "ही ऑफर ठरवा",
    noMatch: "तुमच्या शोधाशी जुळणारे उत्पादन नाही.",
  },
} satisfies Record<Exclude<Language, "en">, Record<string, string>>;

describe.each(["hi", "mr"] as const)("the catalogue in %s", (language) => {
  const say = texts[language];
  const user = { ...asha, language };

  it("shows the dashboard, its hero, deal and products, and a product's details, with no English", async () => {
    await inLanguage(language);
    renderAt("/dashboard", user, [
      [latestProductsQuery(DASHBOARD_PRODUCT_COUNT).queryKey, { items: [tomatoes()], nextCursor: null }],
      [dealQuery.queryKey, aDeal(3_600_000)],
      [["likes", user.id], []],
    ]);
    expect(await screen.findByRole("heading", { level: 2, name: say.fresh })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: say.shopNow })).toHaveAttribute("href", "/shop");
    expect(screen.getByRole("heading", { name: say.deal })).toBeInTheDocument();
    // NOTE: the feature and category tiles are the shell's (src/client/components), checked with the shell.
    const tiles = ["features-heading", "categories-heading"].flatMap(
      (id) => document.getElementById(id)?.closest("section") ?? [],
    );
    expectNoEnglish(document.body, { allow, except: [...tiles, ...shell()] });

    await userEvent.click(screen.getByRole("button", { name: say.viewDetails }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: say.addToCart })).toBeInTheDocument();
    expectNoEnglish(dialog, { allow });
  });

  it("shows the shop with its filters and cards, its empty search, and asks before deleting", async () => {
    await inLanguage(language);
    renderAt("/shop", user, [
      [productPagesQuery({ sort: "newest" }).queryKey, pages([tomatoes(), mangoes()])],
      [productPagesQuery({ sort: "newest", q: "xyz" }).queryKey, pages([])],
      [["likes", user.id], []],
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: say.ourProducts })).toBeInTheDocument();
    expectNoEnglish(document.body, { allow, except: shell() });

    const [mine] = screen.getAllByRole("article");
    await userEvent.click(within(mine!).getByRole("button", { name: new RegExp(`^${say.delete}`) }));
    const dialog = await screen.findByRole("dialog", { name: say.deleteTitle });
    expectNoEnglish(dialog, { allow });
  });

  it("says the shop has nothing for a search, with no English", async () => {
    await inLanguage(language);
    renderAt("/shop?q=xyz", user, [
      [productPagesQuery({ sort: "newest", q: "xyz" }).queryKey, pages([])],
      [["likes", user.id], []],
    ]);
    expect(await screen.findByText(say.noMatch)).toBeInTheDocument();
    expectNoEnglish(document.body, { allow: [...allow, "xyz"], except: shell() });
  });

  it("shows a product's own page with no English", async () => {
    await inLanguage(language);
    renderAt("/products/tomato", user, [
      [productQuery("tomato").queryKey, tomatoes()],
      [["likes", user.id], []],
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "टमाटर (देसी)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: say.addToCart })).toBeInTheDocument();
    expectNoEnglish(document.body, { allow, except: shell() });
  });

  it("shows the add-product form with no English", async () => {
    await inLanguage(language);
    renderAt("/addProduct", user);
    expect(await screen.findByRole("heading", { level: 1, name: say.addNew })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: say.addProduct })).toBeInTheDocument();
    // The photo formats and their size are named as the files are.
    expectNoEnglish(document.body, { allow: [...allow, /JPEG|PNG|WebP|GIF|AVIF|MB/], except: shell() });
  });

  it("shows the farmer's products, their stock controls and the edit dialog with no English", async () => {
    await inLanguage(language);
    const client = screenQueryClient();
    const hidden = { ...mangoes(), userId: "u1", hidden: true, hiddenReason: "फोटो धुंधली है" };
    const items = [tomatoes(), hidden];
    client.setQueryData(myProductsQuery.queryKey, { items });
    serveJson({ "/api/farmer/products": { items } });
    renderScreen(<MyProductsSection />, { client });
    expect(screen.getByRole("heading", { name: say.myProducts })).toBeInTheDocument();
    expectNoEnglish(document.body, { allow, except: shell() });

    await userEvent.click(screen.getByRole("button", { name: say.edit }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: say.save })).toBeInTheDocument();
    expectNoEnglish(dialog, { allow });
  });

  it("shows the operator's products and deal planning with no English", async () => {
    await inLanguage(language);
    const client = screenQueryClient();
    const suspended = { ...mangoes(), farmerSuspended: true };
    client.setQueryData(
      ["admin", "products", { status: "all", limit: "20" }],
      pages([tomatoes(), suspended]),
    );
    client.setQueryData(["admin", "products", { status: "visible", limit: "20" }], pages([tomatoes()]));
    const planning: DealPlanning = {
      today: "2026-11-27",
      timeZone: "Asia/Kolkata",
      current: aDeal(3_600_000),
      plans: [
        {
          id: "plan-1",
          date: "2026-11-28",
          name: "मेथी",
          description: "ताजी मेथी",
          price: 10,
          originalPrice: 20,
          image: "/api/images/img1?w=640",
          imageId: "img1",
          createdAt: "2026-11-27T10:00:00.000Z",
          plannedBy: "आशा",
        },
      ],
    };
    client.setQueryData(["admin", "deal"], planning);
    serveJson({
      "/api/admin/products": { items: [tomatoes(), suspended], nextCursor: null },
      "/api/admin/deal": planning,
    });
    renderScreen(
      <>
        <OperatorProductsSection />
        <DealPlanningSection />
      </>,
      { client },
    );
    expect(screen.getByRole("heading", { name: say.products })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: say.hide })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: say.planDeal })).toBeInTheDocument();
    expectNoEnglish(document.body, { allow: [...allow, "Asia/Kolkata"] });
  });
});
