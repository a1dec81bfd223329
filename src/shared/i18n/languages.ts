/**
 * The languages the shop speaks (issue 24, decision 032), the one list a new language is added to (with its
 * `.po` files): its code, its name in its own script for the language menu, and its `Intl` locale. English is
 * the source of every text. The locales are Indian English, Hindi and Marathi as written in India, with Latin
 * digits (Marathi's own default is Devanagari digits; shoppers read prices and dates in Latin ones, "3
 * दिवसांपूर्वी"). Money always uses en-IN (₹1,00,000.00) whatever the language.
 */
const SPOKEN = {
  en: { name: "English", locale: "en-IN" },
  hi: { name: "हिन्दी", locale: "hi-IN" },
  mr: { name: "मराठी", locale: "mr-IN-u-nu-latn" },
} as const;

export type Language = keyof typeof SPOKEN;
export const LANGUAGES = Object.keys(SPOKEN) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in its own script, for the language menu. */
export const LANGUAGE_NAMES = Object.fromEntries(
  LANGUAGES.map((language) => [language, SPOKEN[language].name]),
) as Record<Language, string>;

/** The `Intl` locale of each language. */
export const INTL_LOCALES = Object.fromEntries(
  LANGUAGES.map((language) => [language, SPOKEN[language].locale]),
) as Record<Language, string>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The first of a browser's preferred languages (`hi-IN`, `mr`, `en-GB`…) that the shop speaks, else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The language an `Accept-Language` header prefers most among ours (by its q-values), else English. */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickLanguage(ranked.map((entry) => entry.tag));
}
