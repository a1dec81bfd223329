import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { FarmerSlot, PackingList } from "../../../shared/schemas/slots.ts";
import { slotSetUpAnswers } from "../../test/answers.ts";
import { api, serveJson } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, renderScreen } from "../../test/render.tsx";
import { DeliveryPickupSection } from "./delivery-pickup-section.tsx";
import { PackingListPage } from "./packing-list-page.tsx";
import { farmGate as farmGateFixture, saturdayPickup } from "./slots.fixture.ts";

const farmGate = { ...farmGateFixture, mapUrl: "https://maps.example.com/farm-gate" };
const slot: FarmerSlot = {
  id: "slot-1",
  patternId: saturdayPickup.id,
  kind: "pickup",
  date: "2026-11-28",
  start: "08:00",
  end: "10:00",
  pickupPoint: { id: farmGate.id, name: farmGate.name, address: farmGate.address },
  capacity: 5,
  taken: 1,
  cutoffAt: "2099-11-27T20:00:00.000Z",
  closedAt: null,
  closedReason: null,
};
const packingList: PackingList = {
  slot,
  totals: [
    { productId: "p1", name: "Tomatoes", unit: "kg", quantity: 2, grams: 2150, packed: true },
    { productId: "p2", name: "Bhindi", unit: "500 g", quantity: 3, grams: 1500, packed: false },
  ],
  orders: [
    {
      partId: "part-1",
      orderId: "12345678-aaaa-bbbb-cccc-1234567890ab",
      status: "confirmed",
      buyer: "Meera Shopper",
      phone: "+91 98765 43210",
      address: "Farm gate, Survey 42, Hadapsar, Pune",
      lines: [
        { name: "Tomatoes", unit: "kg", quantity: 2, grams: 2150, packed: true, amount: 86 },
        { name: "Bhindi", unit: "500 g", quantity: 3, grams: 1500, packed: false, amount: 90 },
      ],
      total: 176,
      billFinal: false,
    },
  ],
};
/** What the test seeded: the farmer's pickup point, the buyer and the product. */
const seeded = [farmGate.name, farmGate.address, "Meera Shopper", "Tomatoes", "Bhindi"];

/** The farmer's set-up: one pickup point, PIN prefix 4110, Saturday's pickup slot and one dated slot. */
beforeEach(() => {
  api.use(...slotSetUpAnswers({ point: farmGate, slots: [slot] }));
  serveJson({ "/api/farmer/slots/slot-1/packing-list": packingList });
});

describe.each([
  [
    "hi",
    {
      section: "डिलीवरी और पिकअप",
      weekly: "साप्ताहिक स्लॉट",
      packing: "पैकिंग सूची:",
      print: "प्रिंट करें",
      packs: ["3 × 500 ग्राम (1.5 किलो)", "2 किलो (पैक 2.15 किलो)"],
    },
  ],
  [
    "mr",
    {
      section: "डिलिव्हरी आणि पिकअप",
      weekly: "साप्ताहिक स्लॉट",
      packing: "पॅकिंग यादी:",
      print: "प्रिंट करा",
      packs: ["3 × 500 ग्रॅम (1.5 किलो)", "2 किलो (पॅक 2.15 किलो)"],
    },
  ],
] as const)("delivery and pickup in %s", (language, words) => {
  it("the set-up has no English but the pickup point's own name and address", async () => {
    await inLanguage(language);
    const { container } = renderScreen(
      <DeliveryPickupSection base="/api/farmer" packingListPath={(id) => `/packing/${id}`} />,
    );
    expect(await screen.findByRole("heading", { level: 2, name: words.section })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 3, name: words.weekly })).toBeInTheDocument();
    // NOTE: the weekly slot and the dated one, each said in the language.
    expect(await screen.findAllByText(new RegExp(farmGate.name))).not.toHaveLength(0);
    expect(await screen.findByText(/1.*5/)).toBeInTheDocument();
    // NOTE: the map link's placeholder is how every web address starts.
    expectNoEnglish(container, { allow: [...seeded, "https://"] });
  });

  it("the packing list has no English but the buyer's, the product's and the point's own words", async () => {
    await inLanguage(language);
    const { container } = renderScreen(
      <Routes>
        <Route path="/slots/:id" element={<PackingListPage base="/api/farmer" backTo="/farmer" />} />
      </Routes>,
      { path: "/slots/slot-1" },
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: new RegExp(words.packing) }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: words.print })).toBeInTheDocument();
    // NOTE: packs are counted apart from their size, never "3 500 ग्रॅम" (issue 40).
    for (const packs of words.packs) expect(container.textContent).toContain(packs);
    // NOTE: "CSV" names the file's format, as on every Indian bank's statement page.
    expectNoEnglish(container, { allow: [...seeded, "CSV"] });
  });
});
