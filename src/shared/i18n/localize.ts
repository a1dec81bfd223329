import type { ErrorCode } from "../error-codes.ts";
import { accountMessages, messages, orderMessages } from "../messages.ts";
import type { Language } from "./languages.ts";
import { otherTexts, type Translations } from "./translations.ts";

type Section = Exclude<keyof Translations, "errors">;
/** The English texts by section: messages.ts's and the error handler's at once, the schemas' once registered. */
const english: Partial<Record<Section, Readonly<Record<string, unknown>>>> = {
  messages,
  orderMessages,
  accountMessages,
  other: otherTexts,
};

/** Adds English sections kept with their schemas (schema-texts.ts), so their texts are found and translated. */
export function registerEnglish(texts: Partial<Record<Section, Readonly<Record<string, unknown>>>>): void {
  Object.assign(english, texts);
  index = undefined;
}

/**
 * Each language's translations, once loaded: the server registers all of them at start (all.ts), the
 * browser only the language chosen (src/client/lib/i18n.ts), so Hindi and Marathi load only when used.
 */
const loaded: Partial<Record<Language, Translations>> = {};

export function registerTranslations(language: Exclude<Language, "en">, translations: Translations): void {
  loaded[language] = translations;
}

/** Where each fixed English text is kept (section and key), built on first use. */
let index: Map<string, [Section, string]> | undefined;
function englishIndex(): Map<string, [Section, string]> {
  if (index) return index;
  index = new Map();
  for (const [section, texts] of Object.entries(english) as [Section, Record<string, unknown>][]) {
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text === "string" && !index.has(text)) index.set(text, [section, key]);
    }
  }
  return index;
}

/**
 * One of the shared English texts (src/shared/messages.ts, a shared schema's message, the error handler's)
 * in `language`; undefined when `text` is not one of them (e.g. already translated, or made with values).
 */
export function translate(text: string, language: Language): string | undefined {
  if (language === "en") return text;
  const translations = loaded[language];
  const found = englishIndex().get(text);
  if (!translations || !found) return undefined;
  const [section, key] = found;
  const translated = (translations[section] as Record<string, unknown>)[key];
  return typeof translated === "string" ? translated : undefined;
}

/** A shared English text in `language`; any other text is given back as it is. */
export const localize = (text: string, language: Language): string => translate(text, language) ?? text;

/** What an error code means in `language` (undefined in English, or before the language has loaded). */
export const errorMeaning = (code: ErrorCode, language: Language): string | undefined =>
  language === "en" ? undefined : loaded[language]?.errors[code];

/**
 * An API error's `message` and `fields` in `language`; its `code` never changes. A text that is not one of
 * the shared ones (one made with values, say) becomes what its code means, so nothing stays in English.
 */
export function localizeError<
  E extends { code: ErrorCode; message: string; fields?: Record<string, string> },
>(error: E, language: Language): E {
  if (language === "en" || !loaded[language]) return error;
  const say = (text: string) => translate(text, language) ?? errorMeaning(error.code, language) ?? text;
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [name, say(text)]))
    : undefined;
  return { ...error, message: say(error.message), ...(fields ? { fields } : {}) };
}
