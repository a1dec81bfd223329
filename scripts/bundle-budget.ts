/**
 * The last step of `npm run build`: fails the build when the client's JavaScript passes its budget, measured as
 * the server sends it (Brotli, the `.br` files precompress.ts wrote).
 *   - the first screen (/login): the entry script and every module it preloads, as index.html names them;
 *   - every other chunk (a later route's own code, loaded on first visit): on its own.
 * Decisions 012, 040 and 043 record the budgets. NOTE: a server-drawn /login in English preloads nothing more
 * (src/server/http/spa.ts), so index.html names all the script the first screen loads.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? "dist/client");
const KB = 1000;
/**
 * NOTE: a ratchet at today's size plus a little, now at the goal of 100 KB (decision 012). 138 → 146 KB for the
 * languages (decision 032): Lingui's runtime 3.0 KB, the English catalogues of the shell and the sign-in
 * screens, the language menu and loader (137.2 → 145.0 KB measured). 146 → 147 KB for the shell's last texts
 * (issue 24): units, categories, stock and harvest labels, the toasts' names, in the shell's English catalogue
 * (145.0 → 146.0 KB measured). 147 → 123 KB (decision 037): the first screens are drawn by the server, so
 * zod and the schemas (23.2 KB) load when first needed; hydrating costs 0.3 KB, the error catalogue (API
 * errors checked by hand) 1.2 KB (147.1 → 122.3 KB measured). 123 → 112 KB (decision 040): react-toastify and
 * its styles load after hydration (5.5 KB), and the entry's modules come in one file instead of nine (4.7 KB)
 * (122.3 → 111.9 KB measured). 112 → 113 KB: what was typed before hydrating is handed to the app instead of
 * fields being read-only until then (lib/typed-early.ts; 111.9 → 112.2 KB measured). 113 → 100 KB, the goal
 * (decision 043): React Router in declarative mode, without its data router (112.4 → 97.7 KB measured).
 */
const FIRST_SCREEN_BUDGET = 100 * KB;
const ROUTE_CHUNK_BUDGET = 50 * KB;

const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const firstScreen = new Set(
  [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g),
  ].flatMap((m) => (m[1] ? [m[1]] : [])),
);
if (firstScreen.size === 0) throw new Error("bundle budget: index.html names no script");

const compressed = (file: string) => {
  const br = path.join(root, `${file}.br`);
  return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(root, file)).size;
};

const problems: string[] = [];
const firstScreenBytes = [...firstScreen].reduce((sum, file) => sum + compressed(file), 0);
if (firstScreenBytes > FIRST_SCREEN_BUDGET) {
  problems.push(
    `first screen (/login) JavaScript is ${(firstScreenBytes / KB).toFixed(1)} KB compressed, over its budget of ${FIRST_SCREEN_BUDGET / KB} KB`,
  );
}
/**
 * This build's chunks: those the entry reaches through the file names in its code. NOTE: the assets folder
 * also keeps the previous build's chunks for a day (prune-old-assets.ts); they are not this build's.
 */
function chunksOfThisBuild(): Set<string> {
  const reached = new Set<string>(firstScreen);
  const queue = [...firstScreen];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const code = fs.readFileSync(path.join(root, file), "utf8");
    for (const match of code.matchAll(/[\w.-]+\.js(?=["'`])/g)) {
      const chunk = `assets/${match[0].replace(/^\.\//, "")}`;
      if (!reached.has(chunk) && fs.existsSync(path.join(root, chunk))) {
        reached.add(chunk);
        queue.push(chunk);
      }
    }
  }
  return reached;
}

let largestChunk = { file: "", bytes: 0 };
for (const file of chunksOfThisBuild()) {
  if (firstScreen.has(file)) continue;
  const bytes = compressed(file);
  if (bytes > largestChunk.bytes) largestChunk = { file, bytes };
  if (bytes > ROUTE_CHUNK_BUDGET) {
    problems.push(
      `${file} is ${(bytes / KB).toFixed(1)} KB compressed, over the ${ROUTE_CHUNK_BUDGET / KB} KB a route chunk may be`,
    );
  }
}
console.log(
  `bundle budget: first screen ${(firstScreenBytes / KB).toFixed(1)} KB (budget ${FIRST_SCREEN_BUDGET / KB} KB), ` +
    `largest later chunk ${(largestChunk.bytes / KB).toFixed(1)} KB ${largestChunk.file} (budget ${ROUTE_CHUNK_BUDGET / KB} KB)`,
);
if (problems.length > 0) {
  for (const problem of problems) console.error(`bundle budget: ${problem}`);
  process.exit(1);
}
