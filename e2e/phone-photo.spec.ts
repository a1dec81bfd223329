import { randomBytes } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, expectToast, signedInUser, test } from "./support.ts";

/**
 * A phone camera's photo: 4032 × 3024 of noise (which no encoder can shrink, so the file is well over the
 * server's 8 MB) stored on its side, with EXIF orientation 6 ("turn 90° clockwise to view").
 */
async function phonePhoto(): Promise<string> {
  const { default: sharp } = await import("sharp");
  const [width, height] = [4032, 3024];
  const file = join(mkdtempSync(join(tmpdir(), "veggie-cart-phone-")), "IMG_2041.jpg");
  await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .withMetadata({ orientation: 6 })
    .toFile(file);
  return file;
}

test.describe("a phone's photo", () => {
  test("a 12+ MB camera photo is resized in the browser, uploaded under the server's limit, upright, and the product is listed with it", async ({
    page,
  }) => {
    test.slow();
    const photo = await phonePhoto();
    const size = statSync(photo).size;
    expect(size).toBeGreaterThan(12 * 1024 * 1024);
    expect(size).toBeLessThan(25 * 1024 * 1024);

    await signedInUser(page, "Ravi Farmer");
    await page.goto("/addProduct");
    const name = `Phone photo okra ${Date.now().toString(36)}`;
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Price (Rs.)").fill("40");
    await page.getByLabel("Category", { exact: true }).selectOption("vegetables");
    await page.getByLabel("Description").fill("Photographed in the field with a phone.");
    await page.getByLabel("Product image").setInputFiles(photo);
    await expect(page.getByLabel("Product image")).not.toHaveAttribute("aria-invalid", "true");

    const upload = page.waitForRequest(
      (request) => request.url().endsWith("/api/products") && request.method() === "POST",
    );
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("progressbar")).toBeVisible();
    const sent = Number(await (await upload).headerValue("content-length"));
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    await expectToast(page, `Product "${name}" added successfully!`);
    await expect(page).toHaveURL(/\/shop$/);

    await page.getByLabel("Search products").fill(name);
    const picture = page.getByRole("article").filter({ hasText: name }).getByRole("img", { name });
    await expect(picture).toHaveJSProperty("complete", true);
    const { width, height } = await picture.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    // NOTE: stored upright: the camera's sideways 4032 × 3024 turned by its EXIF orientation.
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(width);
  });
});
