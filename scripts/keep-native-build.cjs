/**
 * Keeps better-sqlite3's compiled addon where its installer looks before it downloads one.
 *
 * better-sqlite3 installs through prebuild-install, which first looks for the prebuilt binary in npm's cache
 * (`_prebuilds` in npm's cache folder), then downloads it from GitHub, then compiles SQLite from source. Here
 * only the npm registry is reachable, so every clean install compiled SQLite: about 60 s of one core, the
 * longest step of `.ci/run`'s install (decision 019). Run after an install, this packs the addon that install
 * compiled into that cache, as the download would have left it, so the next install on this machine unpacks
 * it in a second. It does nothing when the cache already holds it; a new machine compiles once, as before.
 */
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

const packageDir = path.dirname(require.resolve("better-sqlite3/package.json"));
const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8"));
const addon = path.join("build", "Release", "better_sqlite3.node");

// NOTE: prebuild-install's own functions name the file it would download and where it caches it, so the
// name follows its version, Node's ABI, the platform and the architecture exactly.
const prebuildRc = require(require.resolve("prebuild-install/rc", { paths: [packageDir] }));
const util = require(require.resolve("prebuild-install/util", { paths: [packageDir] }));
const opts = { ...prebuildRc(pkg), pkg, path: packageDir };
const cached = util.cachedPrebuild(util.getDownloadUrl(opts));

if (fs.existsSync(cached)) {
  console.log(`better-sqlite3: its compiled addon is already in npm's cache (${path.basename(cached)})`);
  process.exit(0);
}
if (!fs.existsSync(path.join(packageDir, addon))) {
  console.log("better-sqlite3: no compiled addon to keep");
  process.exit(0);
}
const tar = require(
  require.resolve("tar-fs", { paths: [path.dirname(require.resolve("prebuild-install"))] }),
);
fs.mkdirSync(path.dirname(cached), { recursive: true });
const temporary = `${cached}.${process.pid}.tmp`;
tar
  .pack(packageDir, { entries: [addon] })
  .pipe(zlib.createGzip())
  .pipe(fs.createWriteStream(temporary))
  .on("finish", () => {
    // NOTE: renamed into place only once whole, so an install never unpacks half a file.
    fs.renameSync(temporary, cached);
    console.log(`better-sqlite3: kept its compiled addon in npm's cache (${path.basename(cached)})`);
  });
