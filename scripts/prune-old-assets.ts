/**
 * Part of `npm run build`: Vite writes new hashed assets beside the previous build's (emptyOutDir is off),
 * so a tab opened before a release can still load the chunks it knows; this removes those older than a day.
 */
import fs from "node:fs";
import path from "node:path";

const DAY_MS = 24 * 60 * 60 * 1000;
const dir = path.resolve("dist/client/assets");
let removed = 0;
if (fs.existsSync(dir)) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > DAY_MS) {
      fs.rmSync(file);
      removed += 1;
    }
  }
}
// NOTE: a source map must never be served; none is built, and one left by an older build goes now.
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (name.endsWith(".map")) fs.rmSync(path.join(dir, name));
}
if (removed > 0) console.log(`removed ${removed} assets older than a day`);
