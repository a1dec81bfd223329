/**
 * Issue 34: adding a language is its line in the languages' list and its `.po` files, nothing else. This test
 * does exactly that in a copy of the project (Gujarati, `gu`, each text Hindi's marked "ગુ·" so that a text
 * said in Hindi or English instead shows), then in the copy: `npm run lint`'s catalogue check passes, and the
 * server's mails and API errors and the sign-in screens say their texts in `gu`
 * (src/server/test/fourth-language.check.ts, src/client/test/fourth-language.check.tsx).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const MARK = "ગુ·";
const CONFIG = [
  "package.json",
  "lingui.config.ts",
  "tsconfig.json",
  "tsconfig.base.json",
  "vitest.config.ts",
];
const CHECKS = ["src/server/test/fourth-language.check.ts", "src/client/test/fourth-language.check.tsx"];

/** The project's tracked sources and configuration, as they are in the working tree, with its packages. */
function copyProject(to: string) {
  const tracked = execFileSync("git", ["ls-files", "-z", "src", "scripts", ...CONFIG], { cwd: root })
    .toString()
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
  for (const file of tracked) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(to, file));
  }
  // NOTE: each package linked, not the folder: Vite keeps its cache in node_modules/.vite, which must be the
  // copy's own while this project's client tests run beside it.
  fs.mkdirSync(path.join(to, "node_modules"));
  for (const entry of fs.readdirSync(path.join(root, "node_modules"))) {
    if (entry === ".vite") continue;
    fs.symlinkSync(path.join(root, "node_modules", entry), path.join(to, "node_modules", entry));
  }
}

/** Step 1: the language's line in the one list. */
function addToTheList(project: string) {
  const file = path.join(project, "src/shared/i18n/languages.ts");
  const list = fs.readFileSync(file, "utf8");
  const line = /^ {2}mr: \{[^\n]*\},\n/m;
  expect(list).toMatch(line);
  fs.writeFileSync(
    file,
    list.replace(line, (mr) => `${mr}  gu: { name: "ગુજરાતી", locale: "gu-IN" },\n`),
  );
}

/** Step 2: every catalogue's `gu.po`, its translations Hindi's, marked. */
function translate(project: string) {
  const hindi = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : hindi(full);
      return entry.name === "hi.po" ? [full] : [];
    });
  const files = hindi(path.join(project, "src"));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const po = fs
      .readFileSync(file, "utf8")
      .replace(/^"Language: hi\\n"$/m, '"Language: gu\\n"')
      .replace(/^(msgid "[^\n]*"\n(?:"[^\n]*"\n)*msgstr ")/gm, `$1${MARK}`)
      // The header's msgstr (after the one empty msgid) stays as it is.
      .replace(`msgid ""\nmsgstr "${MARK}"`, 'msgid ""\nmsgstr ""');
    fs.writeFileSync(path.join(path.dirname(file), "gu.po"), po);
  }
}

// NOTE: the copy's checks run on a SQLite file of their own whatever database the run names, so the
// PostgreSQL run would repeat them exactly (about a minute of processor time): they run on SQLite only, as the
// journeys about looks do (decision 076).
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a fourth language added as the README says is found by the catalogue check, the server and the screens",
  () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "fourth-language-"));
    try {
      copyProject(project);
      addToTheList(project);
      translate(project);
      const run = (command: string, args: string[]) =>
        execFileSync(command, args, {
          cwd: project,
          encoding: "utf8",
          stdio: "pipe",
          // NOTE: the copy's server check runs on a SQLite file of its own whatever database this run uses.
          env: { ...process.env, TEST_DATABASE_URL: "", CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
        });
      expect(run("npx", ["tsx", "scripts/check-i18n.ts"])).toContain("up to date and translated");
      for (const check of CHECKS)
        fs.renameSync(path.join(project, check), path.join(project, check.replace(".check.", ".test.")));
      const checks = CHECKS.map((check) => check.replace(".check.", ".test."));
      const output = run("npx", ["vitest", "run", "--reporter=dot", ...checks]);
      // Five mails and an API error on the server, three screens in the browser.
      expect(output).toMatch(/Tests +9 passed \(9\)/);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  },
  300_000,
);
