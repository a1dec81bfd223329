/**
 * After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the built client,
 * so the server sends compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(process.argv[2] ?? "dist/client");
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".txt"]);
const MIN_BYTES = 1024;

let before = 0;
let afterBrotli = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  afterBrotli += brotli.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} KiB of assets to ${(afterBrotli / 1024).toFixed(0)} KiB (brotli)`,
);
