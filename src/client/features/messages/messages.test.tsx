import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Farmer } from "../../../shared/schemas/messages.ts";
import { dashboardAnswers } from "../../test/answers.ts";
import { api, apiRequestsTo, shellAnswers } from "../../test/api.ts";
import { loadScreens, openHeaderMenu, renderAt } from "../../test/render.tsx";
import { meeraMessage } from "./messages.fixture.ts";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/contact", "/faq", "/terms", "/privacy", "/dashboard", "/messages"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };
const farmers: Farmer[] = [
  { id: "f1", name: "Bala Dairy" },
  { id: "f2", name: "Zoya Orchards" },
];
const withFarmers: [readonly unknown[], unknown][] = [[["farmers"], farmers]];

// NOTE: the screens' own data is seeded; the signed-in header asks its count.
beforeEach(() => api.use(...shellAnswers));

/** Requests to the messages API: the forms must not make any while their input is invalid. */
const messageCalls = () => apiRequestsTo("/api/messages");

describe("contact page", () => {
  it("without a type shows the plain title and an empty message", async () => {
    renderAt("/contact", asha, withFarmers);
    expect(await screen.findByRole("heading", { level: 1, name: "Contact a Farmer" })).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("?type=shipping changes the title and prefills the message", async () => {
    renderAt("/contact?type=shipping", asha, withFarmers);
    expect(await screen.findByRole("heading", { level: 1, name: "Shipping Enquiry" })).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveValue(
      "Hello, I have a question about the shipping of my order.",
    );
  });

  it("?type=returns changes the title and prefills the message", async () => {
    renderAt("/contact?type=returns", asha, withFarmers);
    expect(await screen.findByRole("heading", { level: 1, name: "Returns and Refunds" })).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveValue(
      "Hello, I would like to return an item from my order.",
    );
  });

  it("says a farmer's slot may decide when an order arrives (issue 40 item 19)", async () => {
    renderAt("/contact?type=shipping", asha, withFarmers);
    const main = await screen.findByRole("main");
    await screen.findByRole("heading", { level: 1, name: "Shipping Enquiry" });
    expect(main).toHaveTextContent(
      "Orders are delivered within 24 hours, or in the delivery or pickup slot you choose.",
    );
    expect(main).toHaveTextContent(
      "Orders are processed and delivered within 24 hours of being placed, or in the delivery or pickup slot you choose at checkout.",
    );
  });

  it("ignores any other type", async () => {
    renderAt("/contact?type=<script>", asha, withFarmers);
    expect(await screen.findByRole("heading", { level: 1, name: "Contact a Farmer" })).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("offers the farmers who have products by name, and the product's fields with standard delivery first", async () => {
    renderAt("/contact", asha, withFarmers);
    const farmer = await screen.findByLabelText("Farmer");
    const options = within(farmer).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["No preference", "Bala Dairy", "Zoya Orchards"]);
    expect(options[2]).toHaveValue("f2");
    expect(screen.getByLabelText("Delivery preference")).toHaveValue("standard");
    expect(within(screen.getByLabelText("Delivery preference")).getAllByRole("option")).toHaveLength(3);
    expect(screen.getByLabelText("Preferred time to be contacted")).toHaveValue("any");
    expect(screen.getByLabelText("Email *")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Phone *")).toBeRequired();
    expect(screen.getByLabelText("Message")).not.toBeRequired();
  });

  it("needs name, email and phone before anything is sent, and focuses the first missing field", async () => {
    renderAt("/contact", asha, withFarmers);
    await userEvent.click(await screen.findByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Please enter your name")).toBeInTheDocument();
    expect(screen.getByText("Please enter your email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter your phone number")).toBeInTheDocument();
    expect(screen.getByLabelText("Name *")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Name *")).toHaveFocus());
    expect(await messageCalls()).toHaveLength(0);
  });

  it("refuses a bad e-mail and a bad phone number with their messages", async () => {
    renderAt("/contact", asha, withFarmers);
    await userEvent.type(await screen.findByLabelText("Name *"), "Meera");
    await userEvent.type(screen.getByLabelText("Email *"), "meera@");
    await userEvent.type(screen.getByLabelText("Phone *"), "call me");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(
      screen.getByText("Please enter a valid phone number (7 to 20 digits, spaces, +, - or brackets)"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Please enter your name")).not.toBeInTheDocument();
    expect(await messageCalls()).toHaveLength(0);
  });
});

describe("FAQ page", () => {
  it("shows the questions by topic in native disclosures", async () => {
    renderAt("/faq", asha);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeInTheDocument();
    for (const topic of ["Shipping", "Returns", "Freshness", "Payments", "Farmers' listings"]) {
      expect(screen.getByRole("heading", { level: 2, name: topic })).toBeInTheDocument();
    }
    const question = screen.getByText("Can I return something?");
    const details = question.closest("details");
    expect(details).not.toHaveAttribute("open");
    expect(details).toHaveTextContent("within 7 days of delivery");
    await userEvent.click(question);
    await waitFor(() => expect(details).toHaveAttribute("open"));
  });

  it("promises 24 hours only with the slot that may say otherwise (issue 40 item 19)", async () => {
    renderAt("/faq", asha);
    const fast = (await screen.findByText("How fast will my order arrive?")).closest("details")!;
    expect(fast).toHaveTextContent(
      "within 24 hours of being placed, unless its farmer offers delivery and pickup slots",
    );
    const fresh = screen.getByText("How fresh is the produce?").closest("details")!;
    expect(fresh).toHaveTextContent("within 24 hours or in the slot you choose");
  });

  it("needs all four fields of the message to the site creator before anything is sent", async () => {
    renderAt("/faq", asha);
    await userEvent.type(await screen.findByLabelText("Name"), "Meera");
    await userEvent.click(screen.getByRole("button", { name: "Send to the site creator" }));
    expect(await screen.findByText("Please enter your email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a subject")).toBeInTheDocument();
    expect(screen.getByText("Please enter your message")).toBeInTheDocument();
    expect(screen.queryByText("Please enter your name")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
    expect(await messageCalls()).toHaveLength(0);
  });
});

describe("terms and privacy", () => {
  it("/terms lands on the terms section and states the shop's figures", async () => {
    renderAt("/terms", asha);
    const heading = await screen.findByRole("heading", { level: 2, name: "Terms of Service" });
    await waitFor(() => expect(heading).toHaveFocus());
    const page = screen.getByRole("main");
    expect(page).toHaveTextContent("at least 18 years old");
    expect(page).toHaveTextContent("processed and delivered within 24 hours");
    expect(page).toHaveTextContent("within 7 days of delivery");
  });

  it("/privacy shows the same page and lands on the privacy section", async () => {
    renderAt("/privacy", asha);
    const heading = await screen.findByRole("heading", { level: 2, name: "Privacy Policy" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("heading", { level: 1, name: "Terms and Privacy" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Terms of Service" })).toBeInTheDocument();
  });

  it("moves to the other section when its link is followed", async () => {
    renderAt("/terms", asha);
    await userEvent.click(await screen.findByRole("link", { name: "Privacy Policy" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 2, name: "Privacy Policy" })).toHaveFocus(),
    );
  });
});

describe("messages page", () => {
  const message = meeraMessage;

  it("is reachable from the header's menu, after My orders", async () => {
    api.use(...dashboardAnswers());
    renderAt("/dashboard", asha);
    const nav = await openHeaderMenu();
    const button = within(nav).getByRole("button", { name: "Signed in as Asha" });
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
    const names = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual(["Farmer Portal", "My orders", "Messages", "Account"]);
  });

  it("shows each message with the sender's details and choices", async () => {
    renderAt("/messages", asha, [[["messages", "inbox"], [message]]]);
    const card = await screen.findByRole("article", { name: "Meera Shopper" });
    expect(card).toHaveTextContent("Do you have alphonso mangoes?");
    expect(within(card).getByRole("link", { name: "meera@example.com" })).toHaveAttribute(
      "href",
      "mailto:meera@example.com",
    );
    expect(within(card).getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute(
      "href",
      "tel:+919876543210",
    );
    expect(card).toHaveTextContent("Pickup at the farm");
    expect(card).toHaveTextContent("Evening (4 pm to 8 pm)");
  });

  it("says so when there are no messages", async () => {
    renderAt("/messages", asha, [[["messages", "inbox"], []]]);
    expect(await screen.findByRole("heading", { name: "No messages yet" })).toBeInTheDocument();
  });
});
