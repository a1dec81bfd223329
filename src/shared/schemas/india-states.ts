import type { Language } from "../i18n/languages.ts";

/**
 * India's 28 states and 8 union territories (issue 40 item 10, decision 047): an address keeps the state's code
 * (the ISO 3166-2:IN suffix, `MH`) and every screen, mail and download shows its name in the reader's language.
 * Codes as ISO 3166-2:IN writes them since 2023 (CG, OD, TS, UK); the older ones (CT, OR, TG, UT) are read too.
 */
export const INDIA_STATES = [
  { code: "AP", en: "Andhra Pradesh", hi: "आंध्र प्रदेश", mr: "आंध्र प्रदेश" },
  { code: "AR", en: "Arunachal Pradesh", hi: "अरुणाचल प्रदेश", mr: "अरुणाचल प्रदेश" },
  { code: "AS", en: "Assam", hi: "असम", mr: "आसाम" },
  { code: "BR", en: "Bihar", hi: "बिहार", mr: "बिहार" },
  { code: "CG", en: "Chhattisgarh", hi: "छत्तीसगढ़", mr: "छत्तीसगड" },
  { code: "GA", en: "Goa", hi: "गोवा", mr: "गोवा" },
  { code: "GJ", en: "Gujarat", hi: "गुजरात", mr: "गुजरात" },
  { code: "HR", en: "Haryana", hi: "हरियाणा", mr: "हरियाणा" },
  { code: "HP", en: "Himachal Pradesh", hi: "हिमाचल प्रदेश", mr: "हिमाचल प्रदेश" },
  { code: "JH", en: "Jharkhand", hi: "झारखंड", mr: "झारखंड" },
  { code: "KA", en: "Karnataka", hi: "कर्नाटक", mr: "कर्नाटक" },
  { code: "KL", en: "Kerala", hi: "केरल", mr: "केरळ" },
  { code: "MP", en: "Madhya Pradesh", hi: "मध्य प्रदेश", mr: "मध्य प्रदेश" },
  { code: "MH", en: "Maharashtra", hi: "महाराष्ट्र", mr: "महाराष्ट्र" },
  { code: "MN", en: "Manipur", hi: "मणिपुर", mr: "मणिपूर" },
  { code: "ML", en: "Meghalaya", hi: "मेघालय", mr: "मेघालय" },
  { code: "MZ", en: "Mizoram", hi: "मिज़ोरम", mr: "मिझोरम" },
  { code: "NL", en: "Nagaland", hi: "नागालैंड", mr: "नागालँड" },
  { code: "OD", en: "Odisha", hi: "ओडिशा", mr: "ओडिशा" },
  { code: "PB", en: "Punjab", hi: "पंजाब", mr: "पंजाब" },
  { code: "RJ", en: "Rajasthan", hi: "राजस्थान", mr: "राजस्थान" },
  { code: "SK", en: "Sikkim", hi: "सिक्किम", mr: "सिक्कीम" },
  { code: "TN", en: "Tamil Nadu", hi: "तमिलनाडु", mr: "तमिळनाडू" },
  { code: "TS", en: "Telangana", hi: "तेलंगाना", mr: "तेलंगणा" },
  { code: "TR", en: "Tripura", hi: "त्रिपुरा", mr: "त्रिपुरा" },
  { code: "UP", en: "Uttar Pradesh", hi: "उत्तर प्रदेश", mr: "उत्तर प्रदेश" },
  { code: "UK", en: "Uttarakhand", hi: "उत्तराखंड", mr: "उत्तराखंड" },
  { code: "WB", en: "West Bengal", hi: "पश्चिम बंगाल", mr: "पश्चिम बंगाल" },
  {
    code: "AN",
    en: "Andaman and Nicobar Islands",
    hi: "अंडमान और निकोबार द्वीपसमूह",
    mr: "अंदमान आणि निकोबार बेटे",
  },
  { code: "CH", en: "Chandigarh", hi: "चंडीगढ़", mr: "चंदीगड" },
  {
    code: "DH",
    en: "Dadra and Nagar Haveli and Daman and Diu",
    hi: "दादरा और नगर हवेली और दमन और दीव",
    mr: "दादरा आणि नगर हवेली आणि दमण आणि दीव",
  },
  { code: "DL", en: "Delhi", hi: "दिल्ली", mr: "दिल्ली" },
  { code: "JK", en: "Jammu and Kashmir", hi: "जम्मू और कश्मीर", mr: "जम्मू आणि काश्मीर" },
  { code: "LA", en: "Ladakh", hi: "लद्दाख", mr: "लडाख" },
  { code: "LD", en: "Lakshadweep", hi: "लक्षद्वीप", mr: "लक्षद्वीप" },
  { code: "PY", en: "Puducherry", hi: "पुडुचेरी", mr: "पुदुच्चेरी" },
] as const satisfies readonly ({ code: string } & Record<Language, string>)[];

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
const keyOf = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/\u093c/g, "")
    .replace(/&/g, " and ")
    .replace(/[\s.\-_,]+/g, "")
    .replace(/^in(?=[a-z]{2}$)/, "");

const byKey = new Map<string, IndiaStateCode>();
for (const state of INDIA_STATES) {
  for (const name of [state.code, state.en, state.hi, state.mr]) byKey.set(keyOf(name), state.code);
  byKey.set(keyOf(state.en.replace(/ and /g, " & ")), state.code);
}
for (const [name, code] of Object.entries(ALIASES)) byKey.set(keyOf(name), code);
// NOTE: the Hindi "और" in names read with Marathi's "आणि" and the other way round.
for (const state of INDIA_STATES) {
  byKey.set(keyOf(state.hi.replace(/ और /g, " आणि ")), state.code);
  byKey.set(keyOf(state.mr.replace(/ आणि /g, " और ")), state.code);
}

/**
 * The code of the state `input` names: its code (`MH`, `in-mh`, an older code) or its name in English, Hindi
 * or Marathi, whatever the case and spacing; undefined when it names none.
 */
export function stateCode(input: string): IndiaStateCode | undefined {
  return byKey.get(keyOf(input));
}

const byCode = new Map<string, (typeof INDIA_STATES)[number]>(
  INDIA_STATES.map((state) => [state.code, state]),
);

/**
 * The state's name in `locale`; a text that is no state's code (an address kept before states were codes,
 * or one of another country) is shown as it was written.
 */
export function stateName(code: string, locale: Language): string {
  return byCode.get(code)?.[locale] ?? code;
}

/** The states in the order a list in `locale` shows them: by their names in that language. */
export function statesSorted(
  locale: Language,
  intlLocale?: string,
): { code: IndiaStateCode; name: string }[] {
  const collator = new Intl.Collator(intlLocale ?? locale);
  return INDIA_STATES.map((state) => ({ code: state.code, name: state[locale] })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
