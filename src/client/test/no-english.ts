import { expect } from "vitest";

/**
 * Texts that are the same in every language: the shop's name, the payment system's, and "English" as the
 * language menu names it (each language in its own script).
 */
const SAME_IN_EVERY_LANGUAGE = ["Veggie Cart", "UPI", "English"];
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const LATIN = /[A-Za-z]/;
const ATTRIBUTES = ["aria-label", "alt", "title", "placeholder"];
/** The toasts' region the app's providers put beside every screen: its label is the shell's (checked there). */
const SHELL_LABELLED = ".Toastify";

/**
 * Fails when `root` shows English: a text node, or an `aria-label`, `alt`, `title` or `placeholder`, with a Latin
 * letter left once e-mail addresses, "Veggie Cart", "UPI" and the texts of `allow` (product data the test
 * seeded, people's names) are taken out. Lists every such text, with the element that holds it.
 */
export function expectNoEnglish(root: HTMLElement = document.body, allow: readonly string[] = []) {
  // NOTE: longest first, so that "Farm gate, Hadapsar" goes before "Farm gate".
  const allowed = [...SAME_IN_EVERY_LANGUAGE, ...allow].sort((a, b) => b.length - a.length);
  const english = (text: string) => {
    let rest = text.replace(EMAIL, "");
    for (const word of allowed) rest = rest.split(word).join("");
    return LATIN.test(rest);
  };
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode as Node | null; node; node = walker.nextNode()) {
    if (node instanceof Element) {
      if (node.tagName === "SCRIPT" || node.tagName === "STYLE" || node.matches(SHELL_LABELLED)) continue;
      for (const name of ATTRIBUTES) {
        const value = node.getAttribute(name);
        if (value && english(value)) found.push(`<${node.tagName.toLowerCase()} ${name}="${value}">`);
      }
    } else if (node.textContent && english(node.textContent)) {
      found.push(`${node.parentElement?.tagName.toLowerCase() ?? "#text"}: ${node.textContent.trim()}`);
    }
  }
  expect(found, "English left on the screen").toEqual([]);
}
