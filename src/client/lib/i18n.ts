import { i18n, type Messages } from "@lingui/core";
import { INTL_LOCALES, type Language } from "../../shared/i18n/languages.ts";
import { sharedTextOf } from "../../shared/i18n/text.ts";

type Catalogue = { messages: Messages };

/**
 * Decision 032: every feature folder keeps its own catalogue (features/<f>/locales/<language>.po) and the shell
 * one more (locales/); a language is all of them merged. The shell's and the sign-in screens' English come
 * with the app (the first screen's budget, decision 012, holds); the other features' English, and Hindi and
 * Marathi (with the texts both sides say, src/shared/locales; decision 059), are their own chunks. Hindi and Marathi are fetched
 * before the first paint; the other features' English with the first screen loaded later (decision 043).
 */
const english = import.meta.glob<Catalogue>(["../locales/en.po", "../features/auth/locales/en.po"], {
  eager: true,
});
/** Every other catalogue, each its own chunk, by its path ("…/features/orders/locales/hi.po"). */
const catalogues = import.meta.glob<Catalogue>([
  "../locales/*.po",
  "../features/*/locales/*.po",
  "../parts/locales/*.po",
  "../../shared/locales/*.po",
  "!../locales/en.po",
  "!../features/auth/locales/en.po",
  // NOTE: a shared text's English is its id, so English needs no shared catalogue (decision 059).
  "!../../shared/locales/en.po",
]);
/** A language's catalogues not yet here: a new language needs no line here, only its `.po` files. */
const later = (language: Language) =>
  Object.entries(catalogues)
    .filter(([path]) => path.endsWith(`/${language}.po`))
    .map(([, load]) => load);

const merge = (catalogues: Catalogue[]): Messages => Object.assign({}, ...catalogues.map((c) => c.messages));

i18n.load("en", merge(Object.values(english)));
i18n.activate("en", [INTL_LOCALES.en]);

const loading = new Map<Language, Promise<void>>();
const loaded = new Set<Language>();

/** Whether all of a language's texts are here. */
export const languageLoaded = (language: Language): boolean => loaded.has(language);

/** Fetches all of a language's texts once (the shell's and sign-in's English are always there). */
export function loadLanguage(language: Language): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    promise = Promise.all(later(language).map((load) => load())).then((catalogues) => {
      i18n.load(language, merge(catalogues));
      loaded.add(language);
    });
    // NOTE: a failed fetch (offline, a chunk gone after a deploy) may be tried again later.
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/**
 * Shows the app in `language`, once its texts are here: all of them, or with `firstScreen` in English only
 * those the app's entry holds (the screens loaded later fetch the rest with their code).
 */
export async function activateLanguage(language: Language, { firstScreen = false } = {}): Promise<void> {
  if (!(firstScreen && language === "en")) await loadLanguage(language);
  i18n.activate(language, [INTL_LOCALES[language]]);
}

/**
 * A text both sides say (src/shared: a schema's message, a toast, an API answer's English) in the app's
 * language; any other text is given back as it is. English needs no catalogue: a shared text's id is its English.
 */
export function sayShared(english: string): string {
  const { id, values } = sharedTextOf(english);
  return i18n.messages[id] === undefined ? english : i18n._(id, values);
}

/** The language the app speaks now. */
export const currentLanguage = (): Language => i18n.locale as Language;

/** The `Intl` locale for dates, weekdays and relative times in the current language. */
export const intlLocale = (): string => INTL_LOCALES[currentLanguage()];

export { i18n };
