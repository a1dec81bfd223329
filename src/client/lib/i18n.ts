import { i18n, type Messages } from "@lingui/core";
import { INTL_LOCALES, type Language } from "../../shared/i18n/languages.ts";
import { sharedTextOf } from "../../shared/i18n/text.ts";

type Catalogue = { messages: Messages };

/**
 * Decision 032: every feature folder keeps its own catalogue (features/<f>/locales/<language>.po) and the shell
 * one more (locales/); a language is all of them merged. The shell's and the sign-in screens' English come
 * with the app (the first screen's budget, decision 012, holds); the other features' English, and Hindi and
 * Marathi (with the texts both sides say, src/shared/locales; decision 059), are their own chunks. A lazy screen
 * fetches the catalogues of the features it shows with its code (decision 070; before, the first lazy screen
 * fetched every feature's, decision 043); Hindi's and Marathi's shell, sign-in and shared texts come before
 * the first paint.
 */
const english = import.meta.glob<Catalogue>(["../locales/en.po", "../features/auth/locales/en.po"], {
  eager: true,
});
/** Every other catalogue, each its own chunk, by its path ("…/features/orders/locales/hi.po"). */
const catalogues = import.meta.glob<Catalogue>([
  "../locales/*.po",
  "../features/*/locales/*.po",
  // NOTE: the shell's and the auth feature's texts only later screens show (decision 070).
  "../locales/layout/*.po",
  "../features/auth/locales/account/*.po",
  "../parts/locales/*.po",
  "../../shared/locales/*.po",
  "!../locales/en.po",
  "!../features/auth/locales/en.po",
  // NOTE: a shared text's English is its id, so English needs no shared catalogue (decision 059).
  "!../../shared/locales/en.po",
]);
/**
 * A feature's folder name, as its catalogue's path names it (features/<feature>/locales), or the part of one
 * only later screens show: "account" (features/auth/locales/account), "layout" (the shell's, locales/layout).
 */
export type Feature = string;

/**
 * The features whose texts a screen shows, besides the shell's, sign-in's and the shared ones every screen
 * has (decision 070): a drawn screen fetches only those before it is taken over; "all" for the others.
 */
export type ScreenTexts = readonly Feature[] | "all";

/**
 * A language's catalogues for `texts` (a new language needs no line here, only its `.po` files): those of
 * the features named, and, in Hindi and Marathi, the shell's, sign-in's and shared ones (English has them in
 * the entry).
 */
const cataloguesOf = (language: Language, texts: ScreenTexts) =>
  Object.keys(catalogues).filter((path) => {
    // NOTE: the shell's and shared catalogues count as sign-in's (auth): every screen has them; a part of
    // one (locales/layout, features/auth/locales/account) is a feature of its own.
    const [, folder, part] = /(?:features\/([\w-]+)\/)?locales\/(?:([\w-]+)\/)?[\w-]+\.po$/.exec(path) ?? [];
    // The parts several features' screens share (src/client/parts) are a feature of their own: "parts".
    const feature = path.includes("/parts/locales/") ? "parts" : (part ?? folder ?? "auth");
    return (
      path.endsWith(`/${language}.po`) && (texts === "all" || feature === "auth" || texts.includes(feature))
    );
  });

/** The modules of `language`'s catalogues for `texts`, as the build's manifest names them (from src/client). */
export const catalogueModules = (language: Language, texts: ScreenTexts): string[] =>
  cataloguesOf(language, texts).map((path) => path.replace(/^\.\.\//, ""));

const merge = (catalogues: Catalogue[]): Messages => Object.assign({}, ...catalogues.map((c) => c.messages));

i18n.load("en", merge(Object.values(english)));
i18n.activate("en", [INTL_LOCALES.en]);

/** The catalogues added, by path. NOTE: one that failed to come (offline, gone after a deploy) is asked again. */
const loaded = new Set<string>();

/** Whether the texts a screen shows in `language` are here (`[]`: those every screen has). */
export const textsLoaded = (language: Language, texts: ScreenTexts = "all"): boolean =>
  cataloguesOf(language, texts).every((path) => loaded.has(path));

/** Whether all of a language's texts are here. */
export const languageLoaded = (language: Language): boolean => textsLoaded(language, "all");

/** Fetches the texts a screen shows in `language`, each catalogue once, and adds them in one go (one redraw). */
export async function loadTexts(language: Language, texts: ScreenTexts = "all"): Promise<void> {
  const paths = cataloguesOf(language, texts).filter((path) => !loaded.has(path));
  if (paths.length === 0) return;
  const fetched = await Promise.all(paths.map((path) => (catalogues[path] as () => Promise<Catalogue>)()));
  for (const path of paths) loaded.add(path);
  i18n.load(language, merge(fetched));
}

/** Fetches all of a language's texts once (the shell's and sign-in's English are always there). */
export const loadLanguage = (language: Language): Promise<void> => loadTexts(language, "all");

/**
 * Shows the app in `language`, once its texts are here: all of them, or with `firstScreen` only those every
 * screen has (the screens fetch their own with their code, decision 070).
 */
export async function activateLanguage(language: Language, { firstScreen = false } = {}): Promise<void> {
  await loadTexts(language, firstScreen ? [] : "all");
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
