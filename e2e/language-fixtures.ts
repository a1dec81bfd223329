import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Texts that are never translated: the shop's name, the payment network's, the messaging services' (WhatsApp,
 * SMS), e-mail and UPI addresses, web addresses, order numbers (#9178040B), the names of picture formats and sizes (JPEG, 25 MB), and of the
 * browsers and systems a signed-in device is named by ("Linux पर Chrome").
 */
const NEVER_TRANSLATED = [
  /Veggie Cart/g,
  /\bUPI\b/g,
  /\b(WhatsApp|SMS)\b/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)*/g,
  /https?:\/\/\S*/g,
  /#[0-9A-F]{8}\b/g,
  /\b(JPEG|PNG|WebP|GIF|AVIF|KB|MB)\b/g,
  /\b(Chrome|Chromium|Firefox|Safari|Edge|Opera|Samsung Internet|Android|iOS|Linux|Windows|macOS)\b/g,
];

/**
 * What a reader of `page` sees in Latin letters that is not data people wrote: visible text, text for screen
 * readers, and the `aria-label`, `alt`, `title` and `placeholder` texts, and the page's title. `allowed` are the
 * texts people wrote (product names and descriptions, names, addresses), taken out first; so is anything inside
 * `translate="no"`. Answers each offending text with where it is.
 */
export function englishOn(page: Page, allowed: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ allowed, never }) => {
      const patterns = never.map((source) => new RegExp(source, "g"));
      // NOTE: the longest first, so a name that contains another is taken out whole.
      const data = [...allowed].filter(Boolean).sort((a, b) => b.length - a.length);
      const found = new Set<string>();
      const check = (text: string, where: string) => {
        let rest = text;
        for (const item of data) rest = rest.split(item).join(" ");
        for (const pattern of patterns) rest = rest.replace(pattern, " ");
        if (/[A-Za-z]/.test(rest)) found.add(`${where}: "${text.trim().slice(0, 100)}"`);
      };
      const skipped = (element: Element) =>
        element.closest("script, style, noscript, template, [translate='no']") !== null ||
        !element.checkVisibility({ visibilityProperty: true });
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        const text = node.textContent ?? "";
        if (!element || text.trim() === "" || skipped(element)) continue;
        check(text, `<${element.tagName.toLowerCase()}>`);
      }
      for (const element of document.body.querySelectorAll("[aria-label], [alt], [title], [placeholder]")) {
        if (element.closest("[translate='no']")) continue;
        for (const attribute of ["aria-label", "alt", "title", "placeholder"]) {
          const value = element.getAttribute(attribute);
          if (value) check(value, `${attribute} of <${element.tagName.toLowerCase()}>`);
        }
      }
      check(document.title, "<title>");
      return [...found];
    },
    { allowed: [...allowed], never: NEVER_TRANSLATED.map((pattern) => pattern.source) },
  );
}

/** Every product's name, description and farmer the catalogue lists (the demo's are English). */
export async function catalogueTexts(request: APIRequestContext): Promise<string[]> {
  const texts: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page += 1) {
    const response = await request.get(`/api/products?limit=48${cursor ? `&cursor=${cursor}` : ""}`);
    const body = (await response.json()) as {
      items: { name: string; description: string; farmerName?: string; unit?: string }[];
      nextCursor?: string | null;
    };
    for (const item of body.items) texts.push(item.name, item.description, item.farmerName ?? "");
    if (!body.nextCursor) break;
    cursor = encodeURIComponent(body.nextCursor);
  }
  const body = (await (await request.get("/api/deal")).json()) as {
    deal?: { name: string; description: string };
    name?: string;
    description?: string;
  };
  const deal = body.deal ?? body;
  texts.push(deal.name ?? "", deal.description ?? "");
  return texts;
}

/** Each language's client messages, from every catalogue (English message → translation). */
const cataloguesOf = new Map<string, Map<string, string>>();

/** The client's words for `english` in `language`, as the catalogues give them (a journey clicks by them). */
export function say(language: "hi" | "mr", english: string): string {
  let messages = cataloguesOf.get(language);
  if (!messages) {
    messages = new Map();
    // Every catalogue: the shared one and the client's, however deep (features/auth/locales/account, …).
    const files = [
      path.join("src/shared/locales", `${language}.po`),
      ...fs
        .readdirSync("src/client", { recursive: true, encoding: "utf8" })
        .filter((file) => file.includes("locales/") && path.basename(file) === `${language}.po`)
        .map((file) => path.join("src/client", file)),
    ];
    for (const file of files.filter((f) => fs.existsSync(f))) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, id, str] of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
        messages.set(JSON.parse(`"${id}"`), JSON.parse(`"${str}"`));
      }
    }
    cataloguesOf.set(language, messages);
  }
  const said = messages.get(english);
  if (!said) throw new Error(`no ${language} translation of "${english}" in the catalogues`);
  return said;
}
