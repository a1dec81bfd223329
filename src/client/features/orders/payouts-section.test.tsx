import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { UnsettledMoney } from "../../../shared/schemas/online-payments.ts";
import type { FarmerReckoning, ShopReckoning } from "../../../shared/schemas/payments.ts";
import { api, apiError, apiRequestsTo, HttpResponse, http, serveJson } from "../../test/api.ts";
import { renderScreen, screenQueryClient } from "../../test/render.tsx";
import { FarmerPaymentsSection, OperatorPaymentsSection } from "./payments-section.tsx";

/** Issue 36: the operator's payouts on /admin/payments, and the farmer's week showing what was paid out. */
const figures = {
  delivered: 180,
  cash: 0,
  upi: 0,
  owed: 0,
  collectedOnline: 180,
  refunded: 8,
  commission: 4.3,
  payable: 167.7,
};
const week: ShopReckoning = {
  week: "2026-11-16",
  ...figures,
  farmers: [
    { farmerId: null, farmerName: "Veggie Cart", ...figures, paidOut: 0, balance: 0 },
    { farmerId: "f1", farmerName: "Ravi", ...figures, paidOut: 60, balance: 107.7 },
  ],
};

let unsettled: UnsettledMoney;
beforeEach(() => {
  unsettled = { refunds: [], mismatched: [] };
  api.use(http.get("/api/admin/payments/unsettled", () => HttpResponse.json(unsettled)));
  serveJson({ "/api/admin/payments": week, "/api/admin/shop-profile": { upiId: null } });
});

/** The payouts the form sent. */
const posted = async () => (await apiRequestsTo("/api/admin/payouts", "POST")).map((request) => request.body);

function renderOperator() {
  const client = screenQueryClient();
  client.setQueryData(["admin", "payments", "this-week"], week);
  client.setQueryData(["admin", "shop-profile"], { upiId: null });
  return renderScreen(<OperatorPaymentsSection />, { client });
}

describe("the operator's payouts", () => {
  it("shows per farmer what was collected online, refunded, the commission, payable, paid out and still owed", async () => {
    renderOperator();
    const table = await screen.findByRole("table", { name: "Paid online and paid out, farmer by farmer" });
    const ravi = within(table).getByRole("row", { name: /Ravi/ });
    expect(
      within(ravi)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["₹180.00", "₹8.00", "₹4.30", "₹167.70", "₹60.00", "₹107.70"]);
    // NOTE: the shop's own part has nobody to pay out.
    expect(within(table).queryByRole("row", { name: /Veggie Cart/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/admin/payments.csv?week=2026-11-16",
    );
  });

  it("records a payout, and shows the server's refusal of more than is owed beside the amount", async () => {
    const user = userEvent.setup();
    renderOperator();
    const form = await screen.findByRole("form", { name: "Record a payout" });
    expect(within(form).getByRole("combobox", { name: "Farmer" })).toHaveValue("f1");
    expect(within(form).getByText("The shop owes them ₹107.70")).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Record payout" }));
    expect(within(form).getByText("Enter the amount paid, in rupees")).toBeInTheDocument();
    expect(within(form).getByText("Give the bank reference of the transfer")).toBeInTheDocument();
    expect(await posted()).toEqual([]);

    api.use(
      http.post("/api/admin/payouts", () =>
        apiError(409, "payout_above_owed", "That is more than the shop owes this farmer: ₹107.70"),
      ),
    );
    await user.type(within(form).getByRole("textbox", { name: "Amount (₹)" }), "200");
    await user.type(within(form).getByRole("textbox", { name: "Bank reference" }), "UTR-77");
    await user.clear(within(form).getByLabelText("Date paid"));
    await user.type(within(form).getByLabelText("Date paid"), "2026-11-20");
    await user.click(within(form).getByRole("button", { name: "Record payout" }));
    const refusal = await within(form).findByRole("alert");
    expect(refusal).toHaveTextContent("That is more than the shop owes this farmer: ₹107.70");
    expect(within(form).getByRole("textbox", { name: "Amount (₹)" })).toHaveAttribute("aria-invalid", "true");
    expect(await posted()).toEqual([
      { farmerId: "f1", amount: 200, reference: "UTR-77", paidOn: "2026-11-20" },
    ]);

    api.use(http.post("/api/admin/payouts", () => HttpResponse.json(week, { status: 201 })));
    await user.clear(within(form).getByRole("textbox", { name: "Amount (₹)" }));
    await user.type(within(form).getByRole("textbox", { name: "Amount (₹)" }), "107.70");
    await user.click(within(form).getByRole("button", { name: "Record payout" }));
    expect(await screen.findByText("Payout recorded.")).toBeInTheDocument();
    expect((await posted()).at(-1)).toEqual({
      farmerId: "f1",
      amount: 107.7,
      reference: "UTR-77",
      paidOn: "2026-11-20",
    });
    expect(within(form).queryByRole("alert")).toBeNull();
  });
});

describe("the farmer's week", () => {
  const mine: FarmerReckoning = { week: "2026-11-16", ...figures, paidOut: 60, balance: 107.7, buyers: [] };

  it("shows what was paid out to them and what the shop still owes them", async () => {
    const client = screenQueryClient();
    client.setQueryData(["farmer", "profile"], { upiId: null, phone: null });
    client.setQueryData(["farmer", "payments", "this-week"], mine);
    serveJson({ "/api/farmer/payments": mine, "/api/farmer/profile": { upiId: null, phone: null } });
    renderScreen(<FarmerPaymentsSection />, { client });
    const list = await screen.findByLabelText("Paid online and paid out to you");
    expect(within(list).getByText("Paid out to you").nextElementSibling).toHaveTextContent("₹60.00");
    expect(within(list).getByText("Still to be paid to you").nextElementSibling).toHaveTextContent("₹107.70");
  });
});

describe("money to settle by hand", () => {
  it("says when there is none", async () => {
    renderOperator();
    const section = await screen.findByRole("region", { name: "Money to settle by hand" });
    expect(within(section).getByText("Nothing to settle by hand.")).toBeInTheDocument();
  });

  it("lists a refund the gateway failed and a payment not taken as paid, with their orders and payments", async () => {
    unsettled = {
      refunds: [
        {
          id: "r1",
          orderId: "abcdef12-0000-4000-8000-000000000000",
          partId: null,
          amount: 12.4,
          reason: "weighed_lower",
          gatewayPaymentId: "pay_R1",
          failedAt: "2026-11-18T06:30:00.000Z",
        },
      ],
      mismatched: [
        {
          id: "g1",
          orderId: "12345678-0000-4000-8000-000000000000",
          amount: 99,
          currency: "USD",
          gatewayPaymentId: "pay_G1",
          at: "2026-11-18T07:00:00.000Z",
        },
      ],
    };
    renderOperator();
    const section = await screen.findByRole("region", { name: "Money to settle by hand" });
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Refund of ₹12\.40 for order #ABCDEF12 failed on .+: the weighed bill was lower\. Payment pay_R1\.$/,
      ),
      expect.stringMatching(
        /^Payment of ₹99\.00 \(USD\) for order #12345678 on .+ was not taken as paid: its amount or currency differs from the order's\. Payment pay_G1\.$/,
      ),
    ]);
  });
});
