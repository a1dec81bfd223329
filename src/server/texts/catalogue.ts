import fs from "node:fs";
import path from "node:path";
import { type I18n, type MessageDescriptor, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages.ts";

/**
 * The server's texts live in Lingui catalogues, `src/server/locales/{en,hi,mr}.po`, which `lingui extract`
 * writes from the message descriptors in the server's code, as it does for the screens (decision 049). The
 * server is not compiled through Lingui's macros (tsx and tsc run it as written), so a descriptor is marked
 * for the extractor with an `i18n` comment and has its English as its id (see `csvTexts` in orders/), and
 * the catalogues are read and compiled when a language is first used, once per process.
 */
const LOCALES_DIR = path.join(projectRoot(import.meta.dirname), "src/server/locales");

/** The folder holding package.json: the same from the source (tsx, Vitest) and from the build (dist/app). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const po = formatter({ lineNumbers: false });

function load(language: Language): I18n {
  const file = path.join(LOCALES_DIR, `${language}.po`);
  const entries = po.parse(fs.readFileSync(file, "utf8"), {
    locale: language,
    sourceLocale: DEFAULT_LANGUAGE,
    filename: file,
  }) as Record<string, { translation?: string; message?: string }>;
  const messages = Object.fromEntries(
    // NOTE: English's msgstr may be left empty, its id being its English. Hindi and Marathi never fall back
    // to it: `npm run lint` refuses a catalogue with a message untranslated.
    Object.entries(entries).map(([id, entry]) => [
      id,
      compileMessage(entry.translation || entry.message || id),
    ]),
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
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = load(language);
    instances.set(language, i18n);
  }
  const own = i18n;
  return (text, values) => own._({ ...text, values });
}
