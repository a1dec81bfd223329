import { expect } from "vitest";

/**
 * Texts that stay as they are in every language (issue 24's allow-list): the shop's name, UPI, e-mail addresses
 * and the name of the language menu's English option, written in its own script.
 */
const SAME_IN_EVERY_LANGUAGE: readonly (string | RegExp)[] = [
  "Veggie Cart",
  "UPI",
  "English",
  // NOTE: a UPI ID (name@bank) is an address too, with no dot in its domain.
  /[\w.+-]+@[\w-]+(\.[\w-]+)*/,
];
const CHECKED_ATTRIBUTES = ["alt", "aria-label", "aria-roledescription", "title", "placeholder"];
const LATIN = /[A-Za-z]/;

interface NoEnglishOptions {
  /** Texts shown as their people wrote them (product names, buyer names) or kept as codes ("kg"). */
  allow?: readonly (string | RegExp)[];
  /** Parts of the page another screen's code draws, checked by that screen's own tests. */
  except?: readonly Element[];
}

const withoutAllowed = (text: string, allowed: readonly (string | RegExp)[]) =>
  allowed.reduce<string>(
    (rest, allow) =>
      typeof allow === "string"
        ? rest.split(allow).join(" ")
        : rest.replace(
            new RegExp(allow.source, allow.flags.includes("g") ? allow.flags : `${allow.flags}g`),
            " ",
          ),
    text,
  );

/** Every text node and named attribute under `root` that still holds Latin letters, as "where: text". */
export function englishIn(root: Element, { allow = [], except = [] }: NoEnglishOptions = {}): string[] {
  const allowed = [...SAME_IN_EVERY_LANGUAGE, ...allow];
  const skipped = (node: Node) => except.some((element) => element.contains(node));
  const found: string[] = [];
  const check = (text: string, where: string) => {
    if (LATIN.test(withoutAllowed(text, allowed))) found.push(`${where}: ${text.trim()}`);
  };
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || skipped(node) || ["SCRIPT", "STYLE"].includes(parent.tagName)) continue;
    check(node.textContent ?? "", `<${parent.tagName.toLowerCase()}>`);
  }
  for (const element of [root, ...root.querySelectorAll("*")]) {
    if (skipped(element)) continue;
    for (const name of CHECKED_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) check(value, `${name} of <${element.tagName.toLowerCase()}>`);
    }
  }
  return found;
}

/** Fails with every English text left under `root` (issue 24: nothing falls back to English by accident). */
export function expectNoEnglish(root: Element, options?: NoEnglishOptions): void {
  expect(englishIn(root, options)).toEqual([]);
}
