import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * A render entry standing in for the built one, with the real guards' answers to a signed-out visitor: a
 * product page sends them to /login with the path to return to (loginPathFor), /login is drawn.
 */
const FAKE_ENTRY = `
export function setApiTransport() {}
export async function render(request) {
  if (request.url.startsWith("/products/")) {
    return { kind: "redirect", location: "/login?next=" + encodeURIComponent(request.url).replace(/%2F/g, "/") };
  }
  return { kind: "page", language: "en", signedIn: false, html: "<main>Sign in</main>", state: "{}", modules: [] };
}
`;

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Veggie Cart</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

/** A built client in a folder of its own, with the server's render entry or without it. */
function builtClient(withEntry: boolean): { root: string; clientDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-preview-"));
  const clientDir = path.join(root, "client");
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  if (withEntry) {
    fs.mkdirSync(path.join(root, "ssr"));
    fs.writeFileSync(path.join(root, "ssr", "entry-server.js"), FAKE_ENTRY);
  }
  return { root, clientDir };
}

/** What a crawler (WhatsApp's, no script, no cookie) reads of a page's head: its title and meta tags. */
function headOf(html: string) {
  const meta = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta.set(match[1]!, match[2]!);
  }
  return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], meta };
}

const PUBLIC_URL = "https://shop.example.in";

describe("a shared product link previews as the product (issue 40 item 22)", () => {
  let t: TestApp;
  let root: string;
  let product: { id: string };
  let hidden: { id: string };
  let imageId: string;
  beforeAll(async () => {
    const client = builtClient(true);
    root = client.root;
    t = await createTestApp({ clientDir: client.clientDir, publicUrl: PUBLIC_URL });
    const farmer = await insertFarmer(t.db.kysely, "Asha's farm");
    imageId = randomUUID();
    await t.db.kysely
      .insertInto("images")
      .values({
        id: imageId,
        owner_id: farmer,
        content_type: "image/webp",
        width: 1200,
        height: 900,
        created_at: new Date().toISOString(),
      })
      .execute();
    product = await insertProduct(t.db.kysely, farmer, { name: "Tomatoes", pricePaise: 4000, unit: "kg" });
    await t.db.kysely
      .updateTable("products")
      .set({ image_id: imageId })
      .where("id", "=", product.id)
      .execute();
    hidden = await insertProduct(t.db.kysely, farmer, { name: "Secret okra", pricePaise: 3000 });
    await t.db.kysely
      .updateTable("products")
      .set({ hidden_at: new Date().toISOString(), hidden_reason: "Mislabelled" })
      .where("id", "=", hidden.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends a signed-out visitor of the product page to /login with the product to return to", async () => {
    const res = await t.app.inject({ method: "GET", url: `/products/${product.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?next=/products/${product.id}`);
  });

  it("draws that /login with the product's Open Graph preview, as a crawler without a cookie reads it", async () => {
    const res = await t.app.inject({ method: "GET", url: `/login?next=/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    const { title, meta } = headOf(res.body);
    expect(title).toBe("Tomatoes · Veggie Cart");
    expect(Object.fromEntries(meta)).toEqual({
      "og:type": "product",
      "og:site_name": "Veggie Cart",
      "og:title": "Tomatoes",
      "og:description": "₹40.00 / kg · Asha&#39;s farm",
      "og:url": `${PUBLIC_URL}/products/${product.id}`,
      "og:image": `${PUBLIC_URL}/api/images/${imageId}?w=640`,
      "og:image:alt": "Tomatoes",
      "twitter:card": "summary_large_image",
      "twitter:title": "Tomatoes",
      "twitter:description": "₹40.00 / kg · Asha&#39;s farm",
      "twitter:image": `${PUBLIC_URL}/api/images/${imageId}?w=640`,
    });
    // The page is still the sign-in page: one title, and the app's root.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain("<main>Sign in</main>");
  });

  it("gives the normal sign-in head for a hidden, unknown or malformed product and for any other next", async () => {
    for (const next of [
      `/products/${hidden.id}`,
      `/products/${randomUUID()}`,
      `/products/${product.id}/../../admin`,
      "/orders",
      `//evil.example/products/${product.id}`,
      `https://evil.example/products/${product.id}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/login?next=${encodeURIComponent(next)}` });
      expect(res.statusCode, next).toBe(200);
      const { title, meta } = headOf(res.body);
      expect(title, next).toBe("Veggie Cart");
      expect([...meta.keys()], next).toEqual([]);
    }
  });

  it("escapes a product's name in the head: no markup of a farmer's reaches the page", async () => {
    const farmer = await insertFarmer(t.db.kysely, "Ravi <b>\"&'");
    const sly = await insertProduct(t.db.kysely, farmer, {
      name: '</title><script>alert(1)</script>"><meta property="og:title" content="x" $&',
      pricePaise: 1250,
      unit: "bunch",
    });
    const res = await t.app.inject({ method: "GET", url: `/login?next=/products/${sly.id}` });
    expect(res.body).not.toContain("<script>alert(1)");
    const { title, meta } = headOf(res.body);
    expect(title).toBe(
      "&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62;&#60;meta property=&#34;og:title&#34; content=&#34;x&#34; $&#38; · Veggie Cart",
    );
    expect(meta.get("og:description")).toBe("₹12.50 / bunch · Ravi &#60;b&#62;&#34;&#38;&#39;");
    expect(res.body.match(/property="og:title"/g)).toHaveLength(1);
    expect(meta.get("twitter:card")).toBe("summary");
    expect(meta.has("og:image")).toBe(false);
  });
});

describe("a product link's preview when the browser draws the page (no render entry)", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    const client = builtClient(false);
    root = client.root;
    t = await createTestApp({ clientDir: client.clientDir, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("puts the preview in index.html for the product page and its /login", async () => {
    const farmer = await insertFarmer(t.db.kysely, "Kiran");
    const product = await insertProduct(t.db.kysely, farmer, {
      name: "Spinach",
      pricePaise: 2000,
      unit: "bunch",
    });
    for (const url of [`/products/${product.id}`, `/login?next=/products/${product.id}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      const { title, meta } = headOf(res.body);
      expect(title, url).toBe("Spinach · Veggie Cart");
      expect(meta.get("og:description"), url).toBe("₹20.00 / bunch · Kiran");
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const plain = await t.app.inject({ method: "GET", url: "/login" });
    expect(headOf(plain.body).title).toBe("Veggie Cart");
  });
});
