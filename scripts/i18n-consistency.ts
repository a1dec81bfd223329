/**
 * Two checks of the translations' consistency, run by `npm run lint` through check-i18n.ts (issue 40 item 8):
 * 1. on one screen (one catalogue: a feature, or the shell) two different English messages must not share a
 *    translation, or two buttons such as Undo payment and Cancel order read the same;
 * 2. a language spells a word one way in all its catalogues ("डिलीवरी" and "डिलिवरी" are one term spelled two
 *    ways): words that differ only in vowel length, nukta or nasal mark are the same word written twice.
 */

export interface PoEntry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

/** The entries of a PO file (enough of the format for lingui's output: msgid, msgstr, continued lines). */
export function parsePo(text: string): PoEntry[] {
  const unquote = (line: string) => JSON.parse(line.replace(/^(#~ )?(msgid|msgstr)?\s*/, "")) as string;
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split("\n").filter((line) => line.trim() !== "");
      const entry: PoEntry = { msgid: "", msgstr: "", obsolete: lines.some((l) => l.startsWith("#~")) };
      let field: "msgid" | "msgstr" | undefined;
      for (const line of lines) {
        const bare = line.replace(/^#~ /, "");
        if (bare.startsWith("msgid ")) field = "msgid";
        else if (bare.startsWith("msgstr ")) field = "msgstr";
        else if (!bare.startsWith('"')) continue;
        if (field) entry[field] += unquote(bare);
      }
      return entry;
    })
    .filter((entry) => entry.msgid !== "");
}

type Message = Pick<PoEntry, "msgid" | "msgstr">;

/**
 * English messages that say the same thing in other words, so one translation for both is right. Case,
 * articles, "your" and a plural "s" already count as the same (see sameMeaning).
 */
const SAME_MEANING: string[][] = [
  ["Create account", "Sign up"],
  ["Could not load your orders. Please try again.", "Your orders could not be loaded. Please try again."],
  ["Delivery", "Shipping"],
  ["Paid by", "Payment method"],
  ["figures", "The numbers"],
  ["Add a pickup point", "Add pickup point"],
  ["Add a weekly slot", "Add weekly slot"],
  ["Send a message", "Send message"],
  ["About", "About us"],
];

/** Different words of a language that differ only in a vowel's length: Hindi "की" (of) and "कि" (that). */
const DIFFERENT_WORDS: string[][] = [["की", "कि"]];

const plain = (english: string) =>
  english
    .toLowerCase()
    .replace(/\b(a|an|the|your)\b/g, " ")
    .replace(/[^\p{L}\p{N}{}]+/gu, " ")
    .split(" ")
    .filter(Boolean)
    .map((word) => word.replace(/s$/, ""))
    .join(" ");

const sameMeaning = (a: string, b: string) => {
  const [x, y] = [plain(a), plain(b)];
  return x === y || SAME_MEANING.some((group) => [x, y].every((one) => group.some((g) => plain(g) === one)));
};

/** Two different English messages of one catalogue with one translation, one line each. */
export function sharedTranslations(messages: Message[]): string[] {
  const byTranslation = new Map<string, string[]>();
  for (const { msgid, msgstr } of messages) {
    const text = msgstr.trim();
    if (text === "") continue;
    byTranslation.set(text, [...(byTranslation.get(text) ?? []), msgid]);
  }
  const found: string[] = [];
  for (const [text, ids] of byTranslation)
    ids.forEach((first, i) => {
      for (const second of ids.slice(i + 1))
        if (!sameMeaning(first, second))
          found.push(`"${first}" and "${second}" are both translated "${text}"`);
    });
  return found;
}

/** A Devanagari word without what tells its spellings apart: vowel length, nukta, candrabindu or anusvara. */
const skeleton = (word: string) =>
  word
    .replace(/ी/g, "ि")
    .replace(/ू/g, "ु")
    .replace(/ई/g, "इ")
    .replace(/ऊ/g, "उ")
    .replace(/ँ/g, "ं")
    .replace(/़/g, "");

/** Words of one language spelled more than one way across the messages, one line per word. */
export function spellingVariants(messages: Message[]): string[] {
  const spellings = new Map<string, Set<string>>();
  for (const { msgstr } of messages)
    for (const word of msgstr.match(/[\u0900-\u097F]+/g) ?? []) {
      const key = skeleton(word);
      spellings.set(key, (spellings.get(key) ?? new Set()).add(word));
    }
  const found: string[] = [];
  for (const words of spellings.values()) {
    const list = [...words];
    if (list.length < 2) continue;
    if (DIFFERENT_WORDS.some((group) => list.every((word) => group.includes(word)))) continue;
    found.push(`one word spelled ${list.map((word) => `"${word}"`).join(" and ")}`);
  }
  return found;
}
