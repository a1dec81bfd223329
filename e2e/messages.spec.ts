import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  headerMenuLink,
  newCredentials,
  signedInUser,
  signUpViaApi,
  test,
} from "./support.ts";

const contactSent = "Your message has been sent! A farmer will contact you soon.";
const faqSent = "Your message has been sent to the site creator!";

/** Gives a farmer a product through the products API, so the contact form offers that farmer. */
async function listProductAs(request: APIRequestContext, name: string): Promise<void> {
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 34, g: 139, b: 34 } },
  })
    .png()
    .toBuffer();
  const response = await request.post("/api/products", {
    headers: { "x-veggie-cart": "1" },
    multipart: {
      name,
      price: "45.50",
      description: "Picked this morning",
      category: "vegetables",
      image: { name: "greens.png", mimeType: "image/png", buffer: image },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function fillContactForm(page: Page, phone = "+91 98765 43210") {
  await page.getByLabel("Name *", { exact: true }).fill("Meera Shopper");
  await page.getByLabel("Email *", { exact: true }).fill("meera@example.com");
  await page.getByLabel("Phone *", { exact: true }).fill(phone);
}

test.describe("contact form", () => {
  test("a shopper writes to a farmer, who reads it under Messages", async ({ page, browser }) => {
    const farmerCredentials = newCredentials("Kiran Greens");
    await signUpViaApi(page.request, farmerCredentials);
    const farmerContext = await browser.newContext();
    const farmerPage = await farmerContext.newPage();
    const login = await farmerPage.request.post("/api/auth/login", {
      data: { email: farmerCredentials.email, password: farmerCredentials.password },
      headers: { "x-veggie-cart": "1" },
    });
    expect(login.status()).toBe(200);
    const farmerId = ((await login.json()) as { user: { id: string } }).user.id;
    await listProductAs(farmerPage.request, "Spinach bunch");

    await signedInUser(page, "Meera Shopper");
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact a Farmer" })).toBeVisible();
    await fillContactForm(page);
    const farmerSelect = page.getByLabel("Farmer", { exact: true });
    await expect(farmerSelect.locator(`option[value="${farmerId}"]`)).toHaveText("Kiran Greens");
    await farmerSelect.selectOption(farmerId);
    await page.getByLabel("Delivery preference", { exact: true }).selectOption("pickup");
    await page.getByLabel("Preferred time to be contacted", { exact: true }).selectOption("evening");
    await page.getByLabel("Message", { exact: true }).fill("Is the spinach organic?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expectToast(page, contactSent);
    await expect(page.getByLabel("Name *", { exact: true })).toHaveValue("");

    await farmerPage.goto("/dashboard");
    await (await headerMenuLink(farmerPage, "Messages")).click();
    await expect(farmerPage).toHaveURL(/\/messages$/);
    const card = farmerPage.getByRole("article", { name: "Meera Shopper" });
    await expect(card).toContainText("Is the spinach organic?");
    await expect(card).toContainText("Pickup at the farm");
    await expect(card).toContainText("+91 98765 43210");
    await expectNoA11yViolations(farmerPage, "/messages with a message");
    await farmerContext.close();

    await page.goto("/messages");
    await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  });

  test("sending shows the product's toast and resets the form to its topic", async ({ page }) => {
    await signedInUser(page, "Meera Shopper");
    const farmers = (await (await page.request.get("/api/farmers")).json()) as {
      farmers: { id: string; name: string }[];
    };
    await page.goto("/contact?type=shipping");
    await expect(page.getByRole("heading", { level: 1, name: "Shipping Enquiry" })).toBeVisible();
    const prefill = "Hello, I have a question about the shipping of my order.";
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(prefill);

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expect(page.getByLabel("Name *", { exact: true })).toBeFocused();

    await fillContactForm(page, "call me");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(
      page.getByText("Please enter a valid phone number (7 to 20 digits, spaces, +, - or brackets)"),
    ).toBeVisible();
    await page.getByLabel("Phone *", { exact: true }).fill("98765 43210");
    const farmer = farmers.farmers[0];
    if (farmer) await page.getByLabel("Farmer", { exact: true }).selectOption(farmer.id);
    await page.getByLabel("Delivery preference", { exact: true }).selectOption("express");
    await page.getByLabel("Message", { exact: true }).fill(`${prefill} When will it arrive?`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expectToast(page, contactSent);
    await expect(page.getByLabel("Name *", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Phone *", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Farmer", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Delivery preference", { exact: true })).toHaveValue("standard");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(prefill);
  });

  test("the type parameter picks the title and message; other values are ignored", async ({ page }) => {
    await signedInUser(page);
    for (const [query, title, message] of [
      ["?type=shipping", "Shipping Enquiry", "Hello, I have a question about the shipping of my order."],
      ["?type=returns", "Returns and Refunds", "Hello, I would like to return an item from my order."],
      ["?type=refunds", "Contact a Farmer", ""],
      ["", "Contact a Farmer", ""],
    ] as const) {
      await page.goto(`/contact${query}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
    }
  });
});

test.describe("FAQ", () => {
  test("a shopper reads an answer and writes to the site creator", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    const answer = page.getByText("Yes, within 7 days of delivery.", { exact: false });
    await expect(answer).toBeHidden();
    await page.getByText("Can I return something?").focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();

    await page.getByRole("button", { name: "Send to the site creator" }).click();
    for (const text of [
      "Please enter your name",
      "Please enter your email address",
      "Please enter a subject",
      "Please enter your message",
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await page.getByLabel("Name", { exact: true }).fill("Meera Shopper");
    await page.getByLabel("Email", { exact: true }).fill("meera@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("Millets");
    await page.getByLabel("Message", { exact: true }).fill("Could you add foxtail millet?");
    await page.getByRole("button", { name: "Send to the site creator" }).click();
    await expectToast(page, faqSent);
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
  });
});

test.describe("terms, privacy and accessibility", () => {
  test("/terms and /privacy land on their own sections", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 2, name: "Terms of Service" })).toBeFocused();
    await expect(page.getByRole("main")).toContainText("at least 18 years old");
    await expect(page.getByRole("main")).toContainText("processed and delivered within 24 hours");
    await expect(page.getByRole("main")).toContainText("within 7 days of delivery");
    await page.goto("/privacy");
    const privacy = page.getByRole("heading", { level: 2, name: "Privacy Policy" });
    await expect(privacy).toBeFocused();
    await expect(privacy).toBeInViewport();
  });
});
