/**
 * The languages' completeness, checked by `npm run lint` (decision 032):
 * 1. the catalogues are what `lingui extract --clean` would write (no message missing, none obsolete), and
 *    every Hindi and Marathi message has its translation, the same one in every catalogue it is in; no two
 *    English messages of one screen's catalogue share a translation, and no word is spelled two ways
 *    (i18n-consistency);
 * 2. no user-visible English in JSX outside the i18n calls: JSX text with letters, and string literals in the
 *    attributes `alt`, `aria-label`, `title`, `placeholder` and `label`, in src/client/**\/*.tsx (not tests).
 *    Files not converted yet are listed in NOT_YET_TRANSLATED; a listed file that has become clean fails
 *    too, so the list only shrinks.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { type PoEntry, parsePo, sharedTranslations, spellingVariants } from "./i18n-consistency.ts";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "src/client");

/** Screens whose texts are still English literals: convert one, then take it off this list. */
export const NOT_YET_TRANSLATED: string[] = [];

/** Texts that are the same in every language: the shop's name, its phone number and address. */
const SAME_IN_EVERY_LANGUAGE = new Set(["Veggie Cart"]);
const CHECKED_ATTRIBUTES = new Set(["alt", "aria-label", "title", "placeholder", "label"]);
const LETTERS = /\p{L}/u;
const EMAIL = /^[\w.+-]+@[\w.-]+$/;

const problems: string[] = [];

// --- 1. catalogues ----------------------------------------------------------------------------------------

const poFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : poFiles(full);
    return entry.name.endsWith(".po") ? [full] : [];
  });

/** A catalogue without its creation date, which every extract rewrites. */
const normalized = (text: string) => text.replace(/^"POT-Creation-Date:.*\n/m, "");

// The screens' catalogues, the server's (decision 049) and the one both say (decision 059).
const catalogues = [
  ...poFiles(path.join(root, "src/client")),
  ...poFiles(path.join(root, "src/server")),
  ...poFiles(path.join(root, "src/shared")),
];
/** The server merges its own catalogue with the shared one (by id, the English), the browser its screens' ones. */
const runtimeOf = (rel: string) => (rel.startsWith("src/client/") ? "client" : "server");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "check-i18n-"));
try {
  for (const file of catalogues) {
    const copy = path.join(temp, path.relative(root, file));
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(file, copy);
  }
  // NOTE: the project's own config, writing into the copies, so the check never touches the working tree.
  const config = path.join(temp, "lingui.config.ts");
  fs.writeFileSync(
    config,
    `import config from ${JSON.stringify(path.join(root, "lingui.config.ts"))};
export default {
  ...config,
  rootDir: ${JSON.stringify(root)},
  catalogs: config.catalogs.map((c) => ({ ...c, path: c.path.replace("<rootDir>", ${JSON.stringify(temp)}) })),
};
`,
  );
  execFileSync(path.join(root, "node_modules/.bin/lingui"), ["extract", "--clean", "--config", config], {
    cwd: root,
    stdio: "pipe",
  });
  for (const copy of poFiles(path.join(temp, "src"))) {
    const file = path.join(root, path.relative(temp, copy));
    const rel = path.relative(root, file);
    if (!fs.existsSync(file)) {
      problems.push(`${rel}: missing; run npx lingui extract`);
      continue;
    }
    if (normalized(fs.readFileSync(copy, "utf8")) !== normalized(fs.readFileSync(file, "utf8")))
      problems.push(`${rel}: not what the code says; run npx lingui extract --clean`);
  }
} finally {
  fs.rmSync(temp, { recursive: true, force: true });
}
// NOTE: a language's catalogues are merged into one at runtime, where the same English message is one id: two
// catalogues translating it differently would show whichever loaded last, so they must agree. The server's
// catalogue is loaded with the shared one, not the screens' (decisions 049 and 059), so it is not held to the
// screens' words. (The browser keys the shared catalogue's messages by their explicit ids and the screens' by
// a hash of their English, so the two never replace each other there.)
const translationsOf = new Map<string, { text: string; file: string }>();
for (const file of catalogues) {
  if (path.basename(file) === "en.po") continue;
  for (const entry of parsePo(fs.readFileSync(file, "utf8"))) {
    const rel = path.relative(root, file);
    if (entry.obsolete) problems.push(`${rel}: obsolete message "${entry.msgid}"`);
    else if (entry.msgstr.trim() === "") problems.push(`${rel}: no translation of "${entry.msgid}"`);
    const runtime = runtimeOf(rel);
    const key = `${runtime}\u0000${path.basename(file)}\u0000${entry.msgid}`;
    const earlier = translationsOf.get(key);
    if (earlier && earlier.text !== entry.msgstr) {
      problems.push(
        `${rel}: "${entry.msgid}" is "${entry.msgstr}", but "${earlier.text}" in ${earlier.file}`,
      );
    }
    translationsOf.set(key, { text: entry.msgstr, file: rel });
  }
}

// NOTE: one screen catalogue is one screen's texts (decision 032), so two of its messages sharing a translation
// may stand side by side; a spelling is checked across all of a language's catalogues (issue 40 item 8). The
// server's catalogue holds every mail, CSV and packing list (decision 049), files never read side by side
// ("Pending" on the packing list and "owed" in the payments CSV are both "बाकी"), so it is held to spelling only;
// so is the shared one (decision 059), which holds every screen's and the API's field and error messages.
const byLanguage = new Map<string, PoEntry[]>();
for (const file of catalogues) {
  if (path.basename(file) === "en.po") continue;
  const rel = path.relative(root, file);
  const entries = parsePo(fs.readFileSync(file, "utf8")).filter((entry) => !entry.obsolete);
  if (runtimeOf(rel) === "client")
    problems.push(...sharedTranslations(entries).map((clash) => `${rel}: ${clash}`));
  const language = path.basename(file, ".po");
  byLanguage.set(language, [...(byLanguage.get(language) ?? []), ...entries]);
}
for (const [language, entries] of byLanguage)
  problems.push(...spellingVariants(entries).map((variant) => `${language}: ${variant}`));

// --- 2. English literals in JSX ----------------------------------------------------------------------------

const tsxFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });

const isUserText = (text: string) => {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return LETTERS.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.has(trimmed) && !EMAIL.test(trimmed);
};

/** What a string literal in a checked attribute is: `aria-label="Main"` or `aria-label={"Main"}`. */
function literalOf(initializer: ts.JsxAttributeValue | undefined): string | undefined {
  if (!initializer) return undefined;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const expression = initializer.expression;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return expression.text;
    if (ts.isTemplateExpression(expression)) return expression.head.text;
  }
  return undefined;
}

/** The English a file shows outside the i18n calls, one line per text. */
function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    // NOTE: the text inside <Trans> is the message itself, extracted into the catalogues.
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === "Trans") return;
    if (ts.isJsxText(node) && isUserText(node.text)) {
      found.push(`${where(node)}: JSX text "${node.text.trim()}"`);
    } else if (ts.isJsxAttribute(node) && CHECKED_ATTRIBUTES.has(node.name.getText(source))) {
      const text = literalOf(node.initializer);
      if (text !== undefined && isUserText(text))
        found.push(`${where(node)}: ${node.name.getText(source)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const notYet = new Set(NOT_YET_TRANSLATED);
for (const file of tsxFiles(clientDir)) {
  const rel = path.relative(root, file);
  const literals = literalsIn(file);
  if (notYet.has(rel)) {
    notYet.delete(rel);
    if (literals.length === 0)
      problems.push(
        `${rel}: has no English literal left; take it off NOT_YET_TRANSLATED in scripts/check-i18n.ts`,
      );
  } else {
    problems.push(...literals.map((literal) => `${literal} (use <Trans> or t\`…\`; decision 032)`));
  }
}
for (const rel of notYet) problems.push(`${rel}: listed in NOT_YET_TRANSLATED but does not exist`);

if (problems.length > 0) {
  console.error(`check-i18n: ${problems.length} problem(s)\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `check-i18n: ${catalogues.length} catalogues up to date and translated; ${NOT_YET_TRANSLATED.length} screens not yet translated`,
);
