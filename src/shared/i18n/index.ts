export * from "./languages.ts";
export {
  errorMeaning,
  localize,
  localizeError,
  registerEnglish,
  registerTranslations,
  translate,
} from "./localize.ts";
export type { Translations } from "./translations.ts";
