import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SlotPattern } from "../../../shared/schemas/slots.ts";
import { slotSetUpAnswers } from "../../test/answers.ts";
import { api, apiError, apiRequests, HttpResponse, http } from "../../test/api.ts";
import { renderScreen } from "../../test/render.tsx";
import { DeliveryPickupSection } from "./delivery-pickup-section.tsx";
import { farmGate, saturdayPickup } from "./slots.fixture.ts";

/**
 * The farmer's "Delivery and pickup" on a server that holds one pickup point and the weekly slots (changed by a
 * successful PATCH); `sent` reads what the section sent other than reads.
 */
function openSection() {
  let patterns = [saturdayPickup];
  api.use(
    http.get("/api/farmer/slot-patterns", () => HttpResponse.json({ items: patterns })),
    http.patch("/api/farmer/slot-patterns/:id", async ({ request, params }) => {
      if (params.id !== saturdayPickup.id) return undefined;
      const { pickupPointId, ...rest } = (await request.json()) as Partial<SlotPattern>;
      const changed = { ...saturdayPickup, ...rest, pickupPointId: pickupPointId ?? null };
      patterns = [changed];
      return HttpResponse.json({ slotPattern: changed });
    }),
    ...slotSetUpAnswers(),
  );
  renderScreen(<DeliveryPickupSection base="/api/farmer" packingListPath={(id) => `/packing/${id}`} />);
  const sent = async () =>
    (await apiRequests())
      .filter((request) => request.method !== "GET")
      .map(({ method, url, body }) => ({ method, path: url.pathname, body }));
  return { sent };
}

const weeklySlots = () => screen.getByRole("region", { name: "Weekly slots" });

describe("editing a weekly slot", () => {
  it("opens the slot's values in a dialog from the keyboard, saves every field, and returns focus to Edit", async () => {
    const { sent } = openSection();
    const edit = await within(await screen.findByRole("region", { name: "Weekly slots" })).findByRole(
      "button",
      { name: "Edit Saturday 8–10 am" },
    );
    edit.focus();
    await userEvent.keyboard("{Enter}");

    const dialog = await screen.findByRole("dialog", { name: "Edit Saturday 8–10 am" });
    const form = within(dialog).getByRole("form", { name: "Edit Saturday 8–10 am" });
    expect(within(form).getByLabelText("Kind")).toHaveFocus();
    expect(within(form).getByLabelText("Kind")).toHaveValue("pickup");
    expect(within(form).getByLabelText("Pickup point")).toHaveValue(farmGate.id);
    expect(within(form).getByLabelText("Day")).toHaveValue("6");
    expect(within(form).getByLabelText("Start")).toHaveValue("08:00");
    expect(within(form).getByLabelText("End")).toHaveValue("10:00");
    expect(within(form).getByLabelText("Capacity (orders)")).toHaveValue(5);
    expect(within(form).getByLabelText("Cut-off (hours before)")).toHaveValue(12);

    // A pickup becomes a Sunday delivery for 8 orders, all from the keyboard.
    await userEvent.selectOptions(within(form).getByLabelText("Kind"), "delivery");
    expect(within(form).queryByLabelText("Pickup point")).not.toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText("Day"), "Sunday");
    await userEvent.clear(within(form).getByLabelText("Capacity (orders)"));
    await userEvent.type(within(form).getByLabelText("Capacity (orders)"), "8{Enter}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await sent()).toEqual([
      {
        method: "PATCH",
        path: "/api/farmer/slot-patterns/pattern-1",
        body: {
          kind: "delivery",
          pickupPointId: null,
          weekday: 0,
          start: "08:00",
          end: "10:00",
          capacity: 8,
          cutoffHours: 12,
        },
      },
    ]);
    expect(
      await within(weeklySlots()).findByText(
        "Sunday 8–10 am · Delivery · 8 orders · ordering closes 12 h before",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(weeklySlots()).getByRole("button", { name: "Edit Sunday 8–10 am" })).toHaveFocus(),
    );
  });

  it("checks an edit as the add form checks a new slot: the same message beside each field, nothing sent", async () => {
    const { sent } = openSection();
    const region = await screen.findByRole("region", { name: "Weekly slots" });
    const fillBadly = async (form: HTMLElement) => {
      await userEvent.clear(within(form).getByLabelText("End"));
      await userEvent.type(within(form).getByLabelText("End"), "07:00");
      await userEvent.clear(within(form).getByLabelText("Capacity (orders)"));
      await userEvent.type(within(form).getByLabelText("Capacity (orders)"), "0");
      await userEvent.clear(within(form).getByLabelText("Cut-off (hours before)"));
      await userEvent.type(within(form).getByLabelText("Cut-off (hours before)"), "200");
    };

    const add = within(region).getByRole("form", { name: "Add a weekly slot" });
    await fillBadly(add);
    await userEvent.click(within(add).getByRole("button", { name: "Add weekly slot" }));

    await userEvent.click(await within(region).findByRole("button", { name: "Edit Saturday 8–10 am" }));
    const form = within(await screen.findByRole("dialog")).getByRole("form");
    await fillBadly(form);
    await userEvent.click(within(form).getByRole("button", { name: "Save weekly slot" }));

    for (const each of [add, form]) {
      expect(within(each).getByLabelText("End")).toHaveAccessibleDescription(
        "The end must be after the start",
      );
      expect(within(each).getByLabelText("Capacity (orders)")).toHaveAccessibleDescription(
        "Capacity must be a whole number from 1 to 1000",
      );
      expect(within(each).getByLabelText("Cut-off (hours before)")).toHaveAccessibleDescription(
        "The cut-off must be a whole number of hours from 0 to 168",
      );
    }
    expect(await sent()).toEqual([]);
  });

  it("shows the server's refusal beside its field and keeps the dialog open", async () => {
    const retired = "This pickup point is retired; choose another";
    openSection();
    api.use(
      http.patch("/api/farmer/slot-patterns/:id", () =>
        apiError(400, "validation_failed", retired, { pickupPointId: retired }),
      ),
    );
    await userEvent.click(
      await within(await screen.findByRole("region", { name: "Weekly slots" })).findByRole("button", {
        name: "Edit Saturday 8–10 am",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Saturday 8–10 am" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save weekly slot" }));
    expect(await within(dialog).findByLabelText("Pickup point")).toHaveAccessibleDescription(retired);
    expect(within(dialog).getByRole("alert")).toHaveTextContent(retired);
  });

  it("closes with Escape or Cancel without sending anything", async () => {
    const { sent } = openSection();
    const edit = await within(await screen.findByRole("region", { name: "Weekly slots" })).findByRole(
      "button",
      { name: "Edit Saturday 8–10 am" },
    );
    await userEvent.click(edit);
    await userEvent.clear(within(await screen.findByRole("dialog")).getByLabelText("Capacity (orders)"));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await userEvent.click(edit);
    const dialog = await screen.findByRole("dialog");
    // Opened again, it shows the slot as it is, not the abandoned change.
    expect(within(dialog).getByLabelText("Capacity (orders)")).toHaveValue(5);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await sent()).toEqual([]);
  });
});
