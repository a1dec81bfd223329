import { expect, expectNoA11yViolations, LOOK, signedInUser, test } from "./support.ts";

/** The product's own header links (product rules §2), in their order, and where each goes. */
const productLinks = [
  ["Home", "/dashboard"],
  ["Shop", "/shop"],
  ["AddProducts", "/addProduct"],
  ["Contact", "/contact"],
  ["Cart", "/cart"],
] as const;
const menuLinks = ["Farmer Portal", "My orders", "Messages", "Account"];

test.describe("the header at 1280 px", { tag: LOOK }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("keeps the product's links in view, one row, and puts the rest in a menu named after who is signed in", async ({
    page,
  }) => {
    await signedInUser(page, "Header Tester");
    const nav = page.getByRole("navigation", { name: "Main" });
    const row = [];
    for (const [name, to] of productLinks) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", to);
      row.push(link);
    }
    const logout = nav.getByRole("button", { name: "Logout" });
    const menuButton = nav.getByRole("button", { name: "Signed in as Header Tester" });
    row.push(logout, menuButton);
    await expect(menuButton).toHaveText(/Header Tester/);
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    for (const name of menuLinks) await expect(nav.getByRole("link", { name })).toHaveCount(0);
    const centres = [];
    for (const item of row) {
      const box = (await item.boundingBox())!;
      centres.push(box.y + box.height / 2);
    }
    expect(Math.max(...centres) - Math.min(...centres), "one row").toBeLessThan(4);

    // Keyboard: Enter, Space and ArrowDown open it on its first link; arrows move; Escape gives focus back.
    const first = nav.getByRole("link", { name: "Farmer Portal" });
    for (const key of ["Enter", "Space", "ArrowDown"]) {
      await menuButton.focus();
      await page.keyboard.press(key);
      await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      await expect(first).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(nav.getByRole("link", { name: "My orders" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(menuButton).toBeFocused();
      await expect(first).toHaveCount(0);
    }
    // Tab walks the menu's links in order, then leaves it for Logout, closing it.
    await page.keyboard.press("Enter");
    for (const name of menuLinks) {
      await expect(nav.getByRole("link", { name })).toBeFocused();
      await page.keyboard.press("Tab");
    }
    await expect(logout).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    // Open, it passes axe; a click outside closes it; following a link closes it on the new page.
    await menuButton.click();
    await expect(first).toBeVisible();
    await expectNoA11yViolations(page, "/dashboard with the header's menu open");
    await page.getByRole("heading", { name: "Deal of the Day" }).click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await nav.getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "My orders" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  });
});
