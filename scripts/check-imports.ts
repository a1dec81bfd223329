/**
 * The server's walls, checked by `npm run lint` (decision 015):
 * - every folder under src/server (a domain, or the plumbing `db`, `http`, `mail`) has an `index.ts`, its
 *   public surface, and a file outside the folder imports that `index.ts` only;
 * - no import cycle among the server's files (type-only imports count: a cycle of types is still a knot a
 *   reader has to untie).
 * `src/server/test` (the test harness) may import anything; everything may import the harness and the root
 * files (`config.ts`). Biome cannot say "another folder than mine" without one rule per folder, hence a script.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "src/server");
const HARNESS = "test";

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The folder directly under src/server a file lives in, or null for a root file (app.ts, config.ts). */
function moduleOf(file: string): string | null {
  const parts = path.relative(serverDir, file).split(path.sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const rel = (file: string) => path.relative(root, file);

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => path.resolve(path.dirname(file), name));
}

const files = sourceFiles(serverDir);
const problems: string[] = [];

const modules = new Set(files.map(moduleOf).filter((m): m is string => m !== null && m !== HARNESS));
for (const name of modules) {
  if (!fs.existsSync(path.join(serverDir, name, "index.ts"))) {
    problems.push(`src/server/${name} has no index.ts (its public surface)`);
  }
}

const graph = new Map<string, string[]>();
for (const file of files) {
  const from = moduleOf(file);
  const targets = importsOf(file);
  if (!isTest(file) && from !== HARNESS) {
    graph.set(
      file,
      targets.filter((target) => target.startsWith(serverDir) && !isTest(target)),
    );
  }
  if (from === HARNESS) continue;
  for (const target of targets) {
    if (!target.startsWith(serverDir + path.sep)) continue;
    const to = moduleOf(target);
    if (to === null || to === HARNESS || to === from) continue;
    if (target !== path.join(serverDir, to, "index.ts")) {
      problems.push(
        `${rel(file)} imports ${rel(target)}: another domain is reached through src/server/${to}/index.ts only`,
      );
    }
  }
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let counter = 0;
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
function visit(file: string): void {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfLoop = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfLoop) {
      problems.push(`import cycle: ${component.map(rel).sort().join(" ↔ ")}`);
    }
  }
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `check-imports: ${files.length} server files, ${modules.size} folders with a public surface, no cycle`,
);
