import { isLanguage, type Language, pickLanguage } from "../../shared/i18n/languages.ts";
import { LANGUAGE_COOKIE } from "../../shared/ssr.ts";
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

/** A copy of the stored choice the server reads, to draw the next page in it (decision 037). */
function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; one plain value.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

function storeLanguage(language: Language): void {
  writeLanguageCookie(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // NOTE: storage can be full or disabled (private mode); the choice lasts for this visit.
  }
}

/** NOTE: a choice stored before the cookie existed, or a cookie expired, is told to the server again. */
export function rememberLanguageCookie(): void {
  const stored = storedLanguage();
  if (stored && !document.cookie.split("; ").includes(`${LANGUAGE_COOKIE}=${stored}`)) {
    writeLanguageCookie(stored);
  }
}

/**
 * The language to start in before the account is known: the one chosen in this browser, else on a first
 * visit the browser's own languages (hi* or mr*, else English). Once signed in, the account's wins.
 */
export const initialLanguage = (): Language =>
  storedLanguage() ?? pickLanguage(typeof navigator === "undefined" ? [] : (navigator.languages ?? []));

/**
 * Switches the app to `language`: its texts, `<html lang>`, and this browser's stored choice. `firstScreen`:
 * at the app's start, only the texts its first screen needs (see `activateLanguage`).
 */
export async function applyLanguage(
  language: Language,
  { remember = true, firstScreen = false } = {},
): Promise<void> {
  if (remember) storeLanguage(language);
  await activateLanguage(language, { firstScreen });
  document.documentElement.lang = language;
}

/** This tab's choice made while signed out (sessionStorage): the next sign-in keeps it on the account. */
const SIGNED_OUT_CHOICE_KEY = "veggieCart.languageChosenSignedOut";

export function rememberSignedOutChoice(language: Language): void {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_CHOICE_KEY, language);
  } catch {
    // NOTE: storage can be disabled; the account then keeps the language it had.
  }
}

/** The language chosen in this tab while signed out, if any, forgotten as it is read (issue 40 item 13). */
export function takeSignedOutChoice(): Language | undefined {
  try {
    const value = window.sessionStorage.getItem(SIGNED_OUT_CHOICE_KEY);
    window.sessionStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export { currentLanguage };
