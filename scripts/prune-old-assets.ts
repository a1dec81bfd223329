/**
 * Part of `npm run build`: Vite writes new hashed assets beside the previous build's (emptyOutDir is off),
 * so a tab opened before a release can still load the chunks it knows. An asset the new build no longer has
 * is retired: its retirement time is kept in `.vite/retired-assets.json`, and it is removed a day after
 * that, however old the file itself is (a release older than a day still gets its day).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const KEEP_RETIRED_MS = 24 * 60 * 60 * 1000;
/** Written by vite.config.ts: the files of assets/ the build just wrote. */
export const BUILT_ASSETS_FILE = ".vite/built-assets.json";
/** Each retired asset (path under the client folder) with when it left the build (ISO time). */
export const RETIRED_ASSETS_FILE = ".vite/retired-assets.json";

const readJson = <T>(file: string, fallback: T): T =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : fallback;

/** The asset a file belongs to: precompress.ts writes `.br` and `.gz` copies beside each one. */
const assetOf = (name: string) => name.replace(/\.(br|gz)$/, "");

export interface PruneResult {
  retired: number;
  removed: number;
}

export function pruneOldAssets(clientDir: string, now = new Date()): PruneResult {
  const assetsDir = path.join(clientDir, "assets");
  const builtFile = path.join(clientDir, BUILT_ASSETS_FILE);
  if (!fs.existsSync(assetsDir)) return { retired: 0, removed: 0 };
  // NOTE: without the list of what was built, nothing can be told apart; keeping everything is the safe side.
  if (!fs.existsSync(builtFile)) throw new Error(`${builtFile} is missing: run vite build first`);
  const built = new Set(readJson<string[]>(builtFile, []));
  const retiredFile = path.join(clientDir, RETIRED_ASSETS_FILE);
  const previously = readJson<Record<string, string>>(retiredFile, {});
  const retired: Record<string, string> = {};
  let removed = 0;
  for (const name of fs.readdirSync(assetsDir).sort()) {
    const file = path.join(assetsDir, name);
    // NOTE: a source map must never be served; none is built, and one left by an older build goes now.
    if (name.endsWith(".map")) {
      fs.rmSync(file);
      continue;
    }
    const asset = `assets/${assetOf(name)}`;
    if (built.has(asset)) continue;
    const retiredAt = previously[asset] ?? retired[asset] ?? now.toISOString();
    if (now.getTime() - Date.parse(retiredAt) >= KEEP_RETIRED_MS) {
      fs.rmSync(file);
      removed += 1;
    } else {
      retired[asset] = retiredAt;
    }
  }
  fs.mkdirSync(path.dirname(retiredFile), { recursive: true });
  fs.writeFileSync(retiredFile, `${JSON.stringify(retired, null, 2)}\n`);
  const newlyRetired = Object.keys(retired).filter((asset) => !(asset in previously)).length;
  return { retired: newlyRetired, removed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { retired, removed } = pruneOldAssets(path.resolve("dist/client"));
  if (retired > 0) console.log(`kept ${retired} assets of the previous build for a day`);
  if (removed > 0) console.log(`removed ${removed} files retired more than a day ago`);
}
