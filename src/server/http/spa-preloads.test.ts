import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * A render entry standing in for the built one: it draws the dashboard's screens in the language asked, or the
 * sign-in screen (in the entry, no lazy screen) for /login, and names their modules and their texts'
 * catalogues as the built one does (src/client/entry-server.tsx, decision 070).
 */
const FAKE_ENTRY = `
export function setApiTransport() {}
export async function render(request) {
  const hindi = request.url.includes("hi");
  const screens = request.url.startsWith("/login")
    ? []
    : ["app/layout.tsx", "app/dashboard-route.tsx", \`features/catalogue/locales/\${hindi ? "hi" : "en"}.po\`];
  return {
    kind: "page",
    language: hindi ? "hi" : "en",
    signedIn: !request.url.startsWith("/login"),
    html: "<main>Fresh products</main>",
    state: "{}",
    modules: hindi ? [...screens, "../shared/locales/hi.po"] : screens,
  };
}
`;

/** A build's manifest (`vite build --manifest`), cut down to what a page's preloads come from. */
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_api-client.js"] },
  "_api-client.js": { file: "assets/api-client-1.js" },
  "_schemas.js": { file: "assets/schemas-1.js", imports: ["_api-client.js"] },
  "app/layout.tsx": { file: "assets/layout-1.js", isDynamicEntry: true, imports: ["_schemas.js"] },
  "app/dashboard-route.tsx": {
    file: "assets/dashboard-route-1.js",
    isDynamicEntry: true,
    imports: ["_schemas.js", "index.html"],
  },
  "app/catalogue-routes.tsx": { file: "assets/catalogue-routes-1.js", isDynamicEntry: true },
  "features/catalogue/locales/en.po": { file: "assets/en-catalogue.js", isDynamicEntry: true },
  "features/catalogue/locales/hi.po": { file: "assets/hi-catalogue.js", isDynamicEntry: true },
  "../shared/locales/hi.po": { file: "assets/hi-shared.js", isDynamicEntry: true },
};

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-preloads-"));
  const clientDir = path.join(root, "client");
  fs.mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, "index.html"),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Veggie Cart</title>' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  fs.writeFileSync(
    path.join(clientDir, ".vite", "boot-manifest.json"),
    JSON.stringify({ "boot.ts": { file: "assets/boot-1.js", isEntry: true } }),
  );
  fs.mkdirSync(path.join(root, "ssr"));
  fs.writeFileSync(path.join(root, "ssr", "entry-server.js"), FAKE_ENTRY);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The chunks the page names, which the boot script preloads once the page is painted. */
const preloaded = (html: string): string[] =>
  (
    JSON.parse(
      /<script type="application\/json" id="ssr-scripts">([^<]*)<\/script>/.exec(html)?.[1] ?? "[]",
    ) as string[]
  ).map((chunk) => chunk.slice(1));

describe("a server-drawn page names its screens' chunks for the browser to fetch beside the entry", () => {
  it("preloads the screens' chunks and their imports, not the ones index.html loads", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(res.statusCode).toBe(200);
    expect(preloaded(res.body).sort()).toEqual(
      [
        "assets/dashboard-route-1.js",
        "assets/en-catalogue.js",
        "assets/layout-1.js",
        "assets/schemas-1.js",
      ].sort(),
    );
  });

  it("keeps the chunks out of the head, so that nothing the paint waits for shares the link with them", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(res.body).not.toContain('<link rel="modulepreload"');
  });

  it("preloads the catalogues the render entry names, in the language the page is drawn in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard?hi" });
    expect(preloaded(res.body)).toEqual(
      expect.arrayContaining(["assets/hi-catalogue.js", "assets/hi-shared.js"]),
    );
    expect(preloaded(res.body)).not.toContain("assets/en-catalogue.js");
  });

  it("preloads no catalogue for an English page without lazy screens: /login needs only the entry's texts", async () => {
    const english = await t.app.inject({ method: "GET", url: "/login" });
    expect(english.statusCode).toBe(200);
    expect(preloaded(english.body)).toEqual([]);
    const hindi = await t.app.inject({ method: "GET", url: "/login?hi" });
    expect(preloaded(hindi.body)).toEqual(["assets/hi-shared.js"]);
  });

  it("asks for the boot entry in the head, before the app's entry and without waiting for it (decision 056)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard" });
    const boot = res.body.indexOf('<script src="/assets/boot-1.js" async></script>');
    expect(boot).toBeGreaterThan(0);
    expect(boot).toBeLessThan(res.body.indexOf("/assets/index-1.js"));
    expect(boot).toBeLessThan(res.body.indexOf("</head>"));
  });

  it("leaves the boot entry out of a signed-out page, which has nothing it answers (decision 070)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-ssr="signed-out"');
    expect(res.body).not.toContain("/assets/boot-1.js");
  });
});
