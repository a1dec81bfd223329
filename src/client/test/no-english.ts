import { expect } from "vitest";

/**
 * Texts that are the same in every language: the shop's name, the payment system's, and "English" as the
 * language menu names it (each language in its own script).
 */
const SAME_IN_EVERY_LANGUAGE = ["Veggie Cart", "UPI", "English"];
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)*/g;
const LATIN = /[A-Za-z]/;
const SPOKEN_ATTRIBUTES = ["aria-label", "alt", "title", "placeholder"];

/**
 * Fails when what a reader sees or hears under `root` (its text nodes, and the `aria-label`, `alt`, `title`
 * and `placeholder` attributes) holds Latin letters once `allowed` (product data the test seeded: names,
 * units, buyers, addresses, order numbers), e-mail addresses, "Veggie Cart", "UPI" and the language menu's
 * "English" are taken out (issue 24).
 */
export function expectNoEnglish(root: Element = document.body, allowed: readonly string[] = []) {
  // NOTE: longest first, so "Tomatoes (desi)" goes before "Tomatoes".
  const known = [...SAME_IN_EVERY_LANGUAGE, ...allowed].sort((a, b) => b.length - a.length);
  const english = (text: string) => {
    let rest = text.replace(EMAIL, " ");
    for (const word of known) rest = rest.replaceAll(word, " ");
    return LATIN.test(rest);
  };
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement?.tagName;
    if (parent === "SCRIPT" || parent === "STYLE") continue;
    const text = node.textContent ?? "";
    if (english(text)) found.push(text.trim());
  }
  for (const element of [root, ...root.querySelectorAll("*")]) {
    for (const name of SPOKEN_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && english(value)) found.push(`${name}="${value}"`);
    }
  }
  expect(found, "English left on the screen").toEqual([]);
}
