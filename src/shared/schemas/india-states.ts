import type { Language } from "../i18n/languages.ts";
import { text } from "../i18n/text.ts";

/**
 * India's 28 states and 8 union territories (issue 40 item 10, decision 047): an address keeps the state's code
 * (the ISO 3166-2:IN suffix, `MH`) and every screen, mail and download shows its name in the reader's language.
 * Codes as ISO 3166-2:IN writes them since 2023 (CG, OD, TS, UK); the older ones (CT, OR, TG, UT) are read too.
 * A name is a shared text (decision 059): its other languages are in the shared catalogue, which each side
 * teaches this module with `learnStateNames` once it has a language's texts.
 */
export const INDIA_STATES = [
  { code: "AP", name: text(/*i18n*/ { id: "Andhra Pradesh" }) },
  { code: "AR", name: text(/*i18n*/ { id: "Arunachal Pradesh" }) },
  { code: "AS", name: text(/*i18n*/ { id: "Assam" }) },
  { code: "BR", name: text(/*i18n*/ { id: "Bihar" }) },
  { code: "CG", name: text(/*i18n*/ { id: "Chhattisgarh" }) },
  { code: "GA", name: text(/*i18n*/ { id: "Goa" }) },
  { code: "GJ", name: text(/*i18n*/ { id: "Gujarat" }) },
  { code: "HR", name: text(/*i18n*/ { id: "Haryana" }) },
  { code: "HP", name: text(/*i18n*/ { id: "Himachal Pradesh" }) },
  { code: "JH", name: text(/*i18n*/ { id: "Jharkhand" }) },
  { code: "KA", name: text(/*i18n*/ { id: "Karnataka" }) },
  { code: "KL", name: text(/*i18n*/ { id: "Kerala" }) },
  { code: "MP", name: text(/*i18n*/ { id: "Madhya Pradesh" }) },
  { code: "MH", name: text(/*i18n*/ { id: "Maharashtra" }) },
  { code: "MN", name: text(/*i18n*/ { id: "Manipur" }) },
  { code: "ML", name: text(/*i18n*/ { id: "Meghalaya" }) },
  { code: "MZ", name: text(/*i18n*/ { id: "Mizoram" }) },
  { code: "NL", name: text(/*i18n*/ { id: "Nagaland" }) },
  { code: "OD", name: text(/*i18n*/ { id: "Odisha" }) },
  { code: "PB", name: text(/*i18n*/ { id: "Punjab" }) },
  { code: "RJ", name: text(/*i18n*/ { id: "Rajasthan" }) },
  { code: "SK", name: text(/*i18n*/ { id: "Sikkim" }) },
  { code: "TN", name: text(/*i18n*/ { id: "Tamil Nadu" }) },
  { code: "TS", name: text(/*i18n*/ { id: "Telangana" }) },
  { code: "TR", name: text(/*i18n*/ { id: "Tripura" }) },
  { code: "UP", name: text(/*i18n*/ { id: "Uttar Pradesh" }) },
  { code: "UK", name: text(/*i18n*/ { id: "Uttarakhand" }) },
  { code: "WB", name: text(/*i18n*/ { id: "West Bengal" }) },
  { code: "AN", name: text(/*i18n*/ { id: "Andaman and Nicobar Islands" }) },
  { code: "CH", name: text(/*i18n*/ { id: "Chandigarh" }) },
  { code: "DH", name: text(/*i18n*/ { id: "Dadra and Nagar Haveli and Daman and Diu" }) },
  { code: "DL", name: text(/*i18n*/ { id: "Delhi" }) },
  { code: "JK", name: text(/*i18n*/ { id: "Jammu and Kashmir" }) },
  { code: "LA", name: text(/*i18n*/ { id: "Ladakh" }) },
  { code: "LD", name: text(/*i18n*/ { id: "Lakshadweep" }) },
  { code: "PY", name: text(/*i18n*/ { id: "Puducherry" }) },
] as const satisfies readonly { code: string; name: string }[];

export type IndiaStateCode = (typeof INDIA_STATES)[number]["code"];
export const INDIA_STATE_CODES = INDIA_STATES.map((state) => state.code) as readonly IndiaStateCode[];

/** Other ways people still write a state: its old name or its code before 2023. */
const ALIASES: Record<string, IndiaStateCode> = {
  CT: "CG",
  OR: "OD",
  TG: "TS",
  UT: "UK",
  Orissa: "OD",
  Pondicherry: "PY",
  Uttaranchal: "UK",
  "New Delhi": "DL",
  "NCT of Delhi": "DL",
  "Jammu & Kashmir": "JK",
};

/** Case, spacing, "&" for "and", a leading "IN-" and the nukta do not tell two ways of writing a state apart. */
const keyOf = (input: string) =>
  input
    .normalize("NFC")
    .toLowerCase()
    .replace(/\u093c/g, "")
    .replace(/&/g, " and ")
    .replace(/[\s.\-_,]+/g, "")
    .replace(/^in(?=[a-z]{2}$)/, "");

/** The word joining the parts of a state's name ("Jammu and Kashmir") in each language learnt. */
const JOIN = text(
  /*i18n*/ { id: "and", comment: "The word joining the parts of a state's name: Jammu and Kashmir" },
);
const joins = new Set<string>([JOIN]);

const byKey = new Map<string, IndiaStateCode>();
const learnt: [name: string, code: IndiaStateCode][] = [];
/** A name, read with any language's joining word in it (a Hindi name written with the Marathi word, say). */
const readAnyJoin = (name: string, code: IndiaStateCode) => {
  for (const from of joins) {
    for (const to of joins) byKey.set(keyOf(name.split(` ${from} `).join(` ${to} `)), code);
  }
};
const learn = (name: string, code: IndiaStateCode) => {
  learnt.push([name, code]);
  readAnyJoin(name, code);
};
for (const state of INDIA_STATES) {
  learn(state.code, state.code);
  learn(state.name, state.code);
}
for (const [name, code] of Object.entries(ALIASES)) byKey.set(keyOf(name), code);

/** Each language's state names but English's, once learnt. */
const namesIn = new Map<Language, Map<string, string>>();

/**
 * Learns the states' names in `language` from its catalogue (`say` gives a shared text in it): the server
 * learns every language's at start, the browser the one it shows. `stateCode` reads them from then on.
 */
export function learnStateNames(language: Language, say: (english: string) => string): void {
  if (language === "en") return;
  const join = say(JOIN);
  if (!joins.has(join)) {
    joins.add(join);
    for (const [name, code] of learnt) readAnyJoin(name, code);
  }
  const names = new Map<string, string>();
  for (const state of INDIA_STATES) {
    const name = say(state.name);
    names.set(state.code, name);
    learn(name, state.code);
  }
  namesIn.set(language, names);
}

/**
 * The code of the state `input` names: its code (`MH`, `in-mh`, an older code) or its name in English or a
 * language learnt, whatever the case and spacing; undefined when it names none.
 */
export function stateCode(input: string): IndiaStateCode | undefined {
  return byKey.get(keyOf(input));
}

const byCode = new Map<string, (typeof INDIA_STATES)[number]>(
  INDIA_STATES.map((state) => [state.code, state]),
);

/**
 * The state's name in `locale` (in English until that language's names are learnt); a text that is no
 * state's code (an address kept before states were codes, or one of another country) is shown as it was written.
 */
export function stateName(code: string, locale: Language): string {
  return namesIn.get(locale)?.get(code) ?? byCode.get(code)?.name ?? code;
}

/** The states in the order a list in `locale` shows them: by their names in that language. */
export function statesSorted(
  locale: Language,
  intlLocale?: string,
): { code: IndiaStateCode; name: string }[] {
  const collator = new Intl.Collator(intlLocale ?? locale);
  return INDIA_STATES.map((state) => ({ code: state.code, name: stateName(state.code, locale) })).sort(
    (a, b) => collator.compare(a.name, b.name),
  );
}
