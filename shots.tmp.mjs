import { chromium } from "playwright-core";
const [,, base, outDir, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const email = `shots${Date.now()}@example.com`;
await page.request.post(base + "/api/auth/signup", { data: { name: "Shot Taker", email, password: "password123" }, headers: { "x-veggie-cart": "1" } });
await page.request.post(base + "/api/auth/login", { data: { email, password: "password123" }, headers: { "x-veggie-cart": "1" } });
for (const p of paths) {
  await page.goto(base + p, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const name = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root";
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
}
await browser.close();
