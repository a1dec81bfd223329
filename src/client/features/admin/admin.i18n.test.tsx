import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../shared/schemas/audit.ts";
import type { ShopStats } from "../../../shared/schemas/stats.ts";
import { serveJson } from "../../test/api.ts";
import { expectNoEnglish } from "../../test/no-english.ts";
import { inLanguage, renderScreen } from "../../test/render.tsx";
import { AuditSection } from "./audit-section.tsx";
import { OverviewSection } from "./overview-section.tsx";

const period = { orders: 3, revenue: 100000, accounts: 2, products: 5 };
const stats: ShopStats = {
  today: "2026-11-27",
  timeZone: "Asia/Kolkata",
  totals: { today: period, week: period, all: period },
  messagesWaiting: 2,
  days: [
    { date: "2026-11-26", orders: 1, revenue: 250, accounts: 0 },
    { date: "2026-11-27", orders: 2, revenue: 500, accounts: 1 },
  ],
  standingOrders: { active: 4, occurrencesThisWeek: 9, missedThisWeek: [{ reason: "area", count: 1 }] },
};
const entry: AuditEntry = {
  id: "a1",
  at: "2026-11-20T10:30:00.000Z",
  actor: { id: "u1", email: "asha@example.com", name: "Asha Rao" },
  action: "user.suspend",
  target: { type: "user", id: "u2", label: "Bala Patil" },
  reason: "Spam listings",
};

beforeEach(() =>
  serveJson({ "/api/admin/stats": stats, "/api/admin/audit": { items: [entry], nextCursor: null } }),
);

describe.each([
  ["hi", { overview: "दुकान एक नज़र में", audit: "बदलावों का रिकॉर्ड", action: "खाता निलंबित किया" }],
  ["mr", { overview: "दुकान एका नजरेत", audit: "बदलांची नोंद", action: "खाते निलंबित केले" }],
] as const)("the operator's overview and audit log in %s", (language, words) => {
  it("the overview has no English, the money in rupees", async () => {
    await inLanguage(language);
    const { container } = renderScreen(<OverviewSection />);
    expect(await screen.findByRole("heading", { name: words.overview })).toBeInTheDocument();
    expect(await screen.findAllByText("₹1,00,000.00")).toHaveLength(3);
    expectNoEnglish(container);
  });

  it("the audit log has no English but names and reasons", async () => {
    await inLanguage(language);
    const { container } = renderScreen(<AuditSection />);
    expect(await screen.findByRole("heading", { name: words.audit })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(words.action))).toBeInTheDocument();
    expectNoEnglish(container, { allow: ["Asha Rao", "Bala Patil", "Spam listings"] });
  });
});
