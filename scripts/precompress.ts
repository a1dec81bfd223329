/**
 * After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the built client,
 * so the server sends compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(process.argv[2] ?? "dist/client");
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".txt"]);
/**
 * NOTE: a drawn page's script is partly small shared chunks (0.1–1 KB each, about 15 of them); compressed they
 * are a third to a half smaller. A copy that would not be smaller is not written.
 */
const MIN_BYTES = 256;

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
  const gzip = zlib.gzipSync(bytes, { level: 9 });
  if (brotli.length >= bytes.length) continue;
  fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
  before += bytes.length;
  afterBrotli += brotli.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} KiB of assets to ${(afterBrotli / 1024).toFixed(0)} KiB (brotli)`,
);
