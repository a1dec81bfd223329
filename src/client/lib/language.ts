import { isLanguage, type Language, pickLanguage } from "../../shared/i18n/languages.ts";
import { activateLanguage, currentLanguage } from "./i18n.ts";

/** Where a signed-out browser keeps its choice (a plain `en`, `hi` or `mr`). */
export const LANGUAGE_STORAGE_KEY = "language";

export function storedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // NOTE: storage can be full or disabled (private mode); the choice lasts for this visit.
  }
}

/**
 * The language to start in before the account is known: the one chosen in this browser, else on a first
 * visit the browser's own languages (hi* or mr*, else English). Once signed in, the account's wins.
 */
export const initialLanguage = (): Language =>
  storedLanguage() ?? pickLanguage(typeof navigator === "undefined" ? [] : (navigator.languages ?? []));

/** Switches the app to `language`: its texts, `<html lang>`, and this browser's stored choice. */
export async function applyLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) storeLanguage(language);
  await activateLanguage(language);
  document.documentElement.lang = language;
}

export { currentLanguage };
