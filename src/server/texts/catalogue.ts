import fs from "node:fs";
import path from "node:path";
import { type I18n, type MessageDescriptor, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { type SharedText, sharedTextOf } from "../../shared/i18n/text.ts";
import { learnStateNames } from "../../shared/schemas/india-states.ts";

/**
 * The server's texts live in Lingui catalogues, `src/server/locales/{en,hi,mr}.po`, which `lingui extract`
 * writes from the message descriptors in the server's code, as it does for the screens (decision 049). The
 * server is not compiled through Lingui's macros (tsx and tsc run it as written), so a descriptor is marked
 * for the extractor with an `i18n` comment and has its English as its id (see `csvTexts` in orders/), and
 * the catalogues are read and compiled when a language is first used, once per process.
 */
const ROOT = projectRoot(import.meta.dirname);
/** The server's own catalogue and the one of the texts it shares with the screens (decision 059). */
const LOCALES_DIRS = [path.join(ROOT, "src/server/locales"), path.join(ROOT, "src/shared/locales")];

/** The folder holding package.json: the same from the source (tsx, Vitest) and from the build (dist/app). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const po = formatter({ lineNumbers: false });

function read(file: string, language: Language): Record<string, { translation?: string; message?: string }> {
  return po.parse(fs.readFileSync(file, "utf8"), {
    locale: language,
    sourceLocale: DEFAULT_LANGUAGE,
    filename: file,
  }) as Record<string, { translation?: string; message?: string }>;
}

function load(language: Language): I18n {
  const entries = LOCALES_DIRS.flatMap((dir) =>
    Object.entries(read(path.join(dir, `${language}.po`), language)),
  );
  const messages = Object.fromEntries(
    // NOTE: English's msgstr may be left empty, its id being its English. Hindi and Marathi never fall back
    // to it: `npm run lint` refuses a catalogue with a message untranslated.
    entries.map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || id)]),
  );
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  // A text missing from the catalogue is said in English with its values put in, not as its raw id.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

const instances = new Map<Language, I18n>();

/** What one says, in `language`: a descriptor's text, with its values put in. */
export type Say = (text: MessageDescriptor, values?: Record<string, unknown>) => string;

/**
 * The server's texts in `language`. A descriptor missing from the catalogues (added without running
 * `lingui extract`) is said in English, its id; `npm run lint` fails on it first.
 */
export function textsIn(language: Language): Say {
  // NOTE: not named i18n: `lingui extract` reads every `i18n._(…)` call as a message to extract.
  const own = instanceOf(language);
  return (text, values) => own._({ ...text, values });
}

function instanceOf(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = load(language);
    instances.set(language, i18n);
  }
  return i18n;
}

/**
 * A shared text (src/shared, decision 059) in `language`, found from its English or given as the message and
 * its values (`textWith`); undefined when the English is not one of the shared texts.
 */
export function sharedTextIn(language: Language, text: string | SharedText): string | undefined {
  const { id, values } = typeof text === "string" ? sharedTextOf(text) : text;
  const own = instanceOf(language);
  return own.messages[id] === undefined ? undefined : own._(id, values);
}

/** Teaches the states' names in every language, so an address is read and written in any (decision 059). */
export function learnEveryStateName(): void {
  for (const language of LANGUAGES)
    learnStateNames(language, (english) => sharedTextIn(language, english) ?? english);
}
learnEveryStateName();
