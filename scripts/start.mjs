// `npm start`: serves the built shop (dist/app, dist/client) with plain Node: no TypeScript compiler, no dev
// dependencies, so it runs after `npm prune --omit=dev` and restarts in seconds. Builds first only when
// nothing is built (a fresh clone after `npm install`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = path.join(root, "dist/app/server/main.js");
const client = path.join(root, "dist/client/index.html");
if (!fs.existsSync(server) || !fs.existsSync(client)) {
  console.log("Nothing is built yet: running `npm run build` first.");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(server).href);
