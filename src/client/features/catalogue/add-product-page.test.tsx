import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { api, apiError, apiRequestsTo, http } from "../../test/api.ts";
import { renderScreen } from "../../test/render.tsx";
import { AddProductPage } from "./add-product-page.tsx";

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "carrots.png", { type: "image/png" });

async function expectToast(text: string) {
  await waitFor(() => expect(screen.getAllByRole("alert").map((toast) => toast.textContent)).toContain(text));
}

async function fillAllBut(skip: string[]) {
  if (!skip.includes("name")) await userEvent.type(screen.getByLabelText("Product name"), "Carrots");
  if (!skip.includes("price")) await userEvent.type(screen.getByLabelText("Price (Rs.)"), "30");
  if (!skip.includes("category"))
    await userEvent.selectOptions(screen.getByLabelText("Category"), "vegetables");
  if (!skip.includes("description"))
    await userEvent.type(screen.getByLabelText("Description"), "Sweet, crunchy");
  if (!skip.includes("image")) await userEvent.upload(screen.getByLabelText("Product image"), png());
}

describe("add product page", () => {
  it("has the product's fields: price from 0 in steps of 0.01, an image file, the four categories", () => {
    renderScreen(<AddProductPage signedIn />);
    const price = screen.getByLabelText("Price (Rs.)");
    expect(price).toHaveAttribute("min", "0");
    expect(price).toHaveAttribute("step", "0.01");
    expect(screen.getByLabelText("Product image")).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/gif,image/avif",
    );
    const options = Array.from((screen.getByLabelText("Category") as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    expect(options).toEqual(["", "vegetables", "fruits", "dairy", "grains"]);
  });

  it("leads to the Farmer Portal, where the farmer's orders and stock are (issue 25, item 21)", () => {
    renderScreen(<AddProductPage signedIn />);
    expect(screen.getByRole("link", { name: "Farmer Portal" })).toHaveAttribute("href", "/farmer");
  });

  it("refuses a visitor who is not signed in", async () => {
    renderScreen(<AddProductPage signedIn={false} />);
    await fillAllBut([]);
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await expectToast("You must be logged in to add a product");
  });

  it("asks for every field and a photo when something is missing, marking the fields", async () => {
    renderScreen(<AddProductPage signedIn />);
    await fillAllBut(["image", "description"]);
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await expectToast("Please fill out all fields and upload an image.");
    expect(screen.getByLabelText("Description")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Product image")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Product name")).not.toHaveAttribute("aria-invalid");
  });

  it("says an empty form's message once, for the whole form, and puts focus on the first field", async () => {
    renderScreen(<AddProductPage signedIn />);
    const form = screen.getByRole("button", { name: "Add Product" }).closest("form") as HTMLFormElement;
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    const message = "Please fill out all fields and upload an image.";
    await waitFor(() => expect(screen.getByLabelText("Product name")).toHaveFocus());
    expect(within(form).getAllByText(message)).toHaveLength(1);
    for (const label of ["Product name", "Price (Rs.)", "Category", "Description", "Product image"]) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
  });

  it("treats a zero price as missing", async () => {
    renderScreen(<AddProductPage signedIn />);
    await fillAllBut(["price"]);
    await userEvent.type(screen.getByLabelText("Price (Rs.)"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await expectToast("Please fill out all fields and upload an image.");
    expect(screen.getByLabelText("Price (Rs.)")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows a preview of the chosen photo, and refuses a file that is not an accepted image", async () => {
    renderScreen(<AddProductPage signedIn />);
    await userEvent.upload(screen.getByLabelText("Product image"), png());
    expect(screen.getByRole("img", { name: "Your product as shoppers will see it" })).toBeInTheDocument();
    const svg = new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" });
    fireEvent.change(screen.getByLabelText("Product image"), { target: { files: [svg] } });
    expect(
      await screen.findByText("Please choose a JPEG, PNG, WebP, GIF or AVIF image."),
    ).toBeInTheDocument();
  });

  it("says what to fix when the server refuses the photo, not that adding failed (issue 25, item 17)", async () => {
    const message = "Please choose a JPEG, PNG, WebP, GIF or AVIF image.";
    // The browser took the file for a PNG; its bytes are not one, and the server says so.
    api.use(http.post("/api/products", () => apiError(400, "unsupported_image", message)));
    renderScreen(<AddProductPage signedIn />);
    await fillAllBut([]);
    await userEvent.click(screen.getByRole("button", { name: "Add Product" }));
    await expectToast(message);
    expect(screen.queryAllByRole("alert").map((toast) => toast.textContent)).not.toContain(
      "Error adding product. Please try again.",
    );
    expect(await apiRequestsTo("/api/products", "POST")).toHaveLength(1);
  });
});
