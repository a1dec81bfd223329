import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILT_ASSETS_FILE, KEEP_RETIRED_MS, pruneOldAssets } from "./prune-old-assets.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-assets-"));
  fs.mkdirSync(path.join(dir, "assets"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What `vite build` leaves: the named assets written (with their precompressed copies) and listed as built. */
function build(names: string[], fileAge = 0) {
  for (const name of names) {
    for (const file of [name, `${name}.br`, `${name}.gz`]) {
      const full = path.join(dir, "assets", file);
      if (!fs.existsSync(full)) fs.writeFileSync(full, name);
      const time = new Date(Date.now() - fileAge);
      fs.utimesSync(full, time, time);
    }
  }
  fs.mkdirSync(path.join(dir, ".vite"), { recursive: true });
  fs.writeFileSync(path.join(dir, BUILT_ASSETS_FILE), JSON.stringify(names.map((name) => `assets/${name}`)));
}
const files = () => fs.readdirSync(path.join(dir, "assets")).sort();
const later = (ms: number) => new Date(Date.now() + ms);

describe("pruning the previous builds' assets", () => {
  it("keeps an asset of a release older than a day for a day after the build that retired it", () => {
    build(["index-old.js"], 10 * KEEP_RETIRED_MS);
    build(["index-new.js"]);
    pruneOldAssets(dir);
    expect(files()).toContain("index-old.js");
    expect(files()).toContain("index-old.js.br");

    build(["index-newer.js"]);
    pruneOldAssets(dir, later(KEEP_RETIRED_MS - 60_000));
    expect(files()).toContain("index-old.js");
    expect(files()).toContain("index-new.js");

    pruneOldAssets(dir, later(KEEP_RETIRED_MS + 60_000));
    expect(files()).not.toContain("index-old.js");
    expect(files()).not.toContain("index-old.js.gz");
    expect(files()).toContain("index-new.js");
    expect(files()).toContain("index-newer.js");
  });

  it("never removes what the current build wrote, even when an older build had retired it", () => {
    build(["shared.js", "a.js"]);
    build(["a.js"]);
    pruneOldAssets(dir);
    build(["shared.js", "a.js"]);
    pruneOldAssets(dir, later(2 * KEEP_RETIRED_MS));
    expect(files()).toEqual(["a.js", "a.js.br", "a.js.gz", "shared.js", "shared.js.br", "shared.js.gz"]);
  });

  it("removes source maps at once", () => {
    build(["a.js"]);
    fs.writeFileSync(path.join(dir, "assets", "a.js.map"), "{}");
    pruneOldAssets(dir);
    expect(files()).not.toContain("a.js.map");
  });
});
